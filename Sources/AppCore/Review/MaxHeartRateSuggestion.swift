import TeamCore

/// "A new HRmax from the data" (issue 36): a player held a heart rate above the HRmax on file for
/// five seconds in the reviewed session, and the coach is asked whether it becomes their measured
/// HRmax. Sessions keep the physiology they were recorded with, so accepting changes zones and
/// loads from the next session on, never an earlier one's.
public struct MaxHeartRateSuggestion: Sendable, Equatable {
    public var playerID: Int64
    public var name: String
    /// The sustained peak (`SustainedPeak`), bpm.
    public var observedBPM: Int
    /// The HRmax on file today, rounded, and where it comes from (measured, or a formula's estimate).
    public var onFileBPM: Int
    public var onFileSource: Physiology.MaxSource

    public init(playerID: Int64, name: String, observedBPM: Int, onFileBPM: Int, onFileSource: Physiology.MaxSource) {
        self.playerID = playerID
        self.name = name
        self.observedBPM = observedBPM
        self.onFileBPM = onFileBPM
        self.onFileSource = onFileSource
    }

    /// A suggestion when the held peak is above today's HRmax on file, above what the coach already
    /// dismissed for this player, and a value a player's HRmax may take at all (`Player.validate`'s range).
    public static func suggest(playerID: Int64, name: String, observedBPM: Int?, onFile: Physiology,
                               dismissedUpToBPM: Int?) -> MaxHeartRateSuggestion? {
        guard let observed = observedBPM else { return nil }
        let onFileBPM = Int(onFile.maxHR.rounded())
        guard observed > onFileBPM, observed > (dismissedUpToBPM ?? 0), Player.measuredMaxHRRange.contains(observed) else { return nil }
        return MaxHeartRateSuggestion(playerID: playerID, name: name, observedBPM: observed, onFileBPM: onFileBPM,
                                      onFileSource: onFile.maxSource)
    }
}
