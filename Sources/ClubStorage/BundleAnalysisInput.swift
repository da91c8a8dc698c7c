import Analytics
import ClubProtocol
import TeamCore

/// A stored bundle read back for the analysis: the input, who its numbers are, and the strap events
/// (which the analysis does not read but the exports may). The server's side of the wire: the protocol
/// gives rows (`SessionBundle.contents`), the analysis is the server's.
public struct BundleAnalysisInput: Sendable {
    public var input: SessionInput
    public var identities: BundleIdentities
    public var strapEvents: [StrapEvent]
    /// The players' session RPE, by the input's player id.
    public var ratings: [Int64: SessionRating] = [:]
}

extension SessionBundle {
    /// The session as the analysis takes it (`contents(sessionID:)` numbers its players and straps).
    public func analysisInput(sessionID: Int64 = 0) -> BundleAnalysisInput {
        let read = contents(sessionID: sessionID)
        return BundleAnalysisInput(input: SessionInput(read.rows), identities: read.identities, strapEvents: read.strapEvents, ratings: read.ratings)
    }
}
