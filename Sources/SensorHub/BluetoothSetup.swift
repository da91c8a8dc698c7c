import BlueZTransport
import Localization
import SensorCore

/// How a Bluetooth source is set up, whichever host drives it: what `record`, `scan` and the kiosk
/// were told on the command line, kept by the kiosk to build a source again when the coach switches.
/// Each source's `Settings` holds it, beside what only that host has.
public struct BluetoothSetup: Sendable, Equatable {
    public var broadcastPolicy = BroadcastPolicy.overBudget
    /// Links each controller holds at once (a Pi 4's onboard chip holds 2–3 reliably). bluetoothd
    /// drives one adapter, so there it is also the total.
    public var maxConnectionsPerController = 7
    /// Log discarded packets.
    public var verbose = false
    /// An adapter (or bluetoothd) that cannot be opened at start is waited for — shown as a problem,
    /// retried with backoff — instead of failing the start. The kiosk sets it for an adapter the
    /// user named: on a board the adapter may come up after the service, and a kiosk that exits
    /// instead is restarted over and over with nothing on screen.
    public var waitsForAdapter = false

    public init() {}

    /// A Bluetooth source over every spec's controller; all must be Bluetooth. `bluez:hciN`
    /// (bluetoothd's D-Bus API) stands alone: one adapter, no HCI controllers beside it.
    public func makeSource(specs: [SourceSpec]) throws -> any BluetoothStrapSource {
        if case .bluez(let adapter)? = specs.first(where: { if case .bluez = $0 { true } else { false } }) {
            guard specs.count == 1 else {
                throw SensorSourceError(Message(N_("--source bluez:{adapter} cannot be combined with other sources; give it alone"), ["adapter": adapter]))
            }
            return BlueZDBusSource(adapter: adapter, settings: BlueZDBusSource.Settings(setup: self))
        }
        var openers: [BluetoothSource.ControllerOpener] = []
        for spec in specs {
            switch spec {
            case .controller(let address):
                openers.append(.init(label: address.description) { try address.open() })
            case .bluez:
                break // handled above
            case .simulated:
                throw SensorSourceError(Message(N_("--source sim:N cannot be mixed with Bluetooth controllers")))
            }
        }
        return BluetoothSource(controllers: openers, settings: BluetoothSource.Settings(setup: self))
    }
}
