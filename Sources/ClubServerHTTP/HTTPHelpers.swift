import ClubProtocol
import ClubStorage
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTP1
import TeamCore

/// Reading requests and writing answers the same way on every route: bodies read to a bound
/// (gzip bodies inflated to a bound), JSON decoded with a plain message on failure, answers as
/// JSON with a status.
package enum HTTP {
    package static let uploadOffset = HTTPField.Name("Upload-Offset")!
    package static let uploadLength = HTTPField.Name("Upload-Length")!

    /// The body, at most `limit` bytes as sent and as inflated.
    package static func body(_ request: Request, limit: Int) async throws -> Data {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw ClubError(.tooLarge, "the body is larger than \(limit) bytes")
        }
        let data = Data(buffer.readableBytesView)
        switch request.headers[.contentEncoding]?.lowercased() {
        case nil, "identity": return data
        case "gzip":
            do {
                return try Gzip.decompress(data, limit: limit)
            } catch {
                throw ClubError(error.isTooLarge ? .tooLarge : .badRequest, "Content-Encoding gzip: \(error.description)")
            }
        case let other?: throw ClubError(.unprocessable, "Content-Encoding '\(other)' is not gzip")
        }
    }

    package static func decode<T: Decodable>(_ type: T.Type, from request: Request, limit: Int) async throws -> T {
        let data = try await body(request, limit: limit)
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw ClubError.badRequest("the body is not a \(String(describing: type)): \(DecodingMessage.describe(error))")
        }
    }

    package static func json<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws -> Response {
        try json(data: CanonicalJSON.encode(value), status: status, headers: headers)
    }

    package static func json(data: Data, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func error(_ status: HTTPResponse.Status, _ message: String) -> Response {
        var headers: HTTPFields = [:]
        if status == .unauthorized { headers[.wwwAuthenticate] = "Bearer realm=\"sideline-club\"" }
        return json(data: (try? CanonicalJSON.encode(ErrorBody(error: message))) ?? Data(), status: status, headers: headers)
    }

    package static func status(of kind: ClubError.Kind) -> HTTPResponse.Status {
        switch kind {
        case .badRequest: .badRequest
        case .unauthorized: .unauthorized
        case .forbidden: .forbidden
        case .notFound: .notFound
        case .conflict, .concurrent: .conflict
        case .gone: .gone
        case .tooLarge: .contentTooLarge
        case .unprocessable: .unprocessableContent
        case .unavailable: .serviceUnavailable
        case .overQuota: .tooManyRequests
        }
    }

    /// The bearer token of the Authorization header.
    package static func bearer(_ request: Request) throws -> String {
        guard let header = request.headers[.authorization] else {
            throw ClubError(.unauthorized, "no Authorization header: send 'Authorization: Bearer TOKEN'")
        }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty, parts[1].count <= 200 else {
            throw ClubError(.unauthorized, "the Authorization header is not 'Bearer TOKEN'")
        }
        return String(parts[1])
    }

    /// `?on=YYYY-MM-DD`, else today (the server's local day).
    package static func day(_ request: Request) throws -> CalendarDay {
        guard let text = request.uri.queryParameters["on"], !text.isEmpty else { return CalendarDay(Date(), in: .current) }
        guard let day = CalendarDay(iso: String(text)) else { throw ClubError.badRequest("'\(text.prefix(20))' is not a day like 2026-03-14") }
        return day
    }

    package static func uuidParameter(_ context: some RequestContext, _ name: String) throws -> UUID {
        guard let text = context.parameters.get(name), let uuid = UUID(uuidString: text) else {
            throw ClubError.badRequest("'\(context.parameters.get(name) ?? "")' is not a UUID")
        }
        return uuid
    }
}

/// Every failure becomes a 4xx with a plain message (a 5xx only when the database or the server
/// itself fails), so a malformed request never sees a stack trace or an empty answer.
package struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    package init() {}

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as ClubError {
            if error.kind == .unavailable { context.logger.error("\(error.message)") }
            return HTTP.error(HTTP.status(of: error.kind), error.message)
        } catch let error as HTTPError {
            return HTTP.error(error.status, error.body ?? error.status.reasonPhrase)
        } catch is NIOTooManyBytesError {
            return HTTP.error(.contentTooLarge, "the body is too large")
        } catch let error as PSQLErrorDescribable {
            context.logger.error("PostgreSQL: \(error.oneLine)")
            return HTTP.error(.serviceUnavailable, "the club's database is not available; try again")
        } catch where ClientWentAway.matches(error) {
            // Nothing failed here and nobody reads an answer: a notice, not a server error with a 500 (issue 35).
            context.logger.notice("\(request.method) \(request.uri.path): the client went away before its request ended (\(String(describing: error)))")
            return HTTP.error(.badRequest, "the request ended before its body")
        } catch {
            context.logger.error("\(request.method) \(request.uri.path): \(String(reflecting: error))")
            return HTTP.error(.internalServerError, "the server failed; it is logged")
        }
    }
}

/// A request its client abandoned while the server read it: the connection closed mid-body (the parser's
/// end of stream), or reset (a killed pass, a cut link).
enum ClientWentAway {
    static func matches(_ error: any Error) -> Bool {
        switch error {
        case let parser as HTTPParserError: parser == .invalidEOFState
        case let io as IOError: [ECONNRESET, EPIPE].contains(io.errnoCode)
        case let channel as ChannelError: channel == .eof || channel == .ioOnClosedChannel
        default: false
        }
    }
}
