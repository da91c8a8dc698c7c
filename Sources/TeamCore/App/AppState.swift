import Foundation

/// Every screen's state. Screens are drawn from it; only `AppReducer` changes it.
public struct AppState: Sendable, Equatable {
    public enum Screen: String, Sendable, Equatable { case teamPicker, teamSetup, lobby, live, review, settings }

    /// A strap silent this long shows "no signal" instead of a frozen value.
    public static let noSignalAfterMs: Int64 = 5000
    public static let sourceBackNotice = "Bluetooth is back; straps reconnect by themselves"

    /// The line at the bottom of the coach screen: a fresh notice first, else a standing problem.
    public var shownNotice: String? { notice ?? sourceProblem }

    public var screen: Screen = .teamPicker
    /// The app clock (the sensor source's monotonic clock), milliseconds.
    public var nowMs: Int64 = 0
    /// Calendar year for ages (set by the shell).
    public var year: Int
    public var settings = KioskSettings()
    public var sourceDescription = ""
    /// The kind of source running now (the settings screen highlights it).
    public var sourceKind = SensorChoice.simulated

    public var teams: [TeamCard] = []
    public var teamID: Int64?
    public var roster: [RosterLine] = []
    /// Roster ids seen so far, so players added later are included in the lobby by default.
    public var knownRosterIDs: Set<Int64> = []
    public var strapTable: [StrapSlot] = []
    public var readings: [UInt16: StrapReading] = [:]

    public var form: Form?
    public var setup = TeamSetup()
    public var lobby = Lobby()
    public var live: LiveSession?
    public var review = Review()
    /// Shown until it is solved (unlike a notice, which goes by itself): the straps cannot be heard.
    public var sourceProblem: String?
    public var pin: PinEntry?
    public var confirmation: Confirmation?
    /// A one-line message for the coach (saved, failed…), cleared on navigation.
    public var notice: String?
    public var noticeAtMs: Int64 = 0

    public init(year: Int) { self.year = year }

    public var team: TeamCard? { teams.first { $0.team.id == teamID } }

    public func strapIndex(of strapID: Int64?) -> UInt16? {
        guard let strapID, let i = strapTable.firstIndex(where: { $0.strapID == strapID }) else { return nil }
        return UInt16(i)
    }

    public func slot(_ index: UInt16) -> StrapSlot? {
        Int(index) < strapTable.count ? strapTable[Int(index)] : nil
    }

    public func reading(ofStrap strapID: Int64?) -> StrapReading? {
        strapIndex(of: strapID).flatMap { readings[$0] }
    }

    public func physiology(of player: Player) -> Physiology {
        Physiology(player: player, year: year, formula: settings.maxFormula)
    }

    /// The name a tile shows: the name, or "#7" when aliases are on.
    public func displayName(_ player: Player, number: Int) -> String {
        settings.showAliases ? "#\(number)" : player.fullName
    }
}

/// Text entry with the on-screen keyboard: a new team, a player, a custom duration.
public struct Form: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case newTeam
        /// nil: a new player.
        case player(Int64?)
        case customDuration
    }

    public enum Field: String, Sendable, Equatable, CaseIterable {
        case teamName, firstName, lastName, shirtNumber, birthYear, weightKg, restingHR, maxHR, minutes

        public var label: String {
            switch self {
            case .teamName: "Team name"
            case .firstName: "First name"
            case .lastName: "Last name"
            case .shirtNumber: "Shirt no."
            case .birthYear: "Born (year)"
            case .weightKg: "Weight kg"
            case .restingHR: "Resting HR"
            case .maxHR: "Max HR (opt.)"
            case .minutes: "Minutes"
            }
        }

        /// Numbers get the number pad instead of the letter keyboard.
        public var isNumeric: Bool { ![.teamName, .firstName, .lastName].contains(self) }
        public var maxLength: Int { isNumeric ? (self == .weightKg ? 5 : 4) : Player.maxNameLength } // team names too
    }

    public var kind: Kind
    public var fields: [Field]
    public var values: [Field: String]
    public var focus: Field?
    public var sex: Sex = .female
    /// Problems shown in place, next to the form.
    public var problems: [String] = []

    public init(kind: Kind, fields: [Field], values: [Field: String] = [:]) {
        self.kind = kind
        self.fields = fields
        self.values = values
        self.focus = fields.first
    }

    public func value(_ field: Field) -> String { values[field] ?? "" }

    public var title: String {
        switch kind {
        case .newTeam: "New team"
        case .player(nil): "New player"
        case .player: "Edit player"
        case .customDuration: "Custom duration"
        }
    }
}

public struct TeamSetup: Sendable, Equatable {
    public enum Tab: String, Sendable, Equatable { case roster, straps }
    public var tab: Tab = .roster
    /// First tap of the two-tap strap assignment: the player chosen.
    public var pairingPlayerID: Int64?
    public var rest: RestMeasurement?
    public init() {}
}

