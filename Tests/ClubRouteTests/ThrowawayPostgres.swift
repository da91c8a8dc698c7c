import Foundation
import XCTest

/// A throwaway PostgreSQL 15 cluster (Debian's binaries) for the whole test target, as Tests/kit's Python one: a
/// temporary directory of the postgres user's (initdb refuses root), its Unix socket there and no TCP at all,
/// trust authentication, no fsync. Started by the first test that asks, stopped when the test process exits.
final class ThrowawayPostgres: Sendable {
    static let binaries = URL(fileURLWithPath: ProcessInfo.processInfo.environment["SIDELINE_PG_BIN"] ?? "/usr/lib/postgresql/15/bin")
    /// A socket directory of its own needs no other port.
    static let port = 5432

    let root: URL
    let runAs: [String]

    var socketDirectory: String { root.path }

    /// The one cluster of this process; nil when the binaries are missing (the caller skips and says why).
    static let shared: Result<ThrowawayPostgres, any Error>? = {
        guard FileManager.default.isExecutableFile(atPath: binaries.appendingPathComponent("initdb").path) else { return nil }
        let started = Result { try ThrowawayPostgres() }
        if case .success = started { atexit { if case .success(let cluster)? = ThrowawayPostgres.shared { cluster.stop() } } }
        return started
    }()

    /// The shared cluster, or an `XCTSkip` naming what is missing.
    static func running() throws -> ThrowawayPostgres {
        guard let shared else {
            throw XCTSkip("PostgreSQL 15 is not installed (no \(binaries.path)/initdb; deploy/scripts/setup.sh installs postgresql-15): the route tests need it")
        }
        return try shared.get()
    }

    private init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("sideline-route-pg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        if geteuid() == 0 {
            try FileManager.default.setAttributes([.ownerAccountName: "postgres", .groupOwnerAccountName: "postgres"], ofItemAtPath: root.path)
            runAs = ["/usr/sbin/runuser", "-u", "postgres", "--"]
        } else {
            runAs = []
        }
        try run("initdb", "-D", root.appendingPathComponent("data").path, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync")
        try run("pg_ctl", "-D", root.appendingPathComponent("data").path, "-l", root.appendingPathComponent("log").path, "-w", "-t", "60",
                "-o", "-p \(Self.port) -k \(root.path) -c listen_addresses='' -c fsync=off -c full_page_writes=off", "start")
    }

    func stop() {
        try? run("pg_ctl", "-D", root.appendingPathComponent("data").path, "-m", "immediate", "stop")
        try? FileManager.default.removeItem(at: root)
    }

    /// A URL `DatabaseURL` reads: over the cluster's socket, as `user`, to `database`.
    func url(user: String, database: String) -> String { "postgres://\(user)@/\(database)?host=\(socketDirectory)" }

    /// One of the cluster's programs, as its user; throws with its output when it fails. Spawned and waited for
    /// directly (posix_spawn, waitpid), its output to a file: Foundation's `Process` never saw `pg_ctl start`
    /// end here (its runuser stayed a zombie), and a pipe would be held open by the postmaster it leaves running.
    func run(_ program: String, _ arguments: String...) throws {
        let command = runAs + [Self.binaries.appendingPathComponent(program).path] + arguments
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("sideline-route-pg-\(program)-\(UUID().uuidString.prefix(8)).out").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, &argv, environ)
        guard spawned == 0 else { throw ClusterError(message: "cannot run \(command[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // Exited normally with 0 (WIFEXITED and WEXITSTATUS, which Swift does not import: they are macros).
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            throw ClusterError(message: "\(program) \(arguments.joined(separator: " ")) failed (wait status \(status)): \(text)")
        }
    }

    struct ClusterError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
