import Localization
import Foundation
import TeamCore

/// One player on the "Rate the session" sheet: who, and their rating if they gave one.
public struct RatingLine: Sendable, Equatable {
    public var playerID: Int64
    public var name: String
    public var number: Int
    public var rpe: Int?
    public var byCoach: Bool

    public init(playerID: Int64, name: String, number: Int, rpe: Int? = nil, byCoach: Bool = false) {
        self.playerID = playerID
        self.name = name
        self.number = number
        self.rpe = rpe
        self.byCoach = byCoach
    }
}

/// "Rate the session" after a training session is saved: every player of it finds their own tile and
/// taps 0–10 on Foster's CR-10 scale (`SessionRPE`). Two taps a player — their tile, their value —
/// after the coach's one on "Rate". Values are shown only to the coach (PIN): a player rating sees
/// who has rated, not what, so no one's number leans on the next one's.
public struct RatingSheet: Sendable, Equatable {
    public var sessionID: Int64
    /// By shirt number.
    public var lines: [RatingLine]
    /// Players may still rate: the session ended less than 2 hours ago when the sheet was loaded.
    /// After that only the coach sets or corrects (the store decides again when a rating is kept).
    public var windowOpen: Bool
    public var windowClosesAt: Date?
    /// The player whose scale is open.
    public var choosing: Int64?
    /// The coach unlocked the sheet with the PIN: values shown, ratings kept as the coach's.
    public var coach = false

    public init(sessionID: Int64, lines: [RatingLine], windowOpen: Bool, windowClosesAt: Date?) {
        self.sessionID = sessionID
        self.lines = lines
        self.windowOpen = windowOpen
        self.windowClosesAt = windowClosesAt
    }

    public var ratedCount: Int { lines.filter { $0.rpe != nil }.count }
    public var choosingLine: RatingLine? { lines.first { $0.playerID == choosing } }
}

/// The rating sheet's taps and the store's answers.
public enum RatingAction: Sendable, Equatable {
    /// "Rate" on the open session's review: its sheet is loaded.
    case open
    case loaded(RatingSheet)
    /// A player's tile: their scale opens.
    case pick(playerID: Int64)
    /// A value on the open scale: kept for that player.
    case rate(Int)
    case cancelPick
    /// "Coach": the PIN, then values shown and corrections allowed at any time.
    case unlockCoach
    case coachUnlocked
    /// The store kept it.
    case saved(playerID: Int64, rpe: Int, byCoach: Bool)
    /// Back to the review.
    case close
}

enum RatingReducer {
    static func reduce(_ sheet: inout RatingSheet?, sessionID: Int64?, _ action: RatingAction, _ ctx: AppContext) -> Reduction {
        switch action {
        case .open:
            guard let sessionID, ctx.screen == .review else { return .none }
            return .effects(.loadRatingSheet(sessionID: sessionID))
        case .loaded(let loaded):
            guard loaded.sessionID == sessionID, ctx.screen == .review else { return .none }
            let coach = sheet?.sessionID == loaded.sessionID && sheet?.coach == true
            sheet = loaded
            sheet?.coach = coach
            return .none
        case .pick(let id):
            guard var s = sheet, s.lines.contains(where: { $0.playerID == id }) else { return .none }
            guard s.windowOpen || s.coach else {
                let line = s.windowClosesAt.map {
                    Message(N_("Rating closed at {time} (2 h after the session); the coach can still correct: Coach"), ["time": Self.clock($0)])
                } ?? Message(N_("Rating closed (2 h after the session); the coach can still correct: Coach"))
                return .send(.inform(line))
            }
            s.choosing = id
            sheet = s
            return .none
        case .rate(let value):
            guard let s = sheet, let id = s.choosing, SessionRPE.scale.contains(value) else { return .none }
            return .effects(.saveRating(sessionID: s.sessionID, playerID: id, rpe: value, byCoach: s.coach))
        case .cancelPick:
            sheet?.choosing = nil
            return .none
        case .unlockCoach:
            guard sheet != nil, sheet?.coach == false else { return .none }
            return .send(.settings(.requirePin(what: N_("correct ratings"), then: .review(.rating(.coachUnlocked)))))
        case .coachUnlocked:
            sheet?.coach = true
            return .none
        case .saved(let id, let rpe, let byCoach):
            guard var s = sheet, let i = s.lines.firstIndex(where: { $0.playerID == id }) else { return .none }
            s.lines[i].rpe = rpe
            s.lines[i].byCoach = byCoach
            if s.choosing == id { s.choosing = nil }
            sheet = s
            // Said without the value: the next player is standing beside the screen.
            return .send(.inform(Message(N_("Thanks, #{number} — {ratedCount} of {total} rated"), ["number": "\(s.lines[i].number)", "ratedCount": "\(s.ratedCount)", "total": "\(s.lines.count)"])))
        case .close:
            sheet = nil
            return .none
        }
    }

    static func clock(_ date: Date) -> String {
        let f = DateFormatter()
        f.dateFormat = "HH:mm"
        return f.string(from: date)
    }
}