/// "Measure resting HR": the average of 20 s of the player's strap while they sit still.
public struct RestMeasurement: Sendable, Equatable {
    public static let durationMs: Int64 = 20_000
    public var playerID: Int64
    public var strapIndex: UInt16
    public var startMs: Int64
    public var sum = 0
    public var count = 0
    public init(playerID: Int64, strapIndex: UInt16, startMs: Int64) {
        self.playerID = playerID
        self.strapIndex = strapIndex
        self.startMs = startMs
    }
    public var estimate: Int? { count > 0 ? Int((Double(sum) / Double(count)).rounded()) : nil }
    public func isDone(nowMs: Int64) -> Bool { nowMs - startMs >= Self.durationMs }
}

public struct Lobby: Sendable, Equatable {
    public static let presetsMs: [Int64?] = [5 * 60_000, 10 * 60_000, 20 * 60_000, 45 * 60_000, nil]
    public var included: Set<Int64> = []
    /// Straps swapped for this session only (player → strap); the team default stays.
    public var strapOverride: [Int64: Int64] = [:]
    /// Player whose strap is being changed: the next strap tapped is theirs today.
    public var changingStrapFor: Int64?
    /// nil: open-ended.
    public var plannedMs: Int64? = 20 * 60_000
    public init() {}
}

public struct LiveSession: Sendable, Equatable {
    public enum Phase: String, Sendable, Equatable {
        /// Waiting for the store to create the session row.
        case starting
        case running, paused
        case confirmStop
        /// The effort is over (countdown at zero, or stopped): the recorder runs on for the
        /// recovery minute and the tiles keep updating; no pause, no laps.
        case recovery
        /// Stopped: save or discard.
        case finished
        case confirmDiscard
    }
    public var phase: Phase = .starting
    /// Phase to return to when the coach cancels "stop?".
    public var phaseBeforeStop: Phase = .running
    /// Phase to return to when the coach keeps the session after all (`.finished` or `.recovery`).
    public var phaseBeforeDiscard: Phase = .finished
    /// App clock (ms) when the effort ended; nil while it goes on.
    public var effortEndedAtMs: Int64?
    /// The whole recovery minute was recorded (not skipped or cut short by a save).
    public var recoveryRecorded = false
    public var sessionID: Int64?
    public var clock: SessionClock
    public var tiles: [LiveTile]
    public var sort: TileSort = .number
    /// Lap marks, ms since session start.
    public var lapsMs: [Int64] = []

    public init(plannedMs: Int64?, startMs: Int64, tiles: [LiveTile]) {
        clock = SessionClock(startMs: startMs, plannedMs: plannedMs)
        self.tiles = tiles
    }

    /// Whether the recorder runs (also through the recovery minute, and while "discard?" is asked during it).
    public var isRecording: Bool {
        switch phase {
        case .running, .paused, .confirmStop, .recovery: true
        case .confirmDiscard: phaseBeforeDiscard == .recovery
        case .starting, .finished: false
        }
    }

    /// In the recovery minute (with or without the "discard?" question on top).
    public var isInRecovery: Bool {
        phase == .recovery || (phase == .confirmDiscard && phaseBeforeDiscard == .recovery)
    }

    /// What is left of the recovery minute; nil outside it.
    public func recoveryRemainingMs(nowMs: Int64) -> Int64? {
        guard isInRecovery, let end = effortEndedAtMs else { return nil }
        return max(0, Session.recoveryMs - (nowMs - end))
    }

    /// The effort's end as a session offset (the samples' time base).
    public var effortEndOffsetMs: Int64? { effortEndedAtMs.map { max(0, $0 - clock.startMs) } }

    public func orderedTiles(nowMs: Int64) -> [LiveTile] { sort.sorted(tiles, nowMs: nowMs) }
}

public struct Review: Sendable, Equatable {
    public var sessions: [SessionCard] = []
    public var data: ReviewData?
    public var selectedPlayerID: Int64?
    /// Where the coach's finger is on the graph, ms since session start.
    public var cursorMs: Int64?
    public init() {}

    public var selectedPlayer: ReviewPlayer? { data?.players.first { $0.playerID == selectedPlayerID } }
}

/// The PIN pad: unlocking the settings, or choosing a new PIN and repeating it.
public struct PinEntry: Sendable, Equatable {
    public enum Purpose: Sendable, Equatable {
        case unlock
        case chooseNew
        case repeatNew(first: String)
    }
    public var purpose: Purpose
    public var digits = ""
    /// Unlock: the digits did not match. Choosing: the repeat differed from the first entry.
    public var wrong = false
    public init(purpose: Purpose = .unlock) { self.purpose = purpose }
}

/// A destructive action waiting for a second tap.
public struct Confirmation: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case removeFromTeam(playerID: Int64)
        case deletePlayerAndData(playerID: Int64)
    }
    public var kind: Kind
    public var question: String
    public var confirmLabel: String
    public init(kind: Kind, question: String, confirmLabel: String) {
        self.kind = kind
        self.question = question
        self.confirmLabel = confirmLabel
    }
}
