import Localization
import TeamCore

/// One player on the morning Check-in: who, and whether they have answered today.
public struct CheckInLine: Sendable, Equatable {
    public var playerID: Int64
    public var name: String
    public var number: Int
    public var answered: Bool

    public init(playerID: Int64, name: String, number: Int, answered: Bool) {
        self.playerID = playerID
        self.name = name
        self.number = number
        self.answered = answered
    }
}

/// "Check-in": the morning wellness questionnaire (`WellnessItem`) from the lobby or at a readiness
/// check. Each player finds their own tile, taps one of five big buttons on each of the five rows,
/// then Save. Nobody's answers are shown on the sheet — only who has checked in — so the next player
/// is not led by them; a player who answers again the same day replaces their answers.
public struct CheckIn: Sendable, Equatable {
    public var teamID: Int64
    /// The screen Done goes back to (the lobby, or the season after a readiness check).
    public var returnTo: AppState.Screen
    /// The local day the answers are kept for (drawn in the kiosk's language; its `label` English, for dumps); nil until loaded.
    public var day: SeasonDay?
    /// By shirt number; empty until loaded.
    public var lines: [CheckInLine] = []
    /// The player whose questions are open, and what they have tapped so far (in `WellnessItem` order).
    public var choosing: Int64?
    public var draft: [Int?] = Array(repeating: nil, count: WellnessItem.allCases.count)

    public init(teamID: Int64, returnTo: AppState.Screen) {
        self.teamID = teamID
        self.returnTo = returnTo
    }

    public var answeredCount: Int { lines.filter(\.answered).count }
    public var choosingLine: CheckInLine? { lines.first { $0.playerID == choosing } }

    /// The five answers once every row has one.
    public var answers: WellnessAnswers? {
        let given = draft.compactMap { $0 }
        guard given.count == WellnessItem.allCases.count else { return nil }
        return WellnessAnswers(fatigue: given[0], sleep: given[1], soreness: given[2], stress: given[3], mood: given[4])
    }

    public func draft(_ item: WellnessItem) -> Int? { draft[WellnessItem.allCases.firstIndex(of: item)!] }  // one slot a case
}

/// The Check-in's taps and the store's answers. Opened by `.navigate(.checkIn)`.
public enum CheckInAction: Sendable, Equatable {
    case loaded(day: SeasonDay, [CheckInLine])
    /// A player's tile: their questions open, blank.
    case pick(playerID: Int64)
    /// One answer on the open questions (tapping another on the same row changes it).
    case answer(WellnessItem, Int)
    case cancelPick
    /// Every row answered: kept for the player (the store checks again).
    case save
    case saved(playerID: Int64)
    /// Done: back where the Check-in was opened from.
    case close
}

enum CheckInReducer {
    static func reduce(_ checkIn: inout CheckIn?, _ action: CheckInAction, _ ctx: AppContext) -> Reduction {
        guard var c = checkIn, ctx.screen == .checkIn else { return .none }
        if action == .close {
            checkIn = nil
            return .send(.navigate(c.returnTo == .season ? .season : .lobby))
        }
        defer { checkIn = c }
        switch action {
        case .loaded(let day, let lines):
            c.day = day
            c.lines = lines
        case .pick(let id):
            guard c.lines.contains(where: { $0.playerID == id }) else { return .none }
            c.choosing = id
            c.draft = Array(repeating: nil, count: WellnessItem.allCases.count)
        case .answer(let item, let value):
            guard c.choosing != nil, WellnessItem.scale.contains(value) else { return .none }
            c.draft[WellnessItem.allCases.firstIndex(of: item)!] = value  // one slot a case
        case .cancelPick:
            c.choosing = nil
        case .save:
            guard let line = c.choosingLine, let answers = c.answers else { return .none }
            return .effects(.saveWellness(teamID: c.teamID, number: line.number, answers: answers))
        case .saved(let id):
            guard let i = c.lines.firstIndex(where: { $0.playerID == id }) else { return .none }
            c.lines[i].answered = true
            if c.choosing == id { c.choosing = nil }
            // Said without the answers: the next player is standing beside the screen.
            return .send(.inform(Message(N_("Thanks, #{number} — {answeredCount} of {total} checked in"), ["number": "\(c.lines[i].number)", "answeredCount": "\(c.answeredCount)", "total": "\(c.lines.count)"])))
        case .close:
            break  // above
        }
        return .none
    }
}
