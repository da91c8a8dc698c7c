import ClubProtocol
import Foundation

/// The session bundle formats this server takes, and whether its status lists them (decision 082).
/// Always every format this release knows, listed — except in the tests, where
/// `SIDELINE_CLUB_TEST_BUNDLE_FORMATS` makes the server stand in for an older release, since no real
/// one is at hand: "1-2" takes only formats 1 and 2 and lists them; "1-2,unlisted" also leaves the list
/// out of its status and refuses a newer format as releases before decision 082 did.
public struct BundleFormatsTaken: Sendable, Equatable {
    public var formats: ClosedRange<Int>
    /// False only for a test server standing in for a release before decision 082.
    public var listed: Bool

    public static let current = BundleFormatsTaken(formats: SessionBundle.acceptedFormats, listed: true)

    public init(formats: ClosedRange<Int>, listed: Bool) {
        self.formats = formats
        self.listed = listed
    }

    public static let testVariable = "SIDELINE_CLUB_TEST_BUNDLE_FORMATS"

    /// `current`, or what the test variable asks for; a value it cannot read is a one-line error.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(ClubError) -> BundleFormatsTaken {
        guard let text = environment[testVariable], !text.isEmpty else { return .current }
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let bounds = parts[0].split(separator: "-").compactMap { Int($0) }
        guard parts.count <= 2, parts.count == 1 || parts[1] == "unlisted", (1...2).contains(bounds.count),
              let low = bounds.first, let high = bounds.last, low == 1, low <= high, SessionBundle.acceptedFormats.contains(high)
        else {
            throw ClubError.badRequest("\(testVariable) must be like 1-2 or 1-2,unlisted (formats this release knows: \(SessionBundle.acceptedFormats.lowerBound) to \(SessionBundle.acceptedFormats.upperBound)), not '\(text)'")
        }
        return BundleFormatsTaken(formats: low...high, listed: parts.count == 1)
    }

    /// What the status lists; nil when it lists nothing.
    var list: [Int]? { listed ? Array(formats) : nil }

    /// Why a bundle of a format newer than the server takes is refused; nil for any other (one below every
    /// format, 0 say, is a fault that `SessionBundle.problems` names).
    func refusal(of format: Int) -> String? {
        guard format > formats.upperBound else { return nil }
        // A release before 082 decoded a newer bundle without the fields it did not know: its bytes were not canonical then.
        return listed ? BundleFormatRefusal.sentence(format: format, taken: formats) : BundleFormatRefusal.notCanonical
    }
}
