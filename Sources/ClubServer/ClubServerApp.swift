import ClubAPI
import ClubServerHTTP
import ClubStorage
import ClubWeb
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOSSL
import ServiceLifecycle

/// `sideline-club serve`: the HTTP API on HOST:PORT (TLS with the club's own certificate, or plain
/// behind the club's proxy), the database's connection pool, both run until SIGTERM or SIGINT.
public enum ClubServerApp {
    public struct TLSFiles: Sendable {
        public var certificate: String
        public var key: String
        public init(certificate: String, key: String) {
            self.certificate = certificate
            self.key = key
        }
    }

    /// What `serve` lets its clients hold (docs/CLUB-OPERATIONS.md, "Limits"; decision 069).
    public struct Limits: Sendable, Equatable {
        /// How long a connection may stay silent, or take to send a request's headers, before the server
        /// closes it (`serve --idle-timeout`). Hummingbird's HTTP/1 idle timeout: its clock restarts only
        /// when a whole request head (or body part) has been parsed or a response has ended, so it bounds
        /// both a silent connection and the read of a request's headers — a client dribbling a header byte
        /// at a time is closed as surely as one sending nothing. A request being answered is never cut by it.
        public var idleTimeoutSeconds = 60
        /// Connections open at once (`serve --max-connections`); past it the next waits in the listen
        /// backlog until one closes. Below the unit's `LimitNOFILE=8192`, with room for the pool and files.
        public var maxConnections = 4096
        /// After SIGTERM, how long requests under way may finish before they are cancelled; the server
        /// has ended within this and `cancellationSeconds` more (`serve --shutdown-grace`).
        public var shutdownGraceSeconds = 3
        /// How long cancelled requests may take to end before swift-service-lifecycle ends the process itself
        /// (a trap, whose backtrace takes seconds more under load: 4 s of grace and 4 of cancellation ended past
        /// 10 s at load 6–8). Cancellation is prompt or stuck; 2 s tells them apart.
        public static let cancellationSeconds = 2
        /// How often the expired uploads of every club are deleted.
        public var uploadSweepSeconds = 600
        /// How often each club's retention is applied (`ClubRetention`): daily, and at start.
        public var retentionSeconds = 86_400

        public init() {}
    }

    /// Every route of the server, the kiosks' API before the pages, over `database`: what `run` serves, and what the
    /// route tests drive in process (HummingbirdTesting's `.router`). `tls`: the pages' cookies are marked Secure.
    public static func router(database: ClubDatabase, formats: BundleFormatsTaken = .current, tls: Bool) -> Router<ClubRequestContext> {
        let router = Router(context: ClubRequestContext.self)
        router.middlewares.add(ResponseHeadersMiddleware())
        ClubRoutes(storage: database, formats: formats).add(to: router)
        WebRoutes(storage: database, tls: tls).add(to: router)
        return router
    }

    public static func run(database: ClubDatabase, host: String, port: Int, tls: TLSFiles?, limits: Limits = Limits(),
                           formats: BundleFormatsTaken = .current, onListening: @escaping @Sendable (Int) -> Void) async throws {
        let router = router(database: database, formats: formats, tls: tls != nil)
        let http1 = HTTP1Channel.Configuration(idleTimeout: .seconds(Int64(limits.idleTimeoutSeconds)))
        let server: HTTPServerBuilder
        if let tls {
            let chain: [NIOSSLCertificate], key: NIOSSLPrivateKey
            do {
                chain = try NIOSSLCertificate.fromPEMFile(tls.certificate)
                key = try NIOSSLPrivateKey(file: tls.key, format: .pem)
            } catch {
                throw ClubError.badRequest("TLS: cannot read the certificate '\(tls.certificate)' or key '\(tls.key)' as PEM (\(error))")
            }
            let configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
            server = try .tls(.http1(configuration: http1), tlsConfiguration: configuration)
        } else {
            server = .http1(configuration: http1)
        }
        let app = Application(
            router: router, server: server,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "sideline-club",
                                                    availableConnectionsDelegate: .maximum(limits.maxConnections, logger: database.logger)),
            services: [database.client, UploadSweep(database: database, interval: .seconds(limits.uploadSweepSeconds)),
                       RetentionJob(database: database, interval: .seconds(limits.retentionSeconds))],
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? port) },
            logger: database.logger)
        // Requests under way get the grace to finish, then are cancelled; a transaction waiting on a
        // PostgreSQL that has gone away ends at its deadline or its cancellation, whichever comes first.
        var group = ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: database.logger)
        group.maximumGracefulShutdownDuration = .seconds(limits.shutdownGraceSeconds)
        group.maximumCancellationDuration = .seconds(min(Limits.cancellationSeconds, limits.shutdownGraceSeconds))
        try await ServiceGroup(configuration: group).run()
    }
}

/// Deletes the expired uploads of every club on a timer (`UploadStore.sweepExpired`), so what a kiosk left
/// half-sent goes even if that kiosk never comes back.
struct UploadSweep: Service {
    let database: ClubDatabase
    let interval: Duration

    func run() async throws {
        while !Task.isShuttingDownGracefully {
            do {
                let swept = try await UploadStore.sweepExpired(database)
                if swept > 0 { database.logger.info("\(swept) expired unfinished uploads deleted") }
            } catch is CancellationError {
                return
            } catch {
                database.logger.warning("the sweep of expired uploads failed (\(error)); it runs again in \(interval)")
            }
            let interval = interval
            do { try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) } } catch { return }
        }
    }
}
