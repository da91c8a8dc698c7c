import Localization
import TeamCore

/// Everything that can happen to the app, grouped by the feature it belongs to: taps on a
/// screen, answers from the shell's side effects, sensor readings. `AppReducer` hands each
/// group to its feature's reducer; time, the notice line and questions are the root's own.
public enum Action: Sendable, Equatable {
    /// The app clock moved (the sensor source's monotonic clock).
    case tick(nowMs: Int64)
    /// Something went wrong: shown as a notice (said in the kiosk's language where drawn); a session still starting
    /// goes back to the lobby.
    case failed(Message)
    /// Something the coach should know that is not a failure (an export finished).
    case inform(Message)
    /// The notice line is no longer true (a hint that was followed).
    case dismissNotice
    /// A destructive action waiting for a second tap, and its answer.
    indirect case confirmation(ConfirmationAction)

    case sensors(SensorsAction)
    case teams(TeamsAction)
    case navigate(NavigationAction)
    case form(FormAction)
    case setup(SetupAction)
    case lobby(LobbyAction)
    case live(LiveAction)
    case review(ReviewAction)
    case season(SeasonAction)
    case checkIn(CheckInAction)
    case settings(SettingsAction)
    case club(ClubAction)
    case clubSync(ClubSyncAction)
}
