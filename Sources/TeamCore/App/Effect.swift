/// A side effect the reducer asks for; the shell runs it (store, source,
/// files) and answers with actions.
public enum Effect: Sendable, Equatable {
    public struct Participant: Sendable, Equatable {
        public var playerID: Int64
        public var strapID: Int64?
        public var strapIndex: UInt16?
        public init(playerID: Int64, strapID: Int64?, strapIndex: UInt16?) {
            self.playerID = playerID
            self.strapID = strapID
            self.strapIndex = strapIndex
        }
    }

    case loadTeams
    case loadRoster(teamID: Int64)
    case createTeam(name: String)
    case savePlayer(teamID: Int64, player: Player, shirtNumber: Int)
    case removeFromTeam(teamID: Int64, playerID: Int64)
    case assignStrap(teamID: Int64, playerID: Int64, strapID: Int64?)
    /// Starts a session row and the recorder; answered by `.sessionStarted`.
    case startSession(teamID: Int64, participants: [Participant], plannedMs: Int64?)
    case setSessionPaused(sessionID: Int64, paused: Bool)
    case addLap(sessionID: Int64, tMs: Int64)
    /// Records when the effort ended (`atMs`: session offset) and lets simulated players rest;
    /// the recorder runs on for the recovery minute.
    case endEffort(sessionID: Int64, atMs: Int64)
    /// Commits what is pending and ends the session row; the recorder stops.
    case finishRecording(sessionID: Int64)
    case deleteSession(sessionID: Int64)
    case loadSessions(teamID: Int64)
    case loadReview(sessionID: Int64)
    case markReviewed(sessionID: Int64)
    case saveSettings(KioskSettings)
    /// Stop the sensor source and start the chosen one (never while recording).
    case switchSource(SensorChoice)
    case exportAll
    /// CSV (samples, RR, summary), TCX and FIT per player and the JSON summary of one session.
    case exportSession(sessionID: Int64)
    case deletePlayerAndData(playerID: Int64)
    /// Replace the database with the newest backup on the USB stick (the current one kept aside).
    case restoreFromStick
}
