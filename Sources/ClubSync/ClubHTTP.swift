import CCurl
import Foundation
import Localization

/// An HTTP answer, its body bounded.
public struct ClubHTTPResponse: Sendable {
    public var status: Int
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: Data
}

/// Why a request got no answer: the network, the name, the certificate, a timeout — one line.
public struct ClubTransportError: Error, Equatable, CustomStringConvertible {
    /// The line as a message: a person reads it in their language, the log in English.
    public var message: Message
    /// The kiosk itself cannot send (libcurl missing), not the network or the server.
    public var isLocal = false

    public var description: String { message.english }
}

/// HTTPS through libcurl: the system's TLS (OpenSSL) with Debian's CA store, or a club's own CA
/// file; the server's certificate and name always verified; no redirects; a connect timeout and
/// a low-speed timeout so a dead network never hangs a pass; the answer read up to a bound.
/// Copies share one `ClubConnection`: a pass's requests go over one connection, one at a time.
public struct ClubHTTP: Sendable {
    public var caFile: String?
    public var connectTimeoutSeconds = 10
    /// A transfer slower than `lowSpeedBytes` a second for `lowSpeedSeconds` is given up.
    public var lowSpeedBytes = 100
    public var lowSpeedSeconds = 30
    public var maxResponseBytes = 16 * 1024 * 1024
    let connection = ClubConnection()

    public init(caFile: String? = nil) { self.caFile = caFile }

    /// Why libcurl cannot be used, or nil once it is open (and globally set up): tried once per process,
    /// at the first request. The package depends on libcurl; a board without it gets this one line.
    static let libcurlMissing: ClubTransportError? = {
        var reason = [CChar](repeating: 0, count: 512)
        guard sideline_curl_open(&reason, reason.count) != 0 else { return nil }
        let why = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return ClubTransportError(message: Message(N_("the club sync needs libcurl ({why}): install Debian's libcurl4t64 or libcurl4"), ["why": why]),
                                  isLocal: true)
    }()

    public func send(_ method: String, _ url: URL, headers: [String: String] = [:], body: Data? = nil) throws(ClubTransportError) -> ClubHTTPResponse {
        try connection.transfer { curl in perform(curl, method, url, headers: headers, body: body) }.get().get()
    }

