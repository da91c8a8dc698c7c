import ClubStorage
import Foundation

/// `multipart/form-data` (RFC 7578) as a browser sends a form with a file: parts between boundary
/// lines, each with its headers. Only what a form needs: a part's name, a file's name and type.
/// The body is bounded before it gets here; anything out of shape is a 400.
enum MultipartForm {
    static func parse(_ body: Data, contentType: String) throws -> FormData {
        guard let boundary = boundary(of: contentType) else {
            throw ClubError.badRequest("multipart/form-data without a boundary")
        }
        let bytes = [UInt8](body)
        let delimiter = Array("--\(boundary)".utf8)
        var form = FormData()
        guard var at = find(delimiter, in: bytes, from: 0) else { throw ClubError.badRequest("the form has no part") }
        while true {
            at += delimiter.count
            // "--" after a delimiter ends the form.
            if at + 2 <= bytes.count, bytes[at] == UInt8(ascii: "-"), bytes[at + 1] == UInt8(ascii: "-") { return form }
            guard at + 2 <= bytes.count, bytes[at] == 13, bytes[at + 1] == 10 else { throw ClubError.badRequest("a form part's boundary line is malformed") }
            at += 2
            guard let headerEnd = find([13, 10, 13, 10], in: bytes, from: at) else { throw ClubError.badRequest("a form part has no end to its headers") }
            let headers = String(decoding: bytes[at..<headerEnd], as: UTF8.self)
            let contentStart = headerEnd + 4
            guard let next = find([13, 10] + delimiter, in: bytes, from: contentStart) else { throw ClubError.badRequest("a form part does not end") }
            let content = Data(bytes[contentStart..<next])
            try add(headers: headers, content: content, to: &form)
            at = next + 2
        }
    }

    private static func add(headers: String, content: Data, to form: inout FormData) throws {
        var disposition = "", type = "application/octet-stream"
        for line in headers.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            switch parts[0].lowercased() {
            case "content-disposition": disposition = String(parts[1])
            case "content-type": type = parts[1].trimmingCharacters(in: .whitespaces)
            default: break
            }
        }
        guard let name = parameter("name", of: disposition), !name.isEmpty else { throw ClubError.badRequest("a form part has no name") }
        if let filename = parameter("filename", of: disposition) {
            // A file input left empty still sends its part, with no name and no bytes.
            if !filename.isEmpty || !content.isEmpty { form.files[name] = FormData.File(filename: filename, contentType: type, bytes: content) }
        } else {
            guard let text = String(data: content, encoding: .utf8) else { throw ClubError.badRequest("the form's field '\(name.prefix(40))' is not UTF-8") }
            form.fields[name] = text
        }
    }

    /// `boundary=…` of the Content-Type, quoted or not (RFC 2046: 1 to 70 characters).
    static func boundary(of contentType: String) -> String? {
        guard let value = parameter("boundary", of: contentType), (1...70).contains(value.count) else { return nil }
        return value
    }

    /// A `key=value` or `key="value"` parameter of a header's value.
    static func parameter(_ key: String, of header: String) -> String? {
        for piece in header.split(separator: ";") {
            let kv = piece.split(separator: "=", maxSplits: 1)
            guard kv.count == 2, kv[0].trimmingCharacters(in: .whitespaces).lowercased() == key else { continue }
            var value = kv[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return value
        }
        return nil
    }

    /// The first index of `needle` in `haystack` at or after `start`.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        let first = needle[0]
        var i = start
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == first {
                var j = 1
                while j < needle.count, haystack[i + j] == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
    }
}
