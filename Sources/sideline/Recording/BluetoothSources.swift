import ArgumentParser
import BlueZTransport
import SensorHub

/// Bluetooth settings shared by `record` and `scan`.
struct BluetoothOptions: ParsableArguments {
    @Option(help: "Read broadcast heart rates (Polar 0x006B) instead of connecting: never, always, over-budget.")
    var broadcast: String = BroadcastPolicy.overBudget.rawValue
    @Option(parsing: .unconditional, help: "Simultaneous connections per controller (1 to 32).")
    var maxConnections: Int = 7
    @Flag(help: "Log discarded Bluetooth packets.") var bluetoothVerbose = false

    func validate() throws {
        guard BroadcastPolicy(rawValue: broadcast) != nil else { throw ValidationError("--broadcast must be never, always or over-budget") }
        guard (1...32).contains(maxConnections) else { throw ValidationError("--max-connections must be between 1 and 32") }
    }

    /// A Bluetooth source over every `--source` controller; all must be Bluetooth.
    /// `bluez:hciN` (bluetoothd's D-Bus API) stands alone: one adapter, no HCI controllers beside it.
    func makeSource(specs: [SourceSpec]) throws -> any StrapDiscovering {
        if case .bluez(let adapter)? = specs.first(where: { if case .bluez = $0 { true } else { false } }) {
            guard specs.count == 1 else {
                throw UserError("--source bluez:\(adapter) cannot be combined with other sources; give it alone")
            }
            var settings = BlueZDBusSource.Settings()
            settings.broadcastPolicy = BroadcastPolicy(rawValue: broadcast) ?? .overBudget
            settings.maxConnections = maxConnections
            settings.verbose = bluetoothVerbose
            return BlueZDBusSource(adapter: adapter, settings: settings)
        }
        var openers: [BluetoothSource.ControllerOpener] = []
        for spec in specs {
            switch spec {
            case .controller(let address):
                openers.append(.init(label: address.description) { try address.open() })
            case .bluez:
                break // handled above
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
