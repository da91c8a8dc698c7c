import BLEHost
import Glibc

/// `hci-tcp:HOST:PORT`: an H4 byte stream over TCP (emulated controllers, remote dongles).
public final class TCPTransport: ByteTransport {
    public let pollDescriptor: Int32
    public let label: String

    public init(host: String, port: UInt16) throws(TransportError) {
        label = "hci-tcp:\(host):\(port)"
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = SocketType.stream
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw TransportError("cannot resolve host '\(host)'", label: label)
        }
        defer { freeaddrinfo(list) }
        var fd: Int32 = -1
        var lastError: Int32 = 0
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            fd = socket(info.pointee.ai_family, info.pointee.ai_socktype | SocketType.closeOnExec, info.pointee.ai_protocol)
            if fd >= 0 {
                if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { break }
                lastError = errno
                Glibc.close(fd)
                fd = -1
            }
            entry = info.pointee.ai_next
        }
        guard fd >= 0 else {
            throw TransportError("cannot connect (\(String(cString: strerror(lastError)))); is the controller (or emulator) listening there?", label: label)
        }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        pollDescriptor = fd
    }

    public func read(into buffer: inout [UInt8]) throws -> Int {
        let n = buffer.withUnsafeMutableBytes { recv(pollDescriptor, $0.baseAddress, $0.count, 0) }
        if n > 0 { return n }
        if n == 0 { throw TransportError("the controller closed the connection", label: label) }
        if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return 0 }
        throw TransportError("read failed (\(String(cString: strerror(errno))))", label: label)
    }

    public func write(_ bytes: [UInt8]) throws {
        try writeAll(fd: pollDescriptor, bytes, label: label)
    }

    public func close() { Glibc.close(pollDescriptor) }
}

/// Writes every byte to a non-blocking descriptor, waiting for room when the peer is slow.
func writeAll(fd: Int32, _ bytes: [UInt8], label: String) throws(TransportError) {
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
        if n > 0 { offset += n; continue }
        if n < 0, errno == EAGAIN || errno == EINTR {
            var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&p, 1, 100)
            continue
        }
        throw TransportError("write failed (\(String(cString: strerror(errno))))", label: label)
    }
}
