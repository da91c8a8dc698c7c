/// A source whose straps describe themselves (Sideline's own HCI host and the `bluez:` source read
/// Body Sensor Location and the Manufacturer Name once per connection). The owner takes what is
/// new now and then.
public protocol StrapDescribing: AnyObject {
    /// Descriptions heard since the last call, the latest per strap.
    func takeStrapDescriptions() -> [StrapDescription]
}
