/// The 16-bit assigned numbers Sideline uses (Bluetooth Assigned Numbers).
public enum GATTNumbers {
    public static let heartRateService: UInt16 = 0x180D
    public static let batteryService: UInt16 = 0x180F
    public static let deviceInformationService: UInt16 = 0x180A
    public static let heartRateMeasurement: UInt16 = 0x2A37
    public static let bodySensorLocation: UInt16 = 0x2A38
    public static let batteryLevel: UInt16 = 0x2A19
    public static let manufacturerName: UInt16 = 0x2A29
    public static let deviceName: UInt16 = 0x2A00
    public static let primaryService: UInt16 = 0x2800
    public static let characteristic: UInt16 = 0x2803
    public static let clientCharacteristicConfiguration: UInt16 = 0x2902
    /// Company identifier of Polar Electro Oy (manufacturer-specific advertising data).
    public static let polarCompanyID: UInt16 = 0x006B
}
