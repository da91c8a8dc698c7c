/// Whether bluetoothd's adapter can carry straps, as its D-Bus objects say: there (an
/// `Adapter1` at its path) and powered. bluetoothd keeps running when the adapter goes away
/// (a dongle pulled, a controller reset) or is switched off (`bluetoothctl power off`, rfkill);
/// every link and its discovery session end then, and must be started again once it is back.
public enum AdapterState: Equatable, Sendable {
    case ready
    case off
    case missing

    public init(tree: BlueZObjectTree, adapterPath: String) {
        guard let props = tree.properties(adapterPath, BlueZ.adapter) else { self = .missing; return }
        // PowerState (BlueZ 5.64+) says "on-disabling" as soon as a power-off is asked for, while
        // Powered is still true and the links are being torn down: a Connect sent then leaves the
        // kernel a pending connection to flush (Debian's 6.1 kernel oopsed on that in the VM tests).
        let state = props["PowerState"]?.stringValue ?? "on"
        self = props["Powered"]?.boolValue == false || state != "on" ? .off : .ready
    }

    /// Whether a change to the tree can have changed the adapter's state.
    public static func concerns(_ change: BlueZObjectTree.Change, adapterPath: String) -> Bool {
        switch change {
        case .added(let path, let interfaces), .removed(let path, let interfaces):
            path == adapterPath && interfaces.contains(BlueZ.adapter)
        case .changed(let path, let interface, let properties):
            path == adapterPath && interface == BlueZ.adapter && (properties.contains("Powered") || properties.contains("PowerState"))
        }
    }
}
