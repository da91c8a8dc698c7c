/// When the link manager reads a strap's broadcast heart rate instead of connecting.
public enum BroadcastPolicy: String, Sendable, CaseIterable {
    /// Always connect (RR intervals and energy need a connection).
    case never
    /// Straps that broadcast are read from advertisements; the rest are connected.
    case always
    /// Connect while the team fits the controllers' connection budget; past it, broadcasting straps are read from advertisements.
    case overBudget = "over-budget"
}
