/// A strap silent this long has no signal: its tile turns grey instead of showing a frozen value,
/// and a longer gap between readings earns no effort points or kcal.
public enum NoSignal {
    public static let afterMs: Int64 = 5000
}
