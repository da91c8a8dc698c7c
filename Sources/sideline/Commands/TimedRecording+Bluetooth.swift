import Recording
import SensorHub
import TeamCore

/// What `record` says of a Bluetooth source after the session: here, not in Recording, which knows
/// sources only by the sensor core's protocol (and so links neither libbluetooth nor libdbus).
extension TimedRecording {
    /// Why nothing could be recorded: a Bluetooth controller that never came up (nil: it did, or not Bluetooth).
    var neverCameUp: String? { (pump.source as? BluetoothSource)?.neverCameUp() }

    /// The straps of the session the Bluetooth source never heard — not advertising, not on a link —
    /// with their addresses, in the table's order (empty: every strap was heard, or not Bluetooth).
    var unheardStraps: [(index: StrapIndex, address: String)] {
        guard let bluetooth = pump.source as? any BluetoothStrapSource else { return [] }
        return pump.straps.indices.filter { !bluetooth.wasHeard($0) }.map { ($0, pump.straps[$0].address) }
    }

    /// What the Bluetooth source counted, as one line (nil: not Bluetooth).
    var bluetoothLine: String? {
        guard let bluetooth = pump.source as? any StrapDiscovering else { return nil }
        let b = bluetooth.counters
        var line = "Bluetooth: \(b[.notifications]) notifications, \(b[.malformed]) malformed (discarded), \(b[.disconnects]) disconnects"
        // A SensorEvent holds 9 RR intervals, all a 23-byte ATT MTU can carry; more are counted, not kept.
        if b[.rrDropped] > 0 { line += ", \(b[.rrDropped]) RR intervals beyond 9 in a notification not kept" }
        return line
    }
}
