/// The HCI host: H4 framing, HCI commands and events, ACL with flow control,
/// L2CAP LE fixed channels (ATT, signalling, SMP), and a GATT client that
/// subscribes to heart rate and battery — all over an abstract byte transport.
/// Pure protocol: no sockets, no threads, no clock of its own (callers pass `nowNs`).
public enum BLEHost {}