    /// One request on the connection's handle (options set afresh: the handle was reset).
    private func perform(_ curl: UnsafeMutableRawPointer, _ method: String, _ url: URL, headers: [String: String],
                         body: Data?) -> Result<ClubHTTPResponse, ClubTransportError> {
        let sink = ResponseSink(limit: maxResponseBytes)
        // The sink lives until this function returns, after curl_easy_perform: the callbacks never outlive it.
        let sinkPointer = Unmanaged.passUnretained(sink).toOpaque()
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        var headerList: UnsafeMutablePointer<curl_slist>?
        defer { sideline_curl_slist_free_all(headerList) }
        for (name, value) in headers { headerList = sideline_curl_slist_append(headerList, "\(name): \(value)") }
        // Without a body, curl would add "Expect: 100-continue" to big PATCHes and wait a second for it.
        headerList = sideline_curl_slist_append(headerList, "Expect:")

        let code: CURLcode = errorBuffer.withUnsafeMutableBufferPointer { errors in
            // An empty body still needs a pointer curl will not read past: one byte, of which it sends none.
            let bodyBytes: [UInt8] = body.map { $0.isEmpty ? [0] : [UInt8]($0) } ?? []
            return bodyBytes.withUnsafeBufferPointer { bytes in
                func check(_ result: CURLcode) -> Bool { result == CURLE_OK }
                var ok = check(sideline_curl_set_string(curl, CURLOPT_URL, url.absoluteString))
                ok = ok && check(sideline_curl_set_pointer(curl, CURLOPT_ERRORBUFFER, errors.baseAddress))
                ok = ok && check(sideline_curl_set_long(curl, CURLOPT_NOSIGNAL, 1))
                ok = ok && check(sideline_curl_set_long(curl, CURLOPT_SSL_VERIFYPEER, 1))
                ok = ok && check(sideline_curl_set_long(curl, CURLOPT_SSL_VERIFYHOST, 2))
                ok = ok && check(sideline_curl_set_long(curl, CURLOPT_FOLLOWLOCATION, 0))
                ok = ok && check(sideline_curl_set_long(curl, CURLOPT_CONNECTTIMEOUT, connectTimeoutSeconds))
                ok = ok && check(sideline_curl_set_long(curl, CURLOPT_LOW_SPEED_LIMIT, lowSpeedBytes))
                ok = ok && check(sideline_curl_set_long(curl, CURLOPT_LOW_SPEED_TIME, lowSpeedSeconds))
                ok = ok && check(sideline_curl_set_string(curl, CURLOPT_PROTOCOLS_STR, "https,http"))
                if let caFile { ok = ok && check(sideline_curl_set_string(curl, CURLOPT_CAINFO, caFile)) }
                ok = ok && check(sideline_curl_set_pointer(curl, CURLOPT_HTTPHEADER, headerList))
                ok = ok && check(sideline_curl_set_callback(curl, CURLOPT_WRITEFUNCTION, responseBodyCallback))
                ok = ok && check(sideline_curl_set_pointer(curl, CURLOPT_WRITEDATA, sinkPointer))
                ok = ok && check(sideline_curl_set_callback(curl, CURLOPT_HEADERFUNCTION, responseHeaderCallback))
                ok = ok && check(sideline_curl_set_pointer(curl, CURLOPT_HEADERDATA, sinkPointer))
                switch method {
                case "GET": break
                case "HEAD": ok = ok && check(sideline_curl_set_long(curl, CURLOPT_NOBODY, 1))
                default:
                    ok = ok && check(sideline_curl_set_string(curl, CURLOPT_CUSTOMREQUEST, method))
                    if body != nil {
                        ok = ok && check(sideline_curl_set_off(curl, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body?.count ?? 0)))
                        // curl reads the bytes during curl_easy_perform below, inside this closure: they outlive it.
                        ok = ok && check(sideline_curl_set_pointer(curl, CURLOPT_POSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress)))
                    }
                }
                guard ok else { return CURLE_FAILED_INIT }
                return sideline_curl_easy_perform(curl)
            }
        }
        guard code == CURLE_OK else {
            if sink.overflowed { return .failure(ClubTransportError(message: Message(N_("the answer is larger than {size} KiB"), ["size": "\(maxResponseBytes / 1024)"]))) }
            var osError = 0
            _ = sideline_curl_os_errno(curl, &osError)
            let detail = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(ClubTransportError(message: Self.reason(code, detail: detail, osError: Int32(osError))))
        }
        // libcurl ends a transfer cut inside the response's headers with CURLE_OK and the status line it read:
        // that is a broken connection, not an answer (issue 35: it read as "refused (200): an answer this kiosk cannot read").
        guard sink.headersEnded else {
            return .failure(ClubTransportError(message: Message(N_("the connection broke inside the answer's headers"))))
        }
        var status = 0
        _ = sideline_curl_response_code(curl, &status)
        return .success(ClubHTTPResponse(status: status, headers: sink.headers, body: sink.body))
    }

    /// "connection refused", "certificate not trusted (…)": what a person reads in a status line.
    /// libcurl's and the system's own words (strerror, the TLS library's detail) stay as they come: English.
    static func reason(_ code: CURLcode, detail: String, osError: Int32) -> Message {
        let detail = detail.trimmingCharacters(in: .whitespacesAndNewlines)
        let last = detail.split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST: return Message(N_("unknown host"))
        case CURLE_COULDNT_CONNECT:
            switch osError {
            case ECONNREFUSED: return Message(N_("connection refused"))
            case EHOSTUNREACH: return Message(N_("no route to host"))
            case ENETUNREACH: return Message(N_("network is unreachable"))
            case ETIMEDOUT: return Message(N_("timed out"))
            case 0: return last.isEmpty ? Message(N_("cannot connect")) : Message(last.lowercased())
            default: return Message(String(cString: strerror(osError)).lowercased())
            }
        case CURLE_OPERATION_TIMEDOUT: return Message(N_("timed out"))
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CONNECT_ERROR:
            return Message(N_("its certificate is not trusted ({detail})"), ["detail": detail.isEmpty ? String(cString: sideline_curl_easy_strerror(code)) : detail])
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING: return Message(N_("the connection broke ({detail})"), ["detail": detail])
        default: return Message(detail.isEmpty ? String(cString: sideline_curl_easy_strerror(code)) : detail)
        }
    }
}

/// Where libcurl's callbacks put the answer. A class so one pointer reaches it from C.
private final class ResponseSink {
    let limit: Int
    var body = Data()
    var headers: [String: String] = [:]
    /// The empty line that ends the headers arrived (of the last response, after a 100 Continue).
    var headersEnded = false
    var overflowed = false
    init(limit: Int) { self.limit = limit }
}

/// The body, chunk by chunk; returning less than was given (0) makes curl stop with a write error.
private let responseBodyCallback: sideline_curl_data_callback = { data, size, count, user in
    guard let data, let user else { return 0 }
    let sink = Unmanaged<ResponseSink>.fromOpaque(user).takeUnretainedValue()
    let n = size * count
    guard sink.body.count + n <= sink.limit else {
        sink.overflowed = true
        return 0
    }
    data.withMemoryRebound(to: UInt8.self, capacity: n) { sink.body.append($0, count: n) }
    return n
}

/// One header line at a time ("Name: value\r\n"); a new status line (after a 100) starts over.
private let responseHeaderCallback: sideline_curl_data_callback = { data, size, count, user in
    guard let data, let user else { return 0 }
    let sink = Unmanaged<ResponseSink>.fromOpaque(user).takeUnretainedValue()
    let n = size * count
    let line = data.withMemoryRebound(to: UInt8.self, capacity: n) { String(decoding: UnsafeBufferPointer(start: $0, count: n), as: UTF8.self) }
    if line.hasPrefix("HTTP/") { (sink.headers, sink.headersEnded) = ([:], false) }
    if line == "\r\n" || line == "\n" { sink.headersEnded = true }
    if let colon = line.firstIndex(of: ":") {
        sink.headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
    }
    guard sink.headers.count <= 100 else { return 0 }
    return n
}
