import TeamCore

/// A side effect the reducer asks for; the shell runs it (store, source,
/// files) and answers with actions.
public enum Effect: Sendable, Equatable {
    case loadTeams
    case loadRoster(teamID: Int64)
    case createTeam(name: String)
    /// Adds a new player (`playerID` nil) to the team's roster, or writes over a stored one.
    case savePlayer(teamID: Int64, playerID: Int64?, player: Player, shirtNumber: Int)
    case removeFromTeam(teamID: Int64, playerID: Int64)
    case assignStrap(teamID: Int64, playerID: Int64, strapID: Int64?)
    /// Starts a session row (with its context tags, which the team remembers) and the recorder of
    /// the lineup's straps; answered by `.live(.started)`.
    case startSession(teamID: Int64, lineup: Lineup, plannedMs: Int64?, tags: [String] = [])
    /// The team's newest finished session before `sessionID` with its tags: each of the
    /// players' effort points by the minute (answered by `.live(.lastTimeLoaded)`).
    case loadLastTime(teamID: Int64, sessionID: Int64, playerIDs: [Int64])
    case setSessionPaused(sessionID: Int64, paused: Bool)
    /// A lap mark; `label` names the stretch it closes (an interval block's "WORK 3/8"; nil: the coach's).
    case addLap(sessionID: Int64, tMs: Int64, label: String? = nil)
    /// Records when the effort ended (`atMs`: session offset) and lets simulated players rest;
    /// the recorder runs on for the recovery minute.
    case endEffort(sessionID: Int64, atMs: Int64)
    /// A drill added to the team's library (`SidelineStore.addDrill`); the library is read again.
    case addDrill(teamID: Int64, name: String)
    /// A drill began (`DrillStart.startMs`: session offset); the one before ends there (`SidelineStore.startDrill`).
    case startDrill(sessionID: Int64, DrillStart)
    /// An interval block began (`atMs`: session offset): simulated players work hard or rest with it
    /// (real straps need nothing).
    case intervalBlockStarted(sessionID: Int64, IntervalBlock.Kind, atMs: Int64)
    /// Commits what is pending and ends the session row; the recorder stops.
    case finishRecording(sessionID: Int64)
    case deleteSession(sessionID: Int64)
    case loadSessions(teamID: Int64)
    case loadReview(sessionID: Int64)
    case markReviewed(sessionID: Int64)
    /// One drill of the team across the season, week by week (answered by `.review(.drillSeasonLoaded)`).
    case loadDrillSeason(teamID: Int64, drill: String)
    /// A held peak accepted as the player's measured HRmax (`MaxHeartRateSuggestion`).
    case setMeasuredMaxHR(playerID: Int64, bpm: Int)
    /// A suggested HRmax turned down: the player is not asked again up to `bpm`.
    case dismissMaxHR(playerID: Int64, bpm: Int)
    /// The session's players and their ratings, and whether players may still rate (answered by `.review(.rating(.loaded))`).
    case loadRatingSheet(sessionID: Int64)
    /// A player's session RPE kept (the store checks the rules again; a refusal is the coach's notice).
    case saveRating(sessionID: Int64, playerID: Int64, rpe: Int, byCoach: Bool)
    /// The team's roster and who has answered the morning wellness today (answered by `.checkIn(.loaded)`).
    case loadCheckIn(teamID: Int64)
    /// A player's morning wellness for today, by their shirt number in the team (answered by `.checkIn(.saved)`;
    /// a refusal is the coach's notice).
    case saveWellness(teamID: Int64, number: Int, answers: WellnessAnswers)
    /// The team's flags today, those dismissed for the day left out (answered by `.lobby(.attention(.loaded))`).
    case loadFlags(teamID: Int64)
    /// A flag dismissed for today (answered by `.lobby(.attention(.dismissed))`).
    case dismissFlag(teamID: Int64, key: String)
    /// The team's season table on today's date (answered by `.season(.loaded)`).
    case loadSeason(teamID: Int64)
    /// One player's history across teams (answered by `.season(.historyLoaded)`).
    case loadPlayerHistory(playerID: Int64)
    /// The readiness check just recorded, analysed and read against each player's earlier checks
    /// (answered by `.live(.readinessResults)`).
    case loadReadinessResults(sessionID: Int64)
    case saveSettings(KioskSettings)
    /// Stop the sensor source and start the chosen one (never while recording).
    case switchSource(SensorChoice)
    case exportAll
    /// CSV (samples, RR, summary), TCX and FIT per player and the JSON summary of one session.
    case exportSession(sessionID: Int64)
    /// The player erased everywhere (`SidelineStore.erasePlayer`): every row of theirs, the file compacted,
    /// the erasure recorded for the club and for restores.
    case erasePlayer(playerID: Int64)
    /// "All players": everyone, on a team or not (answered by `.club(.playersLoaded)`).
    case loadPlayers
    /// Every strap the club knows (answered by `.club(.strapsLoaded)`).
    case loadStraps
    /// The strap leaves every team and list (`SidelineStore.forgetStrap`).
    case forgetStrap(address: String)
    /// The club's own name for a strap ("Box A 7"); nil takes it away.
    case labelStrap(address: String, label: String?)
    /// "All players": a new player on no team (`playerID` nil), or new details of one.
    case saveClubPlayer(playerID: Int64?, player: Player)
    /// A picture on the USB stick named after the player (as "Import photos from USB" names them) becomes their photo.
    case importPlayerPhoto(playerID: Int64, player: Player)
    case removePlayerPhoto(playerID: Int64)
    /// The player's own data as one ZIP (`StoredPlayerData`), onto the stick that is in, else the export folder.
    case exportPlayerData(playerID: Int64)
    case renameTeam(teamID: Int64, name: String)
    case setTeamColour(teamID: Int64, colour: RGBColour)
    /// The team and its sessions with everything in them; its players stay.
    case deleteTeam(teamID: Int64)
    /// A player who already exists joins the team (a free shirt number is chosen).
    case addExistingPlayer(teamID: Int64, playerID: Int64)
    /// Replace the database with the newest backup on the USB stick (the current one kept aside), off
    /// the loop; `finishRestore` follows on the loop.
    case restoreFromStick
    /// After a restore: everything reloaded from the database when it was put back (`restored`), then `.settings(.restoreEnded)`.
    case finishRestore(restored: Bool)
    /// A generated sound through the audio device (none: a line in the log, the kiosk goes on).
    case playSound(Sound, volumePercent: Int)
    /// A phrase through the voice, when one is installed (none: nothing, the tones carry the cue).
    case speak(SpokenCue, volumePercent: Int)
    /// The session's challenge (sides, rule; scores once the effort ended), written over what was stored.
    case saveChallenge(sessionID: Int64, SessionChallenge)
    /// Photos on the USB stick, named by shirt number or name, for the team's players: all or none.
    case importPhotos(teamID: Int64)
    /// What Settings → Club sync shows, from the database and the files beside it (answered by `.clubSync(.statusLoaded)`).
    case loadClubSyncStatus
    /// The address and code as typed: checked as `sideline club join` checks them (answered by
    /// `.clubSync(.joinRejected)`), else kept as the pending join and a pass asked for (`.clubSync(.joinQueued)`).
    case joinClub(server: String, code: String)
    /// A pass now: the background worker's, or the appliance's sync service asked through its request file.
    case syncClubNow
    /// The club's token goes, and a join that waits; every session stays.
    case leaveClub
}
