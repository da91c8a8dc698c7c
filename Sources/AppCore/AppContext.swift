import TeamCore

/// What every feature may read and none may change: where the coach is, the clock, the team and
/// its roster, the straps and their readings, the settings. Taken from the state before the
/// action; a feature's reducer gets it beside its own state, which is all it may write.
struct AppContext {
    let screen: AppState.Screen
    let nowMs: Int64
    /// Calendar year for ages.
    let year: Int
    let today: CalendarDay
    let settings: KioskSettings
    /// The settings screen's page (when that screen shows).
    let settingsPage: SettingsPage
    let teams: [TeamCard]
    let teamID: Int64?
    let roster: [RosterLine]
    let sensors: Sensors
    let lobby: Lobby
    /// A session is being recorded: nothing may leave it or change its source.
    let isRecording: Bool

    init(_ s: AppState) {
        screen = s.screen
        nowMs = s.nowMs
        year = s.year
        today = s.today
        settings = s.settings.values
        settingsPage = s.settings.page
        teams = s.teams
        teamID = s.teamID
        roster = s.roster
        sensors = s.sensors
        lobby = s.lobby
        isRecording = s.live?.isRecording == true
    }

    func line(of playerID: Int64) -> RosterLine? { roster.first { $0.playerID == playerID } }
}
