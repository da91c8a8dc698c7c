import Localization
import Foundation

/// Session RPE (Foster et al., *J Strength Cond Res* 2001;15:109–115): each player rates the whole
/// session on Borg's CR-10 as Foster modified it, 0 to 10 with verbal anchors, about 30 minutes
/// after it. Definitions and sources: docs/ANALYTICS.md ("Session RPE").
public enum SessionRPE {
    public static let scale = 0...10

    /// Foster's anchors (2001, table 1); 6, 8 and 9 have none.
    public static func anchor(_ value: Int) -> String? {
        switch value {
        case 0: N_("Rest")
        case 1: N_("Very, very easy")
        case 2: N_("Easy")
        case 3: N_("Moderate")
        case 4: N_("Somewhat hard")
        case 5: N_("Hard")
        case 7: N_("Very hard")
        case 10: N_("Maximal")
        default: nil
        }
    }

    /// A player rates within 2 hours of the session's end; after that only the coach corrects.
    public static let ratingWindowMs: Int64 = 2 * 3_600_000
    /// The recommended delay before rating (Foster 2001): the sheet says so; the kiosk offers "Rate" at once.
    public static let promptAfterMs: Int64 = 30 * 60_000

    /// Session load by sRPE, arbitrary units: the rating × the session's effort minutes.
    public static func load(rpe: Int, effortMinutes: Double) -> Double { Double(rpe) * effortMinutes }
}

/// One player's rating of one session they took part in.
public struct SessionRating: Sendable, Equatable {
    public var sessionID: Int64
    public var playerID: Int64
    /// 0…10 (`SessionRPE.scale`).
    public var rpe: Int
    /// When it was given (or last corrected).
    public var ratedAt: Date
    /// The coach set or corrected it (any time after the session), not the player in the window.
    public var byCoach: Bool

    public init(sessionID: Int64, playerID: Int64, rpe: Int, ratedAt: Date, byCoach: Bool = false) {
        self.sessionID = sessionID
        self.playerID = playerID
        self.rpe = rpe
        self.ratedAt = ratedAt
        self.byCoach = byCoach
    }
}

/// Why a rating is not taken: one plain line each.
public enum RatingRefusal: Error, Equatable, CustomStringConvertible {
    case offScale(Int)
    case notFinished(sessionID: Int64)
    case readinessCheck(sessionID: Int64)
    case fitnessTest(sessionID: Int64)
    case notInSession(number: Int, sessionID: Int64)
    /// The player's window closed: `closedAt` is the session's end + 2 h.
    case windowClosed(sessionID: Int64, closedAt: Date)

    public var description: String { message.english }

    /// The sentence as a message: the command line says it in the admin's language.
    public var message: Message {
        switch self {
        case let .offScale(v):
            Message(N_("an RPE of {value} is off the CR-10 scale: give 0 to 10; nothing was changed"), ["value": "\(v)"])
        case let .notFinished(id):
            Message(N_("session {id} is still running: rate it once it is saved; nothing was changed"), ["id": "\(id)"])
        case let .readinessCheck(id):
            Message(N_("session {id} is a readiness check, not training: it takes no RPE; nothing was changed"), ["id": "\(id)"])
        case let .fitnessTest(id):
            Message(N_("session {id} is a fitness test, not training: it takes no RPE; nothing was changed"), ["id": "\(id)"])
        case let .notInSession(number, id):
            Message(N_("no player with number {number} took part in session {id}; nothing was changed"), ["number": "\(number)", "id": "\(id)"])
        case let .windowClosed(id, closedAt):
            Message(N_("the players' 2-hour window to rate session {id} closed at {time}; a coach's correction is still taken (--coach); nothing was changed"),
                    ["id": "\(id)", "time": ISOTime.string(unixMs: closedAt.unixMs)])
        }
    }
}

extension Session {
    /// The minutes an sRPE rating multiplies: from the start to the effort's end — the recovery
    /// minute recorded after it is no work, and a readiness check is no training (it is not rated).
    /// Every player of the session is counted the whole session (the kiosk keeps no per-player span).
    public var effortMinutes: Double? {
        guard let recorded = recordedMs else { return nil }
        return Double(effortEndMs(recordedMs: recorded)) / 60_000
    }

    /// The same from a finished session's columns (a store reading many sessions without their rows).
    public static func effortMinutes(startedMs: Int64, endedMs: Int64, plannedMs: Int64?, effortEndMs stored: Int64?) -> Double {
        Session(id: 0, teamID: 0, plannedDurationMs: plannedMs, startedAt: Date(unixMs: startedMs), endedAt: Date(unixMs: endedMs),
                state: .ended, effortEndMs: stored).effortMinutes ?? 0
    }

    /// Whether `rpe` for the player `number` can be kept at `now`: nil when it can, else why not.
    /// `participant`: the number belongs to a player of the session. A coach may correct at any time.
    public func refusal(rpe: Int, number: Int, participant: Bool, at now: Date, byCoach: Bool) -> RatingRefusal? {
        guard SessionRPE.scale.contains(rpe) else { return .offScale(rpe) }
        guard state == .ended || state == .interrupted, let end = endedAt else { return .notFinished(sessionID: id) }
        guard !isReadinessCheck else { return .readinessCheck(sessionID: id) }
        guard !isFitnessTest else { return .fitnessTest(sessionID: id) }
        guard participant else { return .notInSession(number: number, sessionID: id) }
        let closes = end.addingTimeInterval(Double(SessionRPE.ratingWindowMs) / 1000)
        if !byCoach, now > closes { return .windowClosed(sessionID: id, closedAt: closes) }
        return nil
    }
}
