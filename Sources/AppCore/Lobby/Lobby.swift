import TeamCore

/// Before a session: who is in, today's strap swaps, the countdown length.
public struct Lobby: Sendable, Equatable {
    public static let presetsMs: [Int64?] = [5 * 60_000, 10 * 60_000, 20 * 60_000, 45 * 60_000, nil]
    /// Players the coach left out; everyone else on the roster is in (a newcomer too).
    public var excluded: Set<Int64> = []
    /// Straps swapped for this session only (player → strap); the team default stays.
    public var strapOverride: [Int64: Int64] = [:]
    /// Player whose strap is being changed: the next strap tapped is theirs today.
    public var changingStrapFor: Int64?
    /// nil: open-ended.
    public var plannedMs: Int64? = 20 * 60_000
    /// The next session's context; starts as the team's last session's.
    public var tags = SessionTags()
    /// The tag sheet is open.
    public var editingTags = false
    /// An interval program instead of one countdown (the session lasts as long as it); nil: none.
    public var intervals: IntervalProgram?
    public var editingIntervals = false
    /// A challenge's sides: player → 0 (red) or 1 (blue); players on neither are not in it.
    public var challengeSides: [Int64: Int] = [:]
    public var editingChallenge = false
    public static let challengeSideNames = SessionChallenge.sideNames
    /// The team's drill library (`.drills(.libraryLoaded)`, with the roster).
    public var drillLibrary: [Drill] = []
    /// The drills planned for the session, in order: the first starts with it, "Next" starts the others.
    public var drillPlan: [String] = []
    public var editingDrills = false
    /// The readiness check sheet is open, with this plan.
    public var readinessCheck: ReadinessCheckPlan?
    /// The fitness test sheet is open, with this plan.
    public var fitnessTest: FitnessTestPlan?
    /// Today's flags not dismissed ("Needs attention"); nil until loaded.
    public var attention: [AttentionLine]?
    public var showingAttention = false
    public init() {}

    /// The session's planned length: the interval program's, else the countdown chosen.
    public var sessionPlannedMs: Int64? { intervals?.totalMs ?? plannedMs }

    /// The included players on each challenge side, in roster order.
    public func challengeSides(in roster: [RosterLine]) -> [[RosterLine]] {
        let included = participants(in: roster).map(\.line)
        return (0..<2).map { side in included.filter { challengeSides[$0.playerID] == side } }
    }

    /// Both sides have someone in the session: the challenge goes with it.
    public func hasChallenge(in roster: [RosterLine]) -> Bool {
        challengeSides(in: roster).allSatisfy { !$0.isEmpty }
    }

    /// Included players, in roster order, with today's strap (the swap, else the team default).
    public func participants(in roster: [RosterLine]) -> [(line: RosterLine, strapID: Int64?)] {
        roster.filter { !excluded.contains($0.playerID) }.map { ($0, strapOverride[$0.playerID] ?? $0.strapID) }
    }

    /// Start is enabled as soon as one included player's strap has a signal.
    func canStart(roster: [RosterLine], sensors: Sensors, nowMs: Int64) -> Bool {
        participants(in: roster).contains { sensors.reading(ofStrap: $0.strapID)?.hasSignal(nowMs: nowMs) == true }
    }
}

extension AppState {
    /// Included players, in roster order, with today's strap.
    public var lobbyParticipants: [(line: RosterLine, strapID: Int64?)] { lobby.participants(in: roster) }

    public var canStartSession: Bool { lobby.canStart(roster: roster, sensors: sensors, nowMs: nowMs) }

    /// The roster's players without consent on file, when the club requires it (decision 075): their sessions
    /// stay on this kiosk until they have it. Recording is never held.
    public var playersLackingConsent: [RosterLine] {
        settings.values.requireConsent ? roster.filter { $0.player.consent == nil } : []
    }
}
