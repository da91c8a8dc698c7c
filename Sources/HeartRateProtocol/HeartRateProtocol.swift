/// Byte-level codecs of the Bluetooth Heart Rate and Battery services, of
/// advertising data and of Polar's broadcast heart rate. Pure: bytes in,
/// values out, typed `ProtocolError`s for bad input, never a trap.
public enum HeartRateProtocol {}
