/// bluetoothd's D-Bus names (doc/org.bluez.*.rst in BlueZ).
public enum BlueZ {
    public static let service = "org.bluez"
    public static let adapter = "org.bluez.Adapter1"
    public static let device = "org.bluez.Device1"
    public static let gattService = "org.bluez.GattService1"
    public static let gattCharacteristic = "org.bluez.GattCharacteristic1"
    public static let objectManager = "org.freedesktop.DBus.ObjectManager"
    public static let properties = "org.freedesktop.DBus.Properties"

    /// The 128-bit form of a 16-bit SIG UUID, as BlueZ spells it: "0000180d-0000-1000-8000-00805f9b34fb".
    public static func uuid(_ short: UInt16) -> String {
        let hex = String(short, radix: 16)
        return "0000" + String(repeating: "0", count: 4 - hex.count) + hex + "-0000-1000-8000-00805f9b34fb"
    }

    /// The 16-bit SIG UUID inside a 128-bit one, when it is one.
    public static func shortUUID(_ uuid: String) -> UInt16? {
        let lower = uuid.lowercased()
        guard lower.count == 36, lower.hasPrefix("0000"), lower.hasSuffix("-0000-1000-8000-00805f9b34fb") else { return nil }
        return UInt16(lower.dropFirst(4).prefix(4), radix: 16)
    }

    /// The object path bluetoothd gives a device: /org/bluez/hci0/dev_A0_9E_1A_12_34_56.
    public static func devicePath(adapter: String, address: String) -> String {
        "/org/bluez/\(adapter)/dev_" + address.uppercased().replacingOccurrences(of: ":", with: "_")
    }

    /// Whether an adapter name is hciN (it becomes part of an object path).
    public static func isAdapterName(_ name: String) -> Bool {
        name.hasPrefix("hci") && name.count > 3 && name.dropFirst(3).allSatisfy(\.isNumber)
    }
}
