import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOSSL

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

    /// How long a connection may stay silent before the server closes it (default of `serve --idle-timeout`).
    public static let defaultIdleTimeoutSeconds = 60

    /// `idleTimeoutSeconds`: Hummingbird's HTTP/1 idle timeout. Its clock restarts only when a whole
    /// request head (or body part) has been parsed or a response has ended, so it bounds both a silent
    /// connection and the read of a request's headers: a client dribbling a header byte at a time is
    /// closed as surely as one sending nothing. A request being answered is never cut by it.
    public static func run(database: ClubDatabase, host: String, port: Int, tls: TLSFiles?,
                           idleTimeoutSeconds: Int = defaultIdleTimeoutSeconds,
                           onListening: @escaping @Sendable (Int) -> Void) async throws {
        let router = Router(context: ClubRequestContext.self)
        router.middlewares.add(ResponseHeadersMiddleware())
        ClubRoutes(database: database).add(to: router)
        WebRoutes(database: database, tls: tls != nil).add(to: router)
        let http1 = HTTP1Channel.Configuration(idleTimeout: .seconds(Int64(idleTimeoutSeconds)))
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
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "sideline-club"),
            services: [database.client],
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? port) },
            logger: database.logger)
        try await app.runService()
    }
}
