import CCurl
import Synchronization

/// One libcurl easy handle kept across a pass's requests, so they share one connection (and one TLS
/// handshake) instead of each opening its own: on a sideline's slow link every new connection costs
/// two round trips before a byte of the request. libcurl keeps the live connection and the TLS session
/// in the handle between transfers; `curl_easy_reset` before each clears the options, not those.
/// A connection that died (the server's idle timeout, a cut link) is noticed by libcurl and opened again.
final class ClubConnection: @unchecked Sendable {
    // @unchecked: `handle` is a C pointer Swift cannot check; it is only used inside `lock`, one
    // transfer at a time, and freed in deinit, when no other reference is left.
    private let handle: UnsafeMutableRawPointer?
    private let lock = Mutex(())

    init() { handle = ClubHTTP.initialised ? curl_easy_init() : nil }

    deinit { if let handle { curl_easy_cleanup(handle) } }

    /// `body` with the handle, its options at libcurl's defaults; nil when libcurl could not start. The
    /// options are cleared again after it: they point into the request's own buffers (the body, the
    /// headers, the error text), which do not outlive `body`.
    func transfer<T: Sendable>(_ body: (UnsafeMutableRawPointer) -> T) -> T? {
        lock.withLock { _ in
            guard let handle else { return nil }
            curl_easy_reset(handle)
            defer { curl_easy_reset(handle) }
            return body(handle)
        }
    }
}
