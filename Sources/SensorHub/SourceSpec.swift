import BlueZTransport
import Localization
import SensorCore

/// A `--source` value: where heart rates come from.
public enum SourceSpec: Equatable, Sendable {
    /// N simulated straps.
    case simulated(count: Int)
    /// A Bluetooth controller driven by Sideline's own HCI host (hci-tcp:HOST:PORT, hci-user:hciN).
    case controller(TransportAddress)
    /// An adapter kept by bluetoothd, through its D-Bus API (bluez:hciN).
    case bluez(adapter: String)

    public init(parsing text: String) throws {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        switch parts.first {
        case "sim":
            guard parts.count == 2, let n = Int(parts[1]), (1...200).contains(n) else {
                throw SensorSourceError(Message(N_("--source sim:N needs a number of straps from 1 to 200, e.g. sim:12")))
            }
            self = .simulated(count: n)
        case "hci-tcp", "hci-user":
            guard let address = TransportAddress(text) else {
                throw SensorSourceError(Message(N_("--source '{source}' is not hci-tcp:HOST:PORT (e.g. hci-tcp:127.0.0.1:9100) or hci-user:hciN (e.g. hci-user:hci0)"), ["source": text]))
            }
            self = .controller(address)
        case "bluez":
            guard parts.count == 2, parts[1].hasPrefix("hci"), Int(parts[1].dropFirst(3)) != nil else {
                throw SensorSourceError(Message(N_("--source '{source}' is not bluez:hciN (e.g. bluez:hci0)"), ["source": text]))
            }
            self = .bluez(adapter: parts[1])
        default:
            throw SensorSourceError(Message(N_("unknown --source '{source}'; use sim:N, hci-tcp:HOST:PORT, hci-user:hciN or bluez:hciN"), ["source": text]))
        }
    }
}
