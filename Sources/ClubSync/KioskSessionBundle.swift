import Analytics
import ClubProtocol
import Foundation
import Localization
import Store
import TeamCore

/// A stored session as the bundle that goes up to the club: read with the loader the review and
/// the exports use (the session row, its participants, every sample and RR interval, the laps),
/// plus its strap events, and named by UUID (`SessionBundle(rows:identities:strapEvents:)`).
/// Whatever else it says — the team's, players' and straps' names, the straps' battery, the review
/// flag — comes from the session's snapshot (`SessionSnapshot`, taken when it ended), never from rows
/// that change later: a finished session's bundle has the same bytes, and hash, for ever (decision 074).
///
/// Call it from the main thread or a dispatch queue, never from a Foundation `Thread`
/// (`recordedSeries` reads players in parallel with `concurrentPerform`).
public enum KioskSessionBundle {
    public static func make(store: SidelineStore, sessionID: Int64) throws -> SessionBundle {
        var session = try store.session(sessionID)
        guard let sessionUUID = session.uuid else { throw ClubSyncError.local(Message(N_("session {session} has no UUID"), ["session": "\(sessionID)"])) }
        guard let snapshot = try store.sessionSnapshot(sessionID) ?? { try store.takeSessionSnapshots(); return try store.sessionSnapshot(sessionID) }() else {
            throw ClubSyncError.local(Message(N_("session {session} has not ended"), ["session": "\(sessionID)"]))
        }
        session.reviewed = snapshot.reviewed
        let players = try store.sessionPlayers(sessionID)
        let series = try store.recordedSeries(sessionID)
        var input = SessionInput(session: session, players: players, samples: series.samples, rrIntervals: series.rrIntervals,
                                 laps: try store.laps(sessionID))
        // A drill started after the effort's end (a kiosk that died before it was kept) makes no phase: it stays home.
        let effortEnd = input.effortEndMs
        input.drills = try store.sessionDrills(sessionID).filter { $0.startMs < effortEnd }
            .map { DrillStart(name: $0.name, startMs: $0.startMs, endMs: $0.endMs.map { min($0, effortEnd) }) }
        let events = try store.strapEvents(sessionID)
        let team = try store.teamIdentity(id: session.teamID)

        var who: [Int64: BundleIdentities.PlayerIdentity] = [:]
        for p in players {
            guard let player = snapshot.players[p.playerID], let uuid = player.uuid else {
                throw ClubSyncError.local(Message(N_("session {session}: player {player} has no UUID"), ["session": "\(sessionID)", "player": "\(p.playerID)"]))
            }
            who[p.playerID] = .init(uuid: uuid, firstName: player.firstName, lastName: player.lastName)
        }
        var strapIDs = Set(players.compactMap(\.strapID)).union(events.map(\.strapID))
        for rows in series.samples.values { for row in rows { strapIDs.insert(row.strapID) } }
        var straps: [Int64: BundleStrap] = [:]
        for id in strapIDs {
            guard let strap = snapshot.straps[id] else { throw ClubSyncError.local(Message(N_("session {session}: strap {id} is not in its snapshot"), ["session": "\(sessionID)", "id": "\(id)"])) }
            straps[id] = BundleStrap(strap)
        }
        let ratings = try store.sessionRatings(sessionID)
        let identities = BundleIdentities(sessionUUID: sessionUUID, teamUUID: team.uuid, teamName: snapshot.teamName, players: who, straps: straps)
        do {
            return try SessionBundle(rows: input.rows, identities: identities, strapEvents: events, ratings: ratings)
        } catch {
            throw ClubSyncError.local(Message(N_("session {session}: {error}"), ["session": "\(sessionID)", "error": "\(error.description)"]))
        }
    }
}
