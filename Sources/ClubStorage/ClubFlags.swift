import Analytics
import ClubProtocol
import Foundation
import Logging
import PostgresNIO
import TeamCore

/// A team's flags at the club (`TeamFlags`, the kiosk's rules) from the club's own data: the season it
/// keeps (`ClubSeason`), each player's HRmax on the roster, and the straps its sessions name. The club
/// hears a strap only through sessions: a strap's battery is the one its latest session of the team
/// carried, and "last seen" that session's end (decision 076).
package enum ClubFlags {
    /// How far back the team's sessions are read for its straps: a strap not worn for four weeks is no longer the team's.
    static let strapDays = 28

    package static func list(season: ClubSeason, roster: [(member: ClubRoster.Member, player: ClubRoster.Player)], straps: [FlagInput.Strap],
                     on day: CalendarDay, dismissed: Set<String> = []) -> FlagList {
        let formula = season.settings.kiosk.maxFormula
        let rows = season.table(on: day)
        let players = zip(roster, rows).map { entry, row -> FlagInput.Player in
            let p = entry.player
            let estimate = p.birthYear.map { formula.estimate(age: max(0, day.components.year - $0)) } ?? 0
            return FlagInput.Player(id: p.uuid.uuidString.lowercased(), row: row, maxHR: p.maxHR.map(Double.init) ?? estimate,
                                    maxSource: p.maxHR != nil ? .measured : Physiology.MaxSource(rawValue: formula.rawValue) ?? .tanaka)
        }
        return TeamFlags.list(FlagInput(day: day, players: players, straps: straps), dismissed: dismissed, thresholds: season.thresholds)
    }

    /// The keys dismissed for `day` in the team's list (migration 12).
    package static func dismissed(team: UUID, on day: CalendarDay, in connection: PostgresConnection, logger: Logger) async throws -> Set<String> {
        Set(try await connection.collect("SELECT flag_key FROM flag_dismissal WHERE team_uuid = \(team) AND day = \(day.description)::date",
                                         logger: logger).decode(String.self).all())
    }

    /// Dismisses a flag of the team's list for `day` (a second time changes nothing); the caller checks the key is in that day's list.
    package static func dismiss(club: UUID, team: UUID, key: String, on day: CalendarDay, in connection: PostgresConnection, logger: Logger) async throws {
        try await connection.collect("""
            INSERT INTO flag_dismissal(club_id, team_uuid, day, flag_key) VALUES (\(club), \(team), \(day.description)::date, \(key))
            ON CONFLICT DO NOTHING
            """, logger: logger)
    }

    private struct Straps: Decodable { var straps: [BundleStrap] }

    /// The straps of the team's sessions of the `strapDays` days up to `day`, each as its latest session left it.
    package static func straps(team: UUID, on day: CalendarDay, in connection: PostgresConnection, logger: Logger,
                       calendar: Calendar = .current) async throws -> [FlagInput.Strap] {
        let (y, m, d) = day.adding(days: 1).components
        let end = (calendar.date(from: DateComponents(year: y, month: m, day: d)) ?? Date()).unixMs  // the day's end, local
        let start = end - Int64(strapDays) * 86_400_000
        let rows = try await connection.collect("""
            SELECT COALESCE(ended_ms, started_ms), extras::text FROM session
            WHERE team_uuid = \(team) AND started_ms >= \(start) AND started_ms < \(end) ORDER BY started_ms DESC
            """, logger: logger)
        var out: [FlagInput.Strap] = [], seen = Set<String>()
        for try await (endedMs, extras) in rows.decode((Int64, String).self) {
            guard let straps = try? JSONDecoder().decode(Straps.self, from: Data(extras.utf8)).straps else { continue }
            for s in straps where seen.insert(s.address).inserted {
                out.append(FlagInput.Strap(address: s.address, name: s.name, wornBy: nil, battery: s.lastBattery,
                                           lastSeen: CalendarDay(Date(unixMs: endedMs), in: calendar)))
            }
        }
        return out.sorted { $0.address < $1.address }
    }
}
