import GRDB
import TeamCore

extension SidelineStore {
    /// Every sample of a session, by player then time.
    public func samples(_ sessionID: Int64) throws -> [Sample] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT player_id, strap_id, t_ms, bpm, contact, energy_kj FROM sample WHERE session_id = ? ORDER BY player_id, t_ms",
                             arguments: [sessionID]).map {
                Sample(playerID: $0[0], strapID: $0[1], tMs: $0[2], bpm: $0[3], contact: SensorContact(rawValue: $0[4]) ?? .notSupported,
                       energyKJ: $0[5])
            }
        }
    }

    /// Every RR interval of a session, by player then time.
    public func rrIntervals(_ sessionID: Int64) throws -> [RRInterval] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT player_id, t_ms, rr_1024 FROM rr WHERE session_id = ? ORDER BY player_id, t_ms",
                             arguments: [sessionID]).map {
                RRInterval(playerID: $0[0], tMs: $0[1], rr1024: UInt16(clamping: $0[2] as Int64))
            }
        }
    }

    public func strapEvents(_ sessionID: Int64) throws -> [StrapEvent] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT strap_id, t_ms, kind, value FROM strap_event WHERE session_id = ? ORDER BY t_ms",
                             arguments: [sessionID]).map {
                StrapEvent(strapID: $0[0], tMs: $0[1], kind: StrapEvent.Kind(rawValue: $0[2]) ?? .link, value: $0[3])
            }
        }
    }
}
