import ArgumentParser
import ClubServer

struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Print the club's figures: ingest beside PostgreSQL's COPY, size per session-hour, document and list times (run as the owner of a scratch database).")

    @OptionGroup var database: DatabaseOptions
    @Option(help: "Sessions to ingest (the issue's season is 200).") var sessions: Int = 20
    @Option(help: "Players per session.") var players: Int = 24
    @Option(help: "Minutes per session.") var minutes: Int = 90
    @Option(name: .customLong("list-sessions"), help: "Fill the club with short sessions up to this many before timing the list.")
    var listSessions: Int = 2000

    func run() async throws {
        guard (1...1000).contains(sessions), (1...80).contains(players), (1...600).contains(minutes) else {
            throw ClubError(.badRequest, "--sessions 1…1000, --players 1…80, --minutes 1…600")
        }
        let options = ClubBench.Options(sessions: sessions, players: players, minutes: minutes, listSessions: listSessions)
        // The bench's own lines only: each stored session's log line would bury them.
        try await database.with(logLevel: .warning) { db in try await ClubBench.run(db, options: options, say: say) }
    }
}
