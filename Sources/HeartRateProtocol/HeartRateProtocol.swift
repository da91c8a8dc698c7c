/// Byte-level codecs of the Bluetooth Heart Rate and Battery services and of
/// advertising data. Pure: bytes in, values out, typed errors for bad input.
public enum HeartRateProtocol {}
