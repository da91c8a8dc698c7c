import Foundation

/// A connection to bluetoothd for one adapter, checked on open so that what is
/// wrong comes out as one line that says what to do.
public final class BlueZClient {
    public let bus: BusConnection
    public let adapter: String
    public var adapterPath: String { "/org/bluez/" + adapter }
    public var tree = BlueZObjectTree()

    /// The environment variable that points Sideline at another bus than the system bus (tests: a private bus with a mock bluetoothd).
    public static let addressVariable = "SIDELINE_DBUS_ADDRESS"

    /// The bus address to use: $SIDELINE_DBUS_ADDRESS, else the system bus.
    public static func configuredAddress(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        environment[addressVariable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Connects, checks that bluetoothd runs and the adapter is there and powered,
    /// subscribes to bluetoothd's signals and loads its objects.
    public init(adapter: String, address: String? = BlueZClient.configuredAddress()) throws(BlueZError) {
        guard BlueZ.isAdapterName(adapter) else { throw BlueZError("'\(adapter)' is not an adapter name like hci0") }
        self.adapter = adapter
        do {
            bus = try BusConnection(address: address)
        } catch {
            let where_ = address.map { "at \($0)" } ?? "(\(ProcessInfo.processInfo.environment["DBUS_SYSTEM_BUS_ADDRESS"] ?? "unix:path=/run/dbus/system_bus_socket"))"
            if error.name == BusError.accessDenied {
                throw BlueZError("the D-Bus system bus \(where_) refused the connection (\(error.message)); check the bus policy for this user")
            }
            throw BlueZError("cannot reach the D-Bus system bus \(where_): \(error.message); is dbus running (systemctl status dbus)? \(BlueZClient.addressVariable) selects another bus")
        }
        do {
            guard try bus.nameHasOwner(BlueZ.service) else {
                throw BlueZError("bluetoothd is not running (no org.bluez on the D-Bus system bus); start it (sudo systemctl start bluetooth) or use --source hci-user:\(adapter) with bluetoothd stopped")
            }
            for rule in ["type='signal',sender='org.bluez',interface='\(BlueZ.objectManager)'",
                         "type='signal',sender='org.bluez',interface='\(BlueZ.properties)',member='PropertiesChanged'",
                         // bluetoothd stopping or restarting: its objects (and our links) are gone.
                         "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(BlueZ.service)'"] {
                try bus.addMatch(rule)
            }
            let reply = try bus.call(destination: BlueZ.service, path: "/", interface: BlueZ.objectManager, member: "GetManagedObjects")
            guard tree.load(managedObjects: reply) else { throw BlueZError("bluetoothd answered GetManagedObjects with something unexpected") }
        } catch let error as BlueZError {
            throw error
        } catch let error as BusError {
            throw BlueZError(bluez: error, doing: "talking to bluetoothd", adapter: adapter)
        } catch {
            throw BlueZError("\(error)")
        }
        guard let props = tree.properties(adapterPath, BlueZ.adapter) else {
            let found = tree.adapters
            throw BlueZError("bluetoothd has no adapter \(adapter) (\(found.isEmpty ? "it has none" : "it has " + found.joined(separator: ", "))); check `bluetoothctl list` and `rfkill list`")
        }
        if props["Powered"]?.boolValue == false {
            throw BlueZError("adapter \(adapter) is powered off; power it on (bluetoothctl power on; check rfkill list) and try again")
        }
    }

    /// Calls a method on bluetoothd and waits.
    public func call(_ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = [],
                     timeoutMs: Int32 = 5000) throws(BusError) -> [DBusValue] {
        try bus.call(destination: BlueZ.service, path: path, interface: interface, member: member, arguments: arguments, timeoutMs: timeoutMs)
    }

    /// Whether a message is the bus telling that bluetoothd's name changed owner (stopped or restarted).
    public static func isBlueZOwnerChange(_ message: BusMessage) -> Bool {
        message.kind == .signal && message.interface == "org.freedesktop.DBus" && message.member == "NameOwnerChanged"
            && message.arguments.first?.stringValue == BlueZ.service
    }

    /// Sends a method call to bluetoothd without waiting; its serial, 0 on failure.
    public func send(_ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue] = []) -> UInt32 {
        bus.send(destination: BlueZ.service, path: path, interface: interface, member: member, arguments: arguments)
    }

    /// Properties.Get
    public func property(_ path: String, _ interface: String, _ name: String) throws(BusError) -> DBusValue? {
        try call(path, BlueZ.properties, "Get", [.string(interface), .string(name)]).first?.unwrapped
    }

    /// Properties.Set
    public func setProperty(_ path: String, _ interface: String, _ name: String, _ value: DBusValue) throws(BusError) {
        _ = try call(path, BlueZ.properties, "Set", [.string(interface), .string(name), .variant(value)])
    }

    /// SetDiscoveryFilter's argument: LE only, these services, every advertisement reported.
    public static func discoveryFilter(serviceUUIDs: [String]) -> DBusValue {
        .properties([("UUIDs", .strings(serviceUUIDs)), ("Transport", .string("le")), ("DuplicateData", .bool(true))])
    }

    /// Discovery of heart-rate straps on LE with every advertisement reported
    /// (DuplicateData: broadcasts repeat their bytes, the frame counter tells new from stale).
    /// Also after the adapter was powered off and on, when bluetoothd may still count this
    /// connection's discovery (it answers InProgress to the same client only).
    public func startDiscovery(serviceUUIDs: [String]) throws(BlueZError) {
        do {
            _ = try call(adapterPath, BlueZ.adapter, "SetDiscoveryFilter", [Self.discoveryFilter(serviceUUIDs: serviceUUIDs)])
            do {
                _ = try call(adapterPath, BlueZ.adapter, "StartDiscovery")
            } catch where error.name == "org.bluez.Error.InProgress" {
                return
            }
        } catch {
            throw BlueZError(bluez: error, doing: "starting discovery", adapter: adapter)
        }
    }
}

/// A one-line, actionable failure of the bluez: source.
public struct BlueZError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }

    /// Translates bluetoothd's and the bus's error names into what to do.
    public init(bluez error: BusError, doing what: String, adapter: String) {
        switch error.name {
        case BusError.accessDenied, "org.bluez.Error.NotAuthorized", "org.bluez.Error.NotPermitted":
            // The bus's own explanation is a paragraph of match rules: the name is what matters.
            self.init("permission denied by the D-Bus policy for org.bluez while \(what) on \(adapter) (\(error.name)); add the user to the bluetooth group (sudo usermod -aG bluetooth $USER, then log in again) or run as root")
        case "org.bluez.Error.NotReady":
            self.init("adapter \(adapter) is not ready (powered off?) while \(what); power it on: bluetoothctl power on (check rfkill list)")
        case "org.bluez.Error.InProgress":
            self.init("adapter \(adapter) is busy while \(what) (another discovery in progress?); stop other scanners (bluetoothctl scan off) and retry")
        case BusError.serviceUnknown, BusError.disconnected:
            self.init("bluetoothd went away while \(what) (\(error.message)); check systemctl status bluetooth")
        case BusError.unknownObject, BusError.unknownMethod:
            self.init("bluetoothd has no \(adapter) or lacks the API needed for \(what) (\(error.message)); check `bluetoothctl list` and that BlueZ is 5.50 or newer")
        case BusError.noReply:
            self.init("bluetoothd did not answer while \(what); check systemctl status bluetooth")
        default:
            self.init("bluetoothd failed while \(what) on \(adapter): \(error)")
        }
    }
}
