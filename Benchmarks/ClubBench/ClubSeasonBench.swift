import Analytics
import ClubProtocol
import ClubStorage
import ClubWeb
import Foundation
import Logging
import TeamCore

/// The season page's server time (issue 24: ≤ 100 ms for 40 players × 300 sessions): a team of
/// `players` on the roster, `sessions` of theirs stored through the server's own path (stored, then
/// analysed once and their figures kept, as after an upload), every fifth a readiness check; then
/// the team's season page made as a request makes it — roster, kept figures, the season analysis,
/// the HTML — timed 20 times; then the weekly team report of the same team (issue 36), 20 times.
enum ClubSeasonBench {
    static func run(_ database: ClubDatabase, players: Int, sessions: Int, say: @Sendable (String) -> Void) async throws {
        let logger = database.logger
        let club = UUID(), team = UUID()
        try await database.inClub(club) { c in
            try await c.collect("INSERT INTO club(id, name) VALUES (\(club), \("season bench " + club.uuidString.lowercased()))", logger: logger)
        }
        var rng = SystemRandomNumberGenerator()
        let people = (0..<players).map { _ in UUID(random: &rng) }
        let stamp = HybridTimestamp(wallMs: Int64(Date().timeIntervalSince1970 * 1000), origin: "bench")
        var edits = [RosterEdit(entity: .team, key: team.uuidString.lowercased(), field: "name", value: .string("Bench U17"), stamp: stamp)]
        for (i, p) in people.enumerated() {
            let key = p.uuidString.lowercased()
            edits += [RosterEdit(entity: .player, key: key, field: "firstName", value: .string("Player"), stamp: stamp),
                      RosterEdit(entity: .player, key: key, field: "lastName", value: .string("\(i + 1)"), stamp: stamp),
                      RosterEdit(entity: .membership, key: RosterSchema.membershipKey(team: team, player: p), field: "shirtNumber",
                                 value: .integer(Int64(i + 1)), stamp: stamp)]
        }
        try await database.inClub(club) { [edits] c in _ = try await RosterStore.apply(edits, club: club, nowMs: Int64(Date().timeIntervalSince1970 * 1000), in: c, logger: logger) }

        // A session a day or so over the season before `today`, ending yesterday.
        let today = CalendarDay(Date(), in: .current)
        let dayMs: Int64 = 86_400_000
        let first = Int64(Date().timeIntervalSince1970 * 1000) - Int64(sessions) * dayMs
        let cache = SessionAnalysisCache(database: database)
        let storing = ContinuousClock.now
        for s in 0..<sessions {
            var bundle = SyntheticSession.make(seed: UInt64(50_000 + s), players: players, minutes: 2, startedMs: first + Int64(s) * dayMs)
            bundle.session.teamUUID = team
            for i in bundle.participants.indices { bundle.participants[i].playerUUID = people[i] }
            if s % 5 == 4 { bundle.session.tags = ["readiness", "sitting"] }
            let hash = try bundle.contentHash()
            try await database.inClub(club) { [bundle] c in
                _ = try await SessionStore.store(bundle, sha256: hash, kiosk: nil, club: club, in: c, logger: logger)
            }
            try await cache.compute(club: club, session: bundle.session.uuid)
        }
        say(String(format: "season: %d sessions × %d players stored and analysed once each in %.0f s (not timed below)",
                   sessions, players, ClubBench.seconds(ContinuousClock.now - storing)))

        // A club's live database has its statistics from autovacuum; a table just filled has none, and the
        // planner then guesses one row where there are 12 000 (a nested loop: 20 ms where 0.3 ms will do).
        try await database.inTransaction { c in
            try await c.collect("ANALYZE session, session_participant, session_document, session_load, roster_field", logger: logger)
        }
        let pages = WebSeasonPages(storage: database)
        let user = WebUser(id: UUID(), club: club, clubName: "bench", email: "bench@example.org", isAdmin: true, team: nil, csrfToken: "")
        var times: [Double] = []
        var bytes = 0
        for _ in 0..<20 {
            let begin = ContinuousClock.now
            let response = try await pages.table(user, team: team, on: today)
            bytes = response.body.contentLength ?? 0
            times.append(ClubBench.seconds(ContinuousClock.now - begin) * 1000)
        }
        // Where the time goes, part by part (the page does each once).
        var parts: [(String, Double)] = []
        func timed<T>(_ name: String, _ work: () async throws -> T) async rethrows -> T {
            let begin = ContinuousClock.now
            defer { parts.append((name, ClubBench.seconds(ContinuousClock.now - begin) * 1000)) }
            return try await work()
        }
        let roster = try await timed("roster") { try await database.team(team, visibleTo: user) }
        let members = roster.roster.roster(of: team).map { ClubSeason.Player(uuid: $0.player.uuid, name: $0.player.fullName, number: $0.member.shirtNumber) }
        _ = try await timed("missing") { try await cache.missing(club: club, players: members.map(\.uuid)) }
        _ = try await timed("figures") { try await database.inClub(club) { c in try await ClubSeason.load(players: members, in: c, logger: logger) } }
        let season = try await timed("figures with the comparison's zones") {
            try await database.inClub(club) { c in try await ClubSeason.load(players: members, comparisonOn: today, in: c, logger: logger) }
        }
        _ = try await timed("figures for a player's page (its weeks' zones too)") {
            try await database.inClub(club) { c in
                try await ClubSeason.load(players: members, zonesOn: [today.adding(days: 1 - WebSeasonPages.historyDays)...today], comparisonOn: today,
                                          in: c, logger: logger)
            }
        }
        _ = await timed("analysis") { season.table(on: today) }
        _ = await timed("this season against the last") { season.seasonComparison(player: nil) }
        let flags = try await WebTeamReport(storage: database).flags(user, team: team, season: season, on: today)
        _ = await timed("the HTML") { WebSeasonPages.tablePage(user, team: team, name: roster.name, season: season, flags: flags, on: today).response }
        say("season page parts: " + parts.map { String(format: "%@ %.1f ms", $0.0, $0.1) }.joined(separator: ", "))
        say(String(format: "season table of %d players × %d sessions (the page: roster, kept figures, analysis, HTML of %d kB): p50 %.1f ms, p95 %.1f ms (goal ≤ 100)",
                   players, sessions, bytes / 1000, ClubBench.percentile(times, 0.5), ClubBench.percentile(times, 0.95)))
        // The weekly team report (issue 36, item 6: ≤ 150 ms): the same season, its week, the flags with the team's straps.
        let report = WebTeamReport(storage: database)
        var reportTimes: [Double] = []
        for _ in 0..<20 {
            let begin = ContinuousClock.now
            let response = try await report.page(user, team: team, on: today)
            bytes = response.body.contentLength ?? 0
            reportTimes.append(ClubBench.seconds(ContinuousClock.now - begin) * 1000)
        }
        say(String(format: "weekly report of %d players × %d sessions (roster, kept figures, straps, analysis, flags, HTML of %d kB): p50 %.1f ms, p95 %.1f ms (goal ≤ 150)",
                   players, sessions, bytes / 1000, ClubBench.percentile(reportTimes, 0.5), ClubBench.percentile(reportTimes, 0.95)))
        if ProcessInfo.processInfo.environment["SIDELINE_CLUB_BENCH_KEEP"] == nil {
            try await database.inClub(club) { c in try await c.collect("DELETE FROM club WHERE id = \(club)", logger: logger) }
        }
    }
}
