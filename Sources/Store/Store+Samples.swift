import GRDB
import TeamCore

extension SidelineStore {
    /// Every sample of a session, by player then time.
    public func samples(_ sessionID: Int64) throws -> [Sample] {
        var all: [Sample] = []
        try forEachSample(sessionID) { all.append($0) }
        return all
    }

    /// Every RR interval of a session, by player then time.
    public func rrIntervals(_ sessionID: Int64) throws -> [RRInterval] {
        var all: [RRInterval] = []
        try forEachRRInterval(sessionID) { all.append($0) }
        return all
    }

    public func strapEvents(_ sessionID: Int64) throws -> [StrapEvent] {
        try read { try StrapEvent.filter(Column("session_id") == sessionID).order(Column("t_ms")).fetchAll($0) }
    }
}
