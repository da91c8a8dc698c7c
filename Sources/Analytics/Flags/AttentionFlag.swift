import Localization
import TeamCore

/// What a flag is about: a player of the team, or a strap one of them wears.
public enum FlagSubject: Sendable, Equatable {
    /// `id`: the player's id where the list is made (the kiosk's row id, the club's UUID).
    case player(id: String, name: String, number: Int)
    case strap(address: String, name: String, wornBy: String?)

    /// The part of a flag's key that names the subject.
    var key: String {
        switch self {
        case let .player(id, _, _): "player-\(id)"
        case let .strap(address, _, _): "strap-\(address)"
        }
    }

    /// "#7 Mia Berg", "Strap Polar H10 A1B2 (#7 Mia Berg)".
    public var title: String {
        switch self {
        case let .player(_, name, number): "#\(number) \(name)"
        case let .strap(_, name, wornBy): "Strap \(name)" + (wornBy.map { " (\($0))" } ?? "")
        }
    }
}

/// Which rule raised a flag. The order of the cases is the order of the list.
public enum FlagKind: String, Sendable, Equatable, CaseIterable {
    case overreaching, acwr, readiness, wellness, hrex, strapBattery = "strap-battery", strapUnseen = "strap-unseen", maxHR = "max-hr"

    /// What the list calls the rule.
    public var title: String {
        switch self {
        case .overreaching: "Load status overreaching"
        case .acwr: "ACWR above 1.5"
        case .readiness: "Readiness below normal range"
        case .wellness: "Wellness drop"
        case .hrex: "HRex worse than typical error"
        case .strapBattery: "Strap battery low"
        case .strapUnseen: "Strap not seen for a week"
        case .maxHR: "No HRmax set"
        }
    }

    /// A word for counting flags of the kind: "4 readiness · 7 HRmax" (a message: the kiosk shows it translated).
    public var shortTitle: String {
        switch self {
        case .overreaching: N_("overreaching")
        case .acwr: N_("ACWR")
        case .readiness: N_("readiness")
        case .wellness: N_("wellness")
        case .hrex: N_("HRex")
        case .strapBattery: N_("battery")
        case .strapUnseen: N_("strap unseen")
        case .maxHR: N_("HRmax")
        }
    }

    /// What to do about it: a cue to look or ask, never a diagnosis (docs/ANALYTICS.md, "Flags").
    public var advice: String {
        switch self {
        case .overreaching, .acwr: "Check with the player how the last week felt before adding load."
        case .readiness: "Ask the player how they slept and feel; compare with today's session."
        case .wellness: "Have a word with the player about the answers that dropped."
        case .hrex: "Ask how the player feels and slept; retest at the same pace before changing the plan."
        case .strapBattery: "Charge or replace the strap's battery."
        case .strapUnseen: "Find the strap, or forget it in Settings if it is gone."
        case .maxHR: "Enter a measured HRmax, or accept one the kiosk suggests after a session."
        }
    }
}

/// One thing that needs attention today: whom or what it is about, the rule, and the numbers behind it.
public struct AttentionFlag: Sendable, Equatable {
    public var kind: FlagKind
    public var subject: FlagSubject
    /// The numbers behind it in words, e.g. "ACWR 1.62 = acute 412 / chronic 254".
    public var reason: String
    /// The same numbers by name, unrounded (JSON).
    public var figures: [String: Double]

    public init(kind: FlagKind, subject: FlagSubject, reason: String, figures: [String: Double] = [:]) {
        self.kind = kind
        self.subject = subject
        self.reason = reason
        self.figures = figures
    }

    /// Names the flag on any day, e.g. "acwr/player-12": what a dismissal keeps for the day.
    public var key: String { "\(kind.rawValue)/\(subject.key)" }
    public var advice: String { kind.advice }
}
