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
        case .overreaching: N_("Load status overreaching")
        case .acwr: N_("ACWR above 1.5")
        case .readiness: N_("Readiness below normal range")
        case .wellness: N_("Wellness drop")
        case .hrex: N_("HRex worse than typical error")
        case .strapBattery: N_("Strap battery low")
        case .strapUnseen: N_("Strap not seen for a week")
        case .maxHR: N_("No HRmax set")
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
        case .overreaching, .acwr: N_("Check with the player how the last week felt before adding load.")
        case .readiness: N_("Ask the player how they slept and feel; compare with today's session.")
        case .wellness: N_("Have a word with the player about the answers that dropped.")
        case .hrex: N_("Ask how the player feels and slept; retest at the same pace before changing the plan.")
        case .strapBattery: N_("Charge or replace the strap's battery.")
        case .strapUnseen: N_("Find the strap, or forget it in Settings if it is gone.")
        case .maxHR: N_("Enter a measured HRmax, or accept one the kiosk suggests after a session.")
        }
    }
}

/// One thing that needs attention today: whom or what it is about, the rule, and the numbers behind it.
public struct AttentionFlag: Sendable, Equatable {
    public var kind: FlagKind
    public var subject: FlagSubject
    /// The numbers behind it in words, e.g. "ACWR 1.62 = acute 412 / chronic 254" (a message: the kiosk draws it translated).
    public var reasonMessage: Message
    public var reason: String { reasonMessage.english }
    /// The same numbers by name, unrounded (JSON).
    public var figures: [String: Double]

    public init(kind: FlagKind, subject: FlagSubject, reason: Message, figures: [String: Double] = [:]) {
        self.kind = kind
        self.subject = subject
        self.reasonMessage = reason
        self.figures = figures
    }

    /// Names the flag on any day, e.g. "acwr/player-12": what a dismissal keeps for the day.
    public var key: String { "\(kind.rawValue)/\(subject.key)" }
    public var advice: String { kind.advice }
}
