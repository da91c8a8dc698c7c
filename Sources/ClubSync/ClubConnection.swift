import CCurl
import Localization
import Synchronization

/// One libcurl easy handle kept across a pass's requests, so they share one connection (and one TLS
/// handshake) instead of each opening its own: on a sideline's slow link every new connection costs
/// two round trips before a byte of the request. libcurl keeps the live connection and the TLS session
/// in the handle between transfers; `curl_easy_reset` before each clears the options, not those.
/// A connection that died (the server's idle timeout, a cut link) is noticed by libcurl and opened again.
/// The handle is made at the first transfer: only a process that sends a request opens libcurl.
final class ClubConnection: Sendable {
    /// The easy handle, once made: a C pointer, only used inside the mutex, one transfer at a time.
    private struct Handle: @unchecked Sendable {
        // @unchecked: the pointer is libcurl's handle, touched only with the mutex held (`transfer`) or
        // in deinit, when no other reference to the connection is left.
        let pointer: UnsafeMutableRawPointer
    }
    private let handle = Mutex<Handle?>(nil)

    init() {}

    deinit { handle.withLock { if let pointer = $0?.pointer { sideline_curl_easy_cleanup(pointer) } } }

    /// `body` with the handle, its options at libcurl's defaults; a `ClubTransportError` when libcurl
    /// could not be opened or started. The options are cleared again after it: they point into the
    /// request's own buffers (the body, the headers, the error text), which do not outlive `body`.
    func transfer<T: Sendable>(_ body: (UnsafeMutableRawPointer) -> T) -> Result<T, ClubTransportError> {
        handle.withLock { handle in
            if handle == nil {
                if let missing = ClubHTTP.libcurlMissing { return .failure(missing) }
                guard let made = sideline_curl_easy_init() else {
                    return .failure(ClubTransportError(message: Message(N_("libcurl could not start")), isLocal: true))
                }
                handle = Handle(pointer: made)
            }
            let pointer = handle!.pointer
            sideline_curl_easy_reset(pointer)
            defer { sideline_curl_easy_reset(pointer) }
            return .success(body(pointer))
        }
    }
}
