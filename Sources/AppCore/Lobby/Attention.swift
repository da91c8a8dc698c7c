import Localization
import TeamCore

/// One row of the lobby's "Needs attention" list: a flag as the kiosk shows it (`TeamFlags` makes it).
public struct AttentionLine: Sendable, Equatable {
    /// The flag's key: what Dismiss keeps for today.
    public var key: String
    /// "ACWR above 1.5"
    public var title: String
    /// "ACWR": the word the lobby's entry counts by.
    public var kind: String
    /// "#7 Mia Berg", "Strap H10 A1 (#7 Mia Berg)"
    public var subject: String
    /// The numbers behind it: "ACWR 1.62 = acute 412 / chronic 254" (English: the dump's; drawn from `reasonMessage`).
    public var reason: String
    public var reasonMessage: Message
    /// What to do: a cue, never a diagnosis.
    public var advice: String

    public init(key: String, title: String, kind: String, subject: String, reason: String, reasonMessage: Message? = nil, advice: String) {
        self.key = key
        self.title = title
        self.kind = kind
        self.subject = subject
        self.reason = reason
        self.reasonMessage = reasonMessage ?? Message(reason)
        self.advice = advice
    }
}

/// The lobby's "Needs attention (3)" entry and the list it opens; a flag dismissed here is gone for today.
public enum AttentionAction: Sendable, Equatable {
    /// Today's flags not dismissed, as the store answers `.loadFlags`.
    case loaded(teamID: Int64, [AttentionLine])
    /// Opens (true) or closes the list.
    case open(Bool)
    /// "Dismiss for today" on a row (the store keeps it; answered by `.dismissed`).
    case dismiss(key: String)
    case dismissed(key: String)
}

enum AttentionReducer {
    static func reduce(_ lobby: inout Lobby, _ action: AttentionAction, _ ctx: AppContext) -> Reduction {
        switch action {
        case .loaded(let teamID, let lines):
            guard teamID == ctx.teamID else { return .none }  // a list for a team no longer chosen
            lobby.attention = lines
        case .open(let open):
            guard ctx.screen == .lobby, !open || lobby.attention != nil else { return .none }
            lobby.showingAttention = open
        case .dismiss(let key):
            guard lobby.showingAttention, let teamID = ctx.teamID, lobby.attention?.contains(where: { $0.key == key }) == true else { return .none }
            return .effects(.dismissFlag(teamID: teamID, key: key))
        case .dismissed(let key):
            lobby.attention?.removeAll { $0.key == key }
            if lobby.attention?.isEmpty == true { lobby.showingAttention = false }
        }
        return .none
    }
}
