import Localization
import TeamCore

/// Moving between screens from a top bar.
public enum NavigationAction: Sendable, Equatable {
    /// Back to the team picker.
    case home
    case setup
    case lobby
    case review
    /// The team's season table (from the sessions list).
    case season
    /// Opens the PIN pad; the settings screen follows the right PIN.
    case settings
    /// The morning wellness Check-in (from the lobby, the readiness sheet or the season after a check); Done comes back.
    case checkIn
}

/// The club's teams and the chosen team's roster, as the store answers.
public enum TeamsAction: Sendable, Equatable {
    case loaded([TeamCard])
    /// The coach picked a team: its lobby opens.
    case pick(Int64)
    /// A team made on the touchscreen: its setup opens.
    case created(teamID: Int64)
    case rosterLoaded(teamID: Int64, [RosterLine])
}

/// The root's own part: which screen shows and which team is chosen, and what follows when a
/// feature says a session started or ended or the settings were unlocked. Nothing leaves a
/// session that is being recorded.
enum NavigationReducer {
    static func navigate(_ s: inout AppState, _ destination: NavigationAction) -> Reduction {
        guard s.live?.isRecording != true else { return .none }
        switch destination {
        case .home:
            s.screen = .teamPicker
            s.form = nil
            s.settings.pin = nil
            s.notice = nil
            s.confirmation = nil
            s.setup = TeamSetup()
            s.club.page = nil
            return .effects(.loadTeams)
        case .setup:
            guard s.teamID != nil else { return .none }
            s.screen = .teamSetup
            s.notice = nil
            return .none
        case .lobby:
            guard let id = s.teamID else { return .none }
            s.screen = .lobby
            s.notice = nil
            s.setup.pairingPlayerID = nil
            return .effects(.loadRoster(teamID: id), .loadFlags(teamID: id))
        case .review:
            guard let id = s.teamID else { return .none }
            s.screen = .review
            s.notice = nil
            s.review.data = nil
            s.review.rating = nil
            return .effects(.loadSessions(teamID: id))
        case .season:
            guard let id = s.teamID else { return .none }
            s.screen = .season
            s.notice = nil
            s.season.table = nil
            s.season.historyPlayerID = nil
            s.season.history = nil
            return .effects(.loadSeason(teamID: id))
        case .settings:
            s.settings.pin = PinEntry()
            return .none
        case .checkIn:
            guard let id = s.teamID, s.screen == .lobby || s.screen == .season else { return .none }
            s.checkIn = CheckIn(teamID: id, returnTo: s.screen)
            s.screen = .checkIn
            s.notice = nil
            return .effects(.loadCheckIn(teamID: id))
        }
    }

    static func teams(_ s: inout AppState, _ action: TeamsAction) -> Reduction {
        switch action {
        case .loaded(let teams):
            s.teams = teams
            return .none
        case .pick(let id):
            guard s.teams.contains(where: { $0.team.id == id }) else { return .none }
            if s.teamID != id {
                s.roster = []
                s.lobby = Lobby()
                s.lobby.tags = SessionTags(stored: s.teams.first { $0.team.id == id }?.lastTags ?? [])
                s.review = Review()
                s.season = Season()
            }
            s.teamID = id
            s.notice = nil
            s.screen = .lobby
            return .effects(.loadRoster(teamID: id), .loadSessions(teamID: id), .loadFlags(teamID: id))
        case .created(let id):
            s.teamID = id
            s.screen = .teamSetup
            s.roster = []
            s.lobby.excluded = []
            s.lobby.tags = SessionTags() // a new team has no last session to start from
            s.setup = TeamSetup()
            return .effects(.loadTeams, .loadRoster(teamID: id))
        case .rosterLoaded(let teamID, let lines):
            guard teamID == s.teamID else { return .none }
            s.roster = lines
            // Who left the roster leaves the lobby's choices too, so a player added back is in by default.
            s.lobby.excluded.formIntersection(lines.map(\.playerID))
            return .none
        }
    }

    static func live(_ s: inout AppState, _ outcome: LiveAction.Delegate) -> Reduction {
        switch outcome {
        case .started:
            s.screen = .live
            s.notice = nil
            s.lobby.readinessCheck = nil
            s.lobby.fitnessTest = nil
            return .none
        case .saved(let id):
            s.screen = .review
            s.review = Review()
            s.notice = Message(N_("Session saved"))
            return .effects(s.teamID.map { .loadSessions(teamID: $0) }, .loadReview(sessionID: id), .markReviewed(sessionID: id))
        case .readinessSaved(let id):
            // The check's results are in the season table's readiness column.
            s.screen = .season
            s.season = Season()
            s.notice = Message(N_("Readiness check saved · Check-in for the morning questions"))
            return .effects(s.teamID.map { .loadSeason(teamID: $0) }, s.teamID.map { .loadSessions(teamID: $0) }, .markReviewed(sessionID: id))
        case .discarded:
            s.screen = .lobby
            s.notice = Message(N_("Session discarded"))
            return .effects(s.teamID.map { .loadSessions(teamID: $0) })
        }
    }

    static func setup(_ s: inout AppState, _ outcome: SetupAction.Delegate) -> Reduction {
        switch outcome {
        case .teamDeleted(let id):
            guard s.teamID == id else { return .none }
            s.teamID = nil
            s.roster = []
            s.lobby = Lobby()
            s.review = Review()
            s.season = Season()
            s.setup = TeamSetup()
            s.screen = .teamPicker
            return .effects(.loadTeams)
        }
    }

    static func settings(_ s: inout AppState, _ outcome: SettingsAction.Delegate) -> Reduction {
        switch outcome {
        case .unlocked:
            s.screen = .settings
            s.settings.page = .general
            s.notice = nil
            return .effects(s.teamID.map { .loadRoster(teamID: $0) })
        }
    }
}
