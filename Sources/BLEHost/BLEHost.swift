/// The HCI host: HCI, L2CAP LE, ATT and GATT client over an abstract byte transport.
public enum BLEHost {}
