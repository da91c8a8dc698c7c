import Foundation
import Localization
import TeamCore

/// Every screen's state. Screens are drawn from it; only `AppReducer` changes it.
///
/// Shared facts first (the root's: screen, clock, notice, team, roster, sensors), then each
/// feature's own state, which only that feature's reducer writes (the settings' values every
/// feature reads, through `AppContext`).
public struct AppState: Sendable, Equatable {
    public enum Screen: String, Sendable, Equatable { case teamPicker, teamSetup, lobby, live, review, season, settings, checkIn }

    /// A strap silent this long shows "no signal" instead of a frozen value (`NoSignal.afterMs`:
    /// the same limit ends what a gap earns in effort points).
    public static let noSignalAfterMs = NoSignal.afterMs
    public static let sourceBackNotice = N_("Bluetooth is back; straps reconnect by themselves")

    public var screen: Screen = .teamPicker
    /// The app clock (the sensor source's monotonic clock), milliseconds.
    public var nowMs: Int64 = 0
    /// Calendar year for ages (set by the shell).
    public var year: Int
    /// Today in the kiosk's time zone (set by the shell, checked once a minute): a consent's date may not be after it.
    public var today: CalendarDay
    /// A one-line message for the coach (saved, failed…), cleared on navigation; a message, said in the kiosk's
    /// language where it is drawn (a language switched while it shows speaks at once).
    public var notice: Message?
    public var noticeAtMs: Int64 = 0

    public var teams: [TeamCard] = []
    public var teamID: Int64?
    /// The chosen team's roster as the store has it.
    public var roster: [RosterLine] = []
    /// The straps, their latest readings and the source that hears them.
    public var sensors = Sensors()

    // Features.
    public var settings = SettingsState()
    public var form: Form?
    public var setup = TeamSetup()
    public var lobby = Lobby()
    public var live: LiveSession?
    public var review = Review()
    public var season = Season()
    /// The morning Check-in while it is open.
    public var checkIn: CheckIn?
    public var confirmation: Confirmation?
    public var club = Club()
    public var clubSync = ClubSyncPage()

    public init(year: Int, today: CalendarDay? = nil) {
        self.year = year
        self.today = today ?? CalendarDay(year: year, month: 1, day: 1)
    }

    /// The line at the bottom of the coach screen, in the current language: a fresh notice first, else a standing
    /// problem (the source's own words).
    public var shownNotice: String? { notice?.translated ?? sensors.problem }

    public var team: TeamCard? { teams.first { $0.team.id == teamID } }

    /// The live tiles in the order the coach chose, each with its strap's latest reading.
    public var shownTiles: [ShownTile] {
        guard let live else { return [] }
        let elapsed = live.clock.elapsedMs(nowMs: nowMs)
        return live.sort.sorted(live.tiles.map { tile in
            let strap = live.lineup.strapIndex(ofPlayer: tile.playerID)
            // A player without a strap today has nothing to find: never "not found".
            return ShownTile(tile: tile, reading: strap.flatMap { sensors.readings[$0] }, nowMs: nowMs,
                             lastTimePoints: live.lastTime?.points(of: tile.playerID, atElapsedMs: elapsed),
                             openedMs: strap == nil ? nil : live.clock.startMs)
        })
    }
}
