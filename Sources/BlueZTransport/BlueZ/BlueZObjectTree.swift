/// bluetoothd's objects as last heard: path → interface → property → value.
/// Filled by GetManagedObjects, kept current by InterfacesAdded/Removed and
/// PropertiesChanged. A plain value; the worker owns one.
public struct BlueZObjectTree: Sendable {
    public typealias Properties = [String: DBusValue]
    public private(set) var objects: [String: [String: Properties]] = [:]

    public init() {}

    /// From GetManagedObjects' reply `a{oa{sa{sv}}}`; false when it has another shape.
    @discardableResult
    public mutating func load(managedObjects reply: [DBusValue]) -> Bool {
        guard let entries = reply.first?.dictionaryEntries else { return false }
        objects = [:]
        for entry in entries {
            guard let path = entry.key.stringValue, let interfaces = entry.value.stringKeyed else { continue }
            for (interface, props) in interfaces { objects[path, default: [:]][interface] = props.stringKeyed ?? [:] }
        }
        return true
    }

    /// What a signal from bluetoothd changed.
    public enum Change: Equatable, Sendable {
        case added(path: String, interfaces: [String])
        case removed(path: String, interfaces: [String])
        case changed(path: String, interface: String, properties: [String])
    }

    /// Applies an ObjectManager or Properties signal; nil when it is neither (or malformed).
    public mutating func apply(signal interface: String, member: String, path: String, arguments: [DBusValue]) -> Change? {
        switch (interface, member) {
        case (BlueZ.objectManager, "InterfacesAdded"):
            guard arguments.count >= 2, let object = arguments[0].stringValue, let interfaces = arguments[1].stringKeyed else { return nil }
            for (name, props) in interfaces {
                objects[object, default: [:]][name, default: [:]].merge(props.stringKeyed ?? [:]) { $1 }
            }
            return .added(path: object, interfaces: interfaces.keys.sorted())
        case (BlueZ.objectManager, "InterfacesRemoved"):
            guard arguments.count >= 2, let object = arguments[0].stringValue, let names = arguments[1].stringArray else { return nil }
            for name in names { objects[object]?[name] = nil }
            if objects[object]?.isEmpty == true { objects[object] = nil }
            return .removed(path: object, interfaces: names)
        case (BlueZ.properties, "PropertiesChanged"):
            guard arguments.count >= 2, let name = arguments[0].stringValue, let changed = arguments[1].stringKeyed else { return nil }
            var props = objects[path]?[name] ?? [:]
            props.merge(changed) { $1 }
            for gone in arguments.count >= 3 ? arguments[2].stringArray ?? [] : [] { props[gone] = nil }
            objects[path, default: [:]][name] = props
            return .changed(path: path, interface: name, properties: changed.keys.sorted())
        default:
            return nil
        }
    }

    public func properties(_ path: String, _ interface: String) -> Properties? { objects[path]?[interface] }

    /// Paths of objects with `interface` under `prefix` (a device's services and characteristics).
    public func paths(with interface: String, under prefix: String) -> [String] {
        objects.compactMap { path, interfaces in
            path.hasPrefix(prefix + "/") && interfaces[interface] != nil ? path : nil
        }.sorted()
    }

    /// The characteristic with a 16-bit UUID under a device, if bluetoothd exported it.
    public func characteristic(_ uuid: UInt16, underDevice device: String) -> String? {
        let wanted = BlueZ.uuid(uuid)
        return paths(with: BlueZ.gattCharacteristic, under: device).first {
            objects[$0]?[BlueZ.gattCharacteristic]?["UUID"]?.stringValue?.lowercased() == wanted
        }
    }

    /// The characteristic with a 16-bit UUID in a service with a 16-bit UUID of a device (bluetoothd
    /// exports a service's characteristics under the service's path), if bluetoothd exported it.
    public func characteristic(_ uuid: UInt16, inService service: UInt16, underDevice device: String) -> String? {
        let wantedService = BlueZ.uuid(service)
        let services = paths(with: BlueZ.gattService, under: device).filter {
            objects[$0]?[BlueZ.gattService]?["UUID"]?.stringValue?.lowercased() == wantedService
        }
        return services.lazy.compactMap { self.characteristic(uuid, underDevice: $0) }.first
    }

    /// Adapter names (hci0, …) present.
    public var adapters: [String] {
        objects.compactMap { path, interfaces in
            interfaces[BlueZ.adapter] != nil ? String(path.split(separator: "/").last ?? "") : nil
        }.sorted()
    }
}
