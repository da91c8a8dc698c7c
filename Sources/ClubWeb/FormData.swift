import ClubStorage
import Foundation

/// A submitted form's fields, from `application/x-www-form-urlencoded` or `multipart/form-data`
/// (a file field's bytes kept apart). A malformed body is a 400 with a plain message, never a 5xx.
struct FormData: Sendable {
    struct File: Sendable {
        var filename: String
        var contentType: String
        var bytes: Data
    }

    var fields: [String: String] = [:]
    var files: [String: File] = [:]

    subscript(_ name: String) -> String? { fields[name] }

    /// A field's text with the spaces around it taken off; "" when it is missing.
    func text(_ name: String) -> String { (fields[name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }

    /// `a=1&b=two+words&c=%C3%A9`.
    static func urlEncoded(_ body: Data) throws -> FormData {
        guard let text = String(data: body, encoding: .utf8) else { throw ClubError.badRequest("the form is not UTF-8") }
        var form = FormData()
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), let value = decode(parts.count > 1 ? parts[1] : "") else {
                throw ClubError.badRequest("the form's field '\(String(parts[0]).prefix(40))' is not percent-encoded text")
            }
            form.fields[name] = value
        }
        return form
    }

    private static func decode(_ part: Substring) -> String? {
        part.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// The form of a POST, as its Content-Type says.
    static func parse(_ body: Data, contentType: String?) throws -> FormData {
        let type = (contentType ?? "").lowercased()
        if type.hasPrefix("application/x-www-form-urlencoded") { return try urlEncoded(body) }
        if type.hasPrefix("multipart/form-data") { return try MultipartForm.parse(body, contentType: contentType ?? "") }
        throw ClubError(.unprocessable, "a form is sent as application/x-www-form-urlencoded or multipart/form-data")
    }
}
