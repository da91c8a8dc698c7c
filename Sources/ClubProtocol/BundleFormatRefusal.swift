import Foundation

/// A bundle in a format the club server does not take yet: a kiosk newer than its server
/// (docs/decisions/082-a-session-waits-for-a-newer-club-server.md). Not a fault in the session:
/// the kiosk keeps it and sends it once the server takes its format.
public enum BundleFormatRefusal {
    /// The 422's sentence from a server that lists its formats (`SyncStatus.bundleFormats`).
    public static func sentence(format: Int, taken: ClosedRange<Int>) -> String {
        "the bundle is format \(format) and this club server takes formats \(taken.lowerBound) to \(taken.upperBound): \(newerKiosk)"
    }

    static let newerKiosk = "the kiosk is newer than the server"

    /// What every release refuses a bundle with when it is not in canonical form; a release before
    /// this decision also gave it for a format newer than its own, whose new fields it drops when
    /// decoding (so its re-encoding differs from the bytes sent).
    public static let notCanonical = "the bundle is not in canonical form (JSON with sorted keys, no whitespace)"

    /// True when a 422 refusing a bundle of `format` says the server is older than the bundle,
    /// rather than that the bundle is wrong. A kiosk writes only canonical bytes, so "not in canonical
    /// form" of a format newer than 1 (which every server takes) is a server that dropped fields it did
    /// not know. A format-1 bundle refused so is a real fault and stays refused.
    public static func saysServerIsOlder(_ message: String, format: Int) -> Bool {
        guard format > 1 else { return false }
        return message.contains(newerKiosk) || message.contains(notCanonical)
    }
}

extension SyncStatus {
    /// The bundle formats the club takes, as a range; nil when the server does not list them (a release
    /// before decision 082: it took 1...2 or 1...3, and says so only by refusing a bundle).
    public var bundleFormatRange: ClosedRange<Int>? {
        guard let formats = bundleFormats, let low = formats.min(), let high = formats.max() else { return nil }
        return low...high
    }
}
