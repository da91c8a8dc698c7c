import BLEHost
import CBluetooth
import Glibc
import Localization

/// `hci-user:hciN`: exclusive use of an adapter through BlueZ's HCI user channel
/// (the kiosk appliance setup: bluetoothd must not hold the adapter). Each read
/// returns one H4 packet, so the same host engine runs unchanged.
public final class HCIUserChannelTransport: ByteTransport {
    public let pollDescriptor: Int32
    public let label: String

    /// Its refusals without values are marked for the catalogs: `SensorHub` says them in the person's language.
    public init(deviceIndex: UInt16) throws(TransportError) {
        label = "hci-user:hci\(deviceIndex)"
        let fd = socket(AF_BLUETOOTH, SocketType.raw | SocketType.closeOnExec | SocketType.nonBlocking, BTPROTO_HCI)
        guard fd >= 0 else {
            let e = errno
            if e == EAFNOSUPPORT || e == EPROTONOSUPPORT {
                throw TransportError(N_("this kernel has no Bluetooth (AF_BLUETOOTH unavailable); load the bluetooth module, or use --source hci-tcp:HOST:PORT"), label: label)
            }
            throw TransportError("cannot open an HCI socket (\(String(cString: strerror(e))))", label: label)
        }
        var address = sockaddr_hci()
        address.hci_family = sa_family_t(AF_BLUETOOTH)
        address.hci_dev = deviceIndex
        address.hci_channel = UInt16(HCI_CHANNEL_USER)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_hci>.size)) }
        }
        guard bound == 0 else {
            let e = errno
            Glibc.close(fd)
            switch e {
            case EBUSY: throw TransportError("adapter is busy (bluetoothd or another program holds it); run `sudo btmgmt --index \(deviceIndex) power off` or stop bluetooth.service, or use --source bluez:hci\(deviceIndex)", label: label)
            case EPERM, EACCES: throw TransportError(N_("permission denied; run as root or grant `sudo setcap cap_net_admin,cap_net_raw+ep $(which sideline)`"), label: label)
            case ENODEV: throw TransportError(N_("no such adapter; list adapters with `btmgmt info` or `ls /sys/class/bluetooth`"), label: label)
            default: throw TransportError("cannot bind the HCI user channel (\(String(cString: strerror(e))))", label: label)
            }
        }
        pollDescriptor = fd
    }

    public func read(into buffer: inout [UInt8]) throws -> Int {
        let n = buffer.withUnsafeMutableBytes { Glibc.read(pollDescriptor, $0.baseAddress, $0.count) }
        if n > 0 { return n }
        if n == 0 || (errno != EAGAIN && errno != EINTR) {
            throw TransportError("adapter went away (\(String(cString: strerror(errno)))); is it unplugged or reset?", label: label)
        }
        return 0
    }

    public func write(_ bytes: [UInt8]) throws {
        let n = bytes.withUnsafeBytes { Glibc.write(pollDescriptor, $0.baseAddress, $0.count) }
        guard n == bytes.count else { throw TransportError("write failed (\(String(cString: strerror(errno))))", label: label) }
    }

    public func close() { Glibc.close(pollDescriptor) }
}
