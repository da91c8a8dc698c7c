import BLEHost
import BlueZTransport

/// Where a connected strap, as bluetoothd exported it, says what it is: Body Sensor Location in its
/// Heart Rate service, Manufacturer Name in its Device Information service — each only where
/// bluetoothd found it and may read it (its Flags say "read"); a strap without them says nothing.
public enum DescribingCharacteristics {
    public static func readable(tree: BlueZObjectTree, device: String) -> [(characteristic: UInt16, path: String)] {
        SensorDescription.characteristics.compactMap { service, characteristic in
            guard let path = tree.characteristic(characteristic, inService: service, underDevice: device),
                  tree.properties(path, BlueZ.gattCharacteristic)?["Flags"]?.stringArray?.contains("read") == true else { return nil }
            return (characteristic, path)
        }
    }
}
