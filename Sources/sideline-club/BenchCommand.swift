import ArgumentParser
import ClubBench
import ClubStorage

struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Print the club's figures: ingest beside PostgreSQL's COPY, size per session-hour, document, list and season page times (run as the owner of a scratch database).")

    @OptionGroup var database: DatabaseOptions
    @Option(help: "Sessions to ingest (the issue's season is 200).") var sessions: Int = 20
    @Option(help: "Players per session.") var players: Int = 24
    @Option(help: "Minutes per session.") var minutes: Int = 90
    @Option(name: .customLong("list-sessions"), help: "Fill the club with short sessions up to this many before timing the list.")
    var listSessions: Int = 2000
    @Option(name: .customLong("season-players"), help: "The season page's team: players on its roster.") var seasonPlayers: Int = 40
    @Option(name: .customLong("season-sessions"), help: "The season page's team: its sessions (0: no season figure).") var seasonSessions: Int = 300

    func run() async throws {
        guard (1...1000).contains(sessions), (1...80).contains(players), (1...600).contains(minutes) else {
            throw ClubError(.badRequest, "--sessions 1…1000, --players 1…80, --minutes 1…600")
        }
        guard (1...80).contains(seasonPlayers), (0...2000).contains(seasonSessions) else {
            throw ClubError(.badRequest, "--season-players 1…80, --season-sessions 0…2000")
        }
        var asked = ClubBench.Options(sessions: sessions, players: players, minutes: minutes, listSessions: listSessions)
        asked.seasonPlayers = seasonPlayers
        asked.seasonSessions = seasonSessions
        let options = asked
        // The bench's own lines only: each stored session's log line would bury them.
        try await database.with(logLevel: .warning) { db in try await ClubBench.run(db, options: options, say: say) }
    }
}
