/// Linux socket type flags. Glibc's Swift overlay does not always expose the
/// `__socket_type` enum, so the kernel ABI values are spelled out here.
enum SocketType {
    static let stream: Int32 = 1
    static let raw: Int32 = 3
    static let closeOnExec: Int32 = 0o2000000
    static let nonBlocking: Int32 = 0o4000
}
