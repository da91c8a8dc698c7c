import CDBus
import Foundation

/// A private connection to a D-Bus bus through libdbus-1, for a single thread.
///
/// Not Sendable: libdbus connections here are created, used and closed by one
/// worker thread (the owner of the `BusConnection`); nothing is shared.
///
/// Two ways to call methods:
/// - `call(…)` blocks until the reply or the timeout (start-up: GetManagedObjects, checks);
///   messages that arrive meanwhile stay queued for `nextMessage`.
/// - `send(…)` returns the serial at once; the reply arrives later through
///   `nextMessage` as a method return or error with that `replySerial`
///   (the worker's loop matches them and handles its own timeouts).
public final class BusConnection {
    private let raw: OpaquePointer
    private var closed = false
    /// The address connected to, for messages ("system bus" for the default).
    public let label: String

    /// Connects and registers (Hello) on `address`, or on the system bus when nil
    /// (libdbus honours $DBUS_SYSTEM_BUS_ADDRESS there).
    public init(address: String?) throws(BusError) {
        _ = BusConnection.threadsReady
        let error = sideline_dbus_error_new()
        defer { sideline_dbus_error_free(error) }
        let connection: OpaquePointer?
        if let address {
            label = address
            connection = dbus_connection_open_private(address, error)
            if let connection, dbus_bus_register(connection, error) == 0 {
                dbus_connection_close(connection)
                dbus_connection_unref(connection)
                throw BusConnection.failure(error, fallback: "cannot register on the bus")
            }
        } else {
            label = ProcessInfo.processInfo.environment["DBUS_SYSTEM_BUS_ADDRESS"] ?? "the system bus"
            connection = dbus_bus_get_private(DBUS_BUS_SYSTEM, error)
        }
        guard let connection else { throw BusConnection.failure(error, fallback: "cannot connect") }
        // libdbus would _exit() the process when the bus goes away; we report it instead.
        dbus_connection_set_exit_on_disconnect(connection, 0)
        raw = connection
    }

    deinit { close() }

    /// libdbus's own locks, once per process (harmless when only one thread uses a connection).
    private static let threadsReady: Bool = dbus_threads_init_default() != 0

    public func close() {
        guard !closed else { return }
        closed = true
        dbus_connection_flush(raw)
        dbus_connection_close(raw)
        dbus_connection_unref(raw)
    }

    public var isConnected: Bool { !closed && dbus_connection_get_is_connected(raw) != 0 }

    /// Our unique name on the bus (":1.42").
    public var uniqueName: String? { dbus_bus_get_unique_name(raw).map { String(cString: $0) } }

    /// Calls a method and waits for its reply's arguments; an error reply or a timeout throws.
    public func call(destination: String, path: String, interface: String, member: String,
                     arguments: [DBusValue] = [], timeoutMs: Int32 = 5000) throws(BusError) -> [DBusValue] {
        guard !closed else { throw BusError(name: BusError.disconnected, message: "connection closed") }
        guard let message = BusMessage.methodCall(destination: destination, path: path, interface: interface,
                                                  member: member, arguments: arguments) else {
            throw BusError(name: BusError.invalidArgs, message: "invalid call \(interface).\(member) on \(path)")
        }
        let error = sideline_dbus_error_new()
        defer { sideline_dbus_error_free(error) }
        guard let reply = dbus_connection_send_with_reply_and_block(raw, message.raw, timeoutMs, error) else {
            throw BusConnection.failure(error, fallback: "no reply")
        }
        return BusMessage(adopting: reply).arguments
    }

    /// Sends a method call without waiting; returns its serial (0 when it could not be built or sent).
    public func send(destination: String, path: String, interface: String, member: String,
                     arguments: [DBusValue] = []) -> UInt32 {
        guard !closed, let message = BusMessage.methodCall(destination: destination, path: path, interface: interface,
                                                           member: member, arguments: arguments) else { return 0 }
        var serial: UInt32 = 0
        return dbus_connection_send(raw, message.raw, &serial) != 0 ? serial : 0
    }

    /// Asks the bus to route matching signals to us, e.g.
    /// `type='signal',sender='org.bluez',interface='org.freedesktop.DBus.Properties'`.
    public func addMatch(_ rule: String) throws(BusError) {
        let error = sideline_dbus_error_new()
        defer { sideline_dbus_error_free(error) }
        dbus_bus_add_match(raw, rule, error)
        if dbus_error_is_set(error) != 0 { throw BusConnection.failure(error, fallback: "AddMatch failed") }
    }

    /// Whether a well-known name (e.g. org.bluez) has an owner on the bus.
    public func nameHasOwner(_ name: String) throws(BusError) -> Bool {
        let reply = try call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                             interface: "org.freedesktop.DBus", member: "NameHasOwner", arguments: [.string(name)])
        return reply.first?.boolValue ?? false
    }

    /// The next queued message, reading from the socket for up to `timeoutMs` when none is queued.
    /// nil on timeout; throws when the bus connection is gone.
    public func nextMessage(timeoutMs: Int32) throws(BusError) -> BusMessage? {
        if let message = pop() { return message }
        guard !closed, dbus_connection_read_write(raw, timeoutMs) != 0 else {
            throw BusError(name: BusError.disconnected, message: "the D-Bus connection to \(label) closed")
        }
        return pop()
    }

    /// Writes out everything queued for sending.
    public func flush() { if !closed { dbus_connection_flush(raw) } }

    private func pop() -> BusMessage? {
        guard !closed, let message = dbus_connection_pop_message(raw) else { return nil }
        return BusMessage(adopting: message)
    }

    private static func failure(_ error: UnsafeMutablePointer<DBusError>?, fallback: String) -> BusError {
        guard let error, dbus_error_is_set(error) != 0 else { return BusError(name: "org.freedesktop.DBus.Error.Failed", message: fallback) }
        return BusError(name: sideline_dbus_error_name(error).map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed",
                        message: sideline_dbus_error_message(error).map { String(cString: $0) } ?? fallback)
    }
}
