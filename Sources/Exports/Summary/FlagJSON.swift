import Analytics
import Foundation

/// A team's flags as JSON objects (numbers unrounded): `sideline flags --json` and the club's.
public enum FlagJSON {
    public static func list(_ list: FlagList) -> [[String: Any]] {
        list.active.map { flag($0, dismissed: false) } + list.dismissed.map { flag($0, dismissed: true) }
    }

    public static func flag(_ f: AttentionFlag, dismissed: Bool) -> [String: Any] {
        var subject: [String: Any]
        switch f.subject {
        case let .player(id, name, number): subject = ["kind": "player", "id": id, "name": name, "number": number]
        case let .strap(address, name, wornBy): subject = ["kind": "strap", "address": address, "name": name, "wornBy": wornBy ?? NSNull()]
        }
        return ["key": f.key, "rule": f.kind.rawValue, "title": f.kind.title, "subject": subject, "reason": f.reason,
                "advice": f.advice, "figures": f.figures, "dismissed": dismissed]
    }
}
