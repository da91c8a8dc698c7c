import ArgumentParser
import Localization
import SensorHub

/// Bluetooth flags shared by `record`, `scan` and the kiosk.
struct BluetoothOptions: ParsableArguments {
    @Option(help: "Read broadcast heart rates (Polar 0x006B) instead of connecting: never, always, over-budget.")
    var broadcast: String = BroadcastPolicy.overBudget.rawValue
    @Option(parsing: .unconditional, help: "Simultaneous connections per controller (1 to 32); through bluetoothd (bluez:hciN), in total on its adapter.")
    var maxConnections: Int = 7
    @Flag(help: "Log discarded Bluetooth packets.") var bluetoothVerbose = false

    func validate() throws {
        guard BroadcastPolicy(rawValue: broadcast) != nil else { throw ValidationError(tr("--broadcast must be never, always or over-budget")) }
        guard (1...32).contains(maxConnections) else { throw ValidationError(tr("--max-connections must be between 1 and 32")) }
    }

    var setup: BluetoothSetup { Self.setup(broadcast: broadcast, maxConnections: maxConnections, verbose: bluetoothVerbose) }

    /// The setup of these flags' values (the kiosk's hand parse has them without ArgumentParser: `KioskOptions`).
    static func setup(broadcast: String, maxConnections: Int, verbose: Bool) -> BluetoothSetup {
        var setup = BluetoothSetup()
        setup.broadcastPolicy = BroadcastPolicy(rawValue: broadcast) ?? .overBudget
        setup.maxConnectionsPerController = maxConnections
        setup.verbose = verbose
        return setup
    }
}
