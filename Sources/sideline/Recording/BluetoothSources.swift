import ArgumentParser
import BlueZTransport
import SensorHub

/// Bluetooth settings shared by `record` and `scan`.
struct BluetoothOptions: ParsableArguments {
    @Option(help: "Read broadcast heart rates (Polar 0x006B) instead of connecting: never, always, over-budget.")
    var broadcast: String = BroadcastPolicy.overBudget.rawValue
    @Option(help: "Simultaneous connections per controller.")
    var maxConnections: Int = 7
    @Flag(help: "Log discarded Bluetooth packets.") var bluetoothVerbose = false

    func validate() throws {
        guard BroadcastPolicy(rawValue: broadcast) != nil else { throw ValidationError("--broadcast must be never, always or over-budget") }
        guard (1...32).contains(maxConnections) else { throw ValidationError("--max-connections must be between 1 and 32") }
    }

    /// A Bluetooth source over every `--source` controller; all must be Bluetooth.
    func makeSource(specs: [SourceSpec]) throws -> BluetoothSource {
        var openers: [BluetoothSource.ControllerOpener] = []
        for spec in specs {
            switch spec {
            case .controller(let address):
                openers.append(.init(label: address.description) { try address.open() })
            case .bluez(let adapter):
                throw UserError("--source bluez:\(adapter) is not available in this build yet; use hci-user:\(adapter) with bluetoothd stopped for that adapter, or hci-tcp:HOST:PORT")
            case .simulated:
                throw UserError("--source sim:N cannot be mixed with Bluetooth controllers")
            }
        }
        var settings = BluetoothSource.Settings()
        settings.broadcastPolicy = BroadcastPolicy(rawValue: broadcast) ?? .overBudget
        settings.maxConnectionsPerController = maxConnections
        settings.verbose = bluetoothVerbose
        return BluetoothSource(controllers: openers, settings: settings)
    }
}
