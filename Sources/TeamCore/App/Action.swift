/// Everything that can happen to the app: taps, sensor readings, time, and
/// answers from the shell's side effects.
public enum Action: Sendable, Equatable {
    // Answers from the shell (store, source).
    case teamsLoaded([TeamCard])
    case rosterLoaded(teamID: Int64, [RosterLine])
    case strapTableLoaded([StrapSlot])
    /// What keeps the sensor source from hearing straps (a Bluetooth controller lost and
    /// being reopened), or nil once it works again.
    case sourceProblem(String?)
    /// Straps the Bluetooth scan heard advertising while pairing (signal, battery),
    /// before or without a connection.
    case strapsHeard([HeardStrap])
    case settingsLoaded(KioskSettings)
    case sessionsLoaded(teamID: Int64, [SessionCard])
    case reviewLoaded(ReviewData)
    case sessionStarted(sessionID: Int64, startMs: Int64)
    case teamCreated(teamID: Int64)
    /// Something went wrong: shown as a notice; a session still starting goes back to the lobby.
    case failed(String)
    /// Something the coach should know that is not a failure (an export finished).
    case inform(String)

    // Time and sensors.
    case tick(nowMs: Int64)
    case sensor(SensorEvent)

    // Navigation.
    case pickTeam(Int64)
    case goHome
    case openSetup
    case openLobby
    case openReview
    case openSettings

    // Forms and the on-screen keyboard.
    case newTeam
    case editPlayer(Int64?)
    case focus(Form.Field)
    case key(String)
    case backspace
    case setSex(Sex)
    case submitForm
    case cancelForm

    // Team setup.
    case setupTab(TeamSetup.Tab)
    case choosePlayerForStrap(Int64)
    case tapStrap(UInt16)
    case clearStrap(playerID: Int64)
    case removeFromTeam(playerID: Int64)
    case measureRest(playerID: Int64)
    case saveRest
    case cancelRest

    // Lobby.
    case toggleIncluded(playerID: Int64)
    case chooseDuration(Int64?)
    case changeSessionStrap(playerID: Int64)
    case startSession

    // Live session.
    case pause, resume, lap, stop, cancelStop, confirmStop, save, discard, confirmDiscard, cancelDiscard
    /// Ends the recovery minute early (a coach in a hurry); the data so far is kept.
    case skipRecovery
    case sortTiles(TileSort)

    // Review.
    case openSession(Int64)
    case closeSession
    case selectReviewPlayer(Int64?)
    case reviewCursor(Int64?)

    // Settings (behind the PIN).
    case pinKey(String)
    case pinBackspace
    case pinCancel
    /// From the settings screen: choose a new PIN on the pad, then repeat it.
    case changePin
    /// From the settings screen: switch the sensor source now (and on later starts).
    case setSensor(SensorChoice)
    /// The shell switched the source: a new description, and readings start afresh.
    case sourceSwitched(SensorChoice, description: String)
    case setZoneModel(ZoneModel)
    case setMaxFormula(MaxHeartRateFormula)
    case setZoneHold(Int64)
    case toggleWallPrivacy
    case toggleAliases
    case exportAll
    /// Known backups changed (one written, a stick in or out).
    case backupStatus(BackupStatus)
    /// Settings → "Restore from USB": asks first.
    case restoreFromStick
    /// From the review of one session: every format of it to the USB stick.
    case exportReviewedSession
    case deletePlayerAndData(playerID: Int64)

    // Generic confirmation dialog.
    case confirm
    case cancelConfirmation
}
