import ClubProtocol
import ClubServer
import ClubStorage
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PostgresNIO
import XCTest

/// The route tests' club: one database of the shared throwaway cluster, migrated once by the real `Migrator` as its
/// owner; each test a club of its own in it (tenancy keeps them apart), a kiosk enrolled through the API, an admin
/// who signs in, and the server's whole router driven in process (HummingbirdTesting's `.router`: no socket).
struct RouteRig: Sendable {
    static let owner = "sideline_owner", appRole = "sideline_app", databaseName = "sideline_routes"
    static let adminPassword = "correct horse battery"

    let client: any TestClientProtocol
    let club: ClubAdmin.Club
    let kioskToken: String
    let kioskID: UUID
    /// The club's admin (an e-mail names one user of the whole database: one a club).
    let adminEmail: String

    static var logger: Logger {
        var logger = Logger(label: "route-tests")
        logger.logLevel = .critical
        return logger
    }

    /// Runs `body` against a new club of the migrated database, its router served in process with the app role's pool.
    static func withClub(_ body: @Sendable (RouteRig) async throws -> Void) async throws {
        let cluster = try ThrowawayPostgres.running()
        try await Schema.shared.prepare(cluster)
        let ownerURL = try DatabaseURL.resolve(cluster.url(user: owner, database: databaseName))
        let appURL = try DatabaseURL.resolve(cluster.url(user: appRole, database: databaseName))
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let adminEmail = "admin-\(suffix)@club.example"
        let (club, code) = try await ClubDatabase.with(ownerURL, logger: logger) { db in
            let club = try await ClubAdmin.addClub(db, name: "club \(suffix)")
            let kiosk = try await ClubAdmin.addKiosk(db, club: club, name: "sideline kiosk")
            _ = try await ClubAdmin.addUser(db, club: club, email: adminEmail, role: .admin, team: nil, password: adminPassword)
            return (club, kiosk.code)
        }
        let database = ClubDatabase(url: appURL, logger: logger, deadline: .seconds(15))
        let app = Application(router: ClubServerApp.router(database: database, tls: false), logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await database.client.run() }
            defer { group.cancelAll() }
            try await app.test(.router) { client in
                let enrolled = try await client.execute(uri: "/api/v1/enrol", method: .post, headers: [.contentType: "application/json"],
                                                        body: json(EnrolmentRequest(code: code)))
                XCTAssertEqual(enrolled.status, .created, text(enrolled))
                let enrolment = try decode(Enrolment.self, enrolled)
                try await body(RouteRig(client: client, club: club, kioskToken: enrolment.token, kioskID: enrolment.kioskID,
                                            adminEmail: adminEmail))
            }
        }
    }

    /// The roles and the database (as the superuser, over the socket), then the schema by `sideline-club migrate`'s code: once a process.
    actor Schema {
        static let shared = Schema()
        private var ready: Task<Void, any Error>?

        func prepare(_ cluster: ThrowawayPostgres) async throws {
            if ready == nil {
                ready = Task {
                    let configuration = PostgresConnection.Configuration(unixSocketPath: "\(cluster.socketDirectory)/.s.PGSQL.\(ThrowawayPostgres.port)",
                                                                         username: "postgres", password: nil, database: "postgres")
                    let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: RouteRig.logger)
                    for statement in ["CREATE ROLE \(RouteRig.owner) LOGIN", "CREATE ROLE \(RouteRig.appRole) LOGIN",
                                      "CREATE DATABASE \(RouteRig.databaseName) OWNER \(RouteRig.owner)"] {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: RouteRig.logger)
                    }
                    try await connection.close()
                    let ownerURL = try DatabaseURL.resolve(cluster.url(user: RouteRig.owner, database: RouteRig.databaseName))
                    _ = try await ClubDatabase.with(ownerURL, logger: RouteRig.logger) { try await Migrator.migrate($0, appRole: RouteRig.appRole) }
                }
            }
            try await ready!.value
        }
    }

    // MARK: Requests

    /// A kiosk's request with its token.
    func kiosk(_ method: HTTPRequest.Method, _ uri: String, body: ByteBuffer? = nil, headers: HTTPFields = [:]) async throws -> TestResponse {
        var headers = headers
        headers[.authorization] = "Bearer \(kioskToken)"
        if body != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
        return try await client.execute(uri: uri, method: method, headers: headers, body: body)
    }

    /// Uploads `bundle` as a kiosk does (announce, one chunk, commit) and answers the commit's response.
    func upload(_ bundle: SessionBundle) async throws -> TestResponse {
        let canonical = try bundle.canonicalBytes()
        let packed = Gzip.compress(canonical)
        let announce = UploadRequest(sessionUUID: bundle.session.uuid, sha256: CanonicalJSON.sha256Hex(canonical), length: packed.count,
                                     readingsSHA256: CanonicalJSON.sha256Hex(try bundle.withoutRatings.canonicalBytes()))
        let created = try await kiosk(.post, "/api/v1/kiosk/uploads", body: Self.json(announce))
        XCTAssertEqual(created.status, .created, Self.text(created))
        let state = try Self.decode(UploadState.self, created)
        let id = state.uploadID.uuidString.lowercased()
        let appended = try await kiosk(.patch, "/api/v1/kiosk/uploads/\(id)", body: ByteBuffer(bytes: packed),
                                       headers: [HTTPField.Name("Upload-Offset")!: "0", .contentType: "application/offset+octet-stream"])
        XCTAssertEqual(appended.status, .ok, Self.text(appended))
        XCTAssertEqual(try Self.decode(UploadState.self, appended).offset, packed.count)
        return try await kiosk(.post, "/api/v1/kiosk/uploads/\(id)/commit")
    }

    // MARK: Bodies

    static func json(_ value: some Encodable) throws -> ByteBuffer { ByteBuffer(bytes: try CanonicalJSON.encode(value)) }

    static func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
        try CanonicalJSON.decode(type, from: Data(response.body.readableBytesView))
    }

    static func text(_ response: TestResponse) -> String { String(buffer: response.body) }
}
