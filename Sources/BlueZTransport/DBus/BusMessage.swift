import CDBus

/// One D-Bus message (owns a libdbus reference). Used on one thread at a time:
/// it is not Sendable.
public final class BusMessage {
    public enum Kind: Int32, Sendable { case invalid = 0, methodCall = 1, methodReturn = 2, error = 3, signal = 4 }

    let raw: OpaquePointer

    /// Takes over one reference to `raw`.
    init(adopting raw: OpaquePointer) { self.raw = raw }

    deinit { dbus_message_unref(raw) }

    /// A method call; nil when a name, path or argument would fail libdbus's checks.
    public static func methodCall(destination: String, path: String, interface: String, member: String,
                                  arguments: [DBusValue] = []) -> BusMessage? {
        guard BusMarshalling.isValidBusName(destination), BusMarshalling.isValidObjectPath(path),
              BusMarshalling.isValidInterfaceName(interface), BusMarshalling.isValidMemberName(member),
              let raw = dbus_message_new_method_call(destination, path, interface, member) else { return nil }
        let message = BusMessage(adopting: raw)
        return BusMarshalling.append(arguments, to: raw) ? message : nil
    }

    public var kind: Kind { Kind(rawValue: dbus_message_get_type(raw)) ?? .invalid }
    public var serial: UInt32 { dbus_message_get_serial(raw) }
    public var replySerial: UInt32 { dbus_message_get_reply_serial(raw) }
    public var path: String? { dbus_message_get_path(raw).map { String(cString: $0) } }
    public var interface: String? { dbus_message_get_interface(raw).map { String(cString: $0) } }
    public var member: String? { dbus_message_get_member(raw).map { String(cString: $0) } }
    public var sender: String? { dbus_message_get_sender(raw).map { String(cString: $0) } }
    public var errorName: String? { dbus_message_get_error_name(raw).map { String(cString: $0) } }

    /// The arguments, decoded.
    public var arguments: [DBusValue] { BusMarshalling.readArguments(of: raw) }

    /// For an error reply: the error, with its first string argument as the message.
    public var error: BusError? {
        guard kind == .error else { return nil }
        return BusError(name: errorName ?? "org.freedesktop.DBus.Error.Failed", message: arguments.first?.stringValue ?? "")
    }
}

/// A D-Bus error reply or a local failure, by its D-Bus error name.
public struct BusError: Error, Sendable, Equatable, CustomStringConvertible {
    public var name: String
    public var message: String
    public init(name: String, message: String) { self.name = name; self.message = message }

    public var description: String { message.isEmpty ? name : "\(name): \(message)" }

    public static let noReply = "org.freedesktop.DBus.Error.NoReply"
    public static let accessDenied = "org.freedesktop.DBus.Error.AccessDenied"
    public static let serviceUnknown = "org.freedesktop.DBus.Error.ServiceUnknown"
    public static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
    public static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
    public static let disconnected = "org.freedesktop.DBus.Error.Disconnected"
    public static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
}
