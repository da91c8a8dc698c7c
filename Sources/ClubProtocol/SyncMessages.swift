import Foundation

/// Every refusal's body: one plain sentence saying why.
public struct ErrorBody: Codable, Sendable, Equatable {
    public var error: String
    public init(error: String) { self.error = error }
}

/// `POST /api/v1/enrol`: a kiosk trades the one-time code its admin printed for its token.
public struct EnrolmentRequest: Codable, Sendable, Equatable {
    public var code: String
    public init(code: String) { self.code = code }
}

public struct Enrolment: Codable, Sendable, Equatable {
    public var clubID: UUID
    public var clubName: String
    public var kioskID: UUID
    public var kioskName: String
    /// The kiosk's bearer token from now on; the server keeps only its hash.
    public var token: String
    public var serverTimeMs: Int64

    public init(clubID: UUID, clubName: String, kioskID: UUID, kioskName: String, token: String, serverTimeMs: Int64) {
        self.clubID = clubID
        self.clubName = clubName
        self.kioskID = kioskID
        self.kioskName = kioskName
        self.token = token
        self.serverTimeMs = serverTimeMs
    }
}

/// `POST /api/v1/kiosk/uploads`: the start of a session's resumable upload (in the manner of tus):
/// the bytes to come are the gzip of the bundle's canonical bytes, `length` of them.
public struct UploadRequest: Codable, Sendable, Equatable {
    public var sessionUUID: UUID
    /// SHA-256 hex of the canonical (uncompressed) bytes.
    public var sha256: String
    /// Bytes of the gzip stream.
    public var length: Int
    /// SHA-256 hex of the bundle without its ratings (`SessionBundle.withoutRatings`): when the club holds
    /// the session with other ratings and the same readings, the upload replaces the ratings (decision 067).
    /// Absent from kiosks before format 2: any other content is refused at once, as before.
    public var readingsSHA256: String?

    public init(sessionUUID: UUID, sha256: String, length: Int, readingsSHA256: String? = nil) {
        self.sessionUUID = sessionUUID
        self.sha256 = sha256
        self.length = length
        self.readingsSHA256 = readingsSHA256
    }

    /// The most one upload may send compressed, and the most it may inflate to.
    public static let maxLength = 64 * 1024 * 1024
    public static let maxBundleBytes = InputBounds.bundleBytes
    /// The most one PATCH may carry (a kiosk sends 256 kB): a server reads a few at once, each copied twice.
    public static let maxChunk = 2 * 1024 * 1024
}

/// An upload under way: send from `offset` (PATCH with `Upload-Offset`), then commit.
public struct UploadState: Codable, Sendable, Equatable {
    public var uploadID: UUID
    public var sessionUUID: UUID
    public var offset: Int
    public var length: Int
    public var expiresMs: Int64

    public init(uploadID: UUID, sessionUUID: UUID, offset: Int, length: Int, expiresMs: Int64) {
        self.uploadID = uploadID
        self.sessionUUID = sessionUUID
        self.offset = offset
        self.length = length
        self.expiresMs = expiresMs
    }
}

/// A session the club holds: the answer to a commit, and to a new upload of a session already
/// stored with the same hash (nothing more to send).
public struct StoredSession: Codable, Sendable, Equatable {
    public var sessionUUID: UUID
    public var sha256: String
    /// True when this request stored it; false when it was there already.
    public var created: Bool
    /// True when what was offered is an older form of the stored session: the club rewrote it
    /// without a player erased since (`sha256` is the stored one). Nothing more to send. Absent
    /// from servers before erasures.
    public var superseded: Bool?

    public init(sessionUUID: UUID, sha256: String, created: Bool, superseded: Bool? = nil) {
        self.sessionUUID = sessionUUID
        self.sha256 = sha256
        self.created = created
        self.superseded = superseded
    }
}

/// `GET /api/v1/kiosk/status`: what the club knows of this kiosk, and its time.
public struct SyncStatus: Codable, Sendable, Equatable {
    public var clubName: String
    public var kioskName: String
    public var serverTimeMs: Int64
    /// The club's change feed's last number.
    public var rosterSeq: Int64
    /// Sessions this kiosk uploaded that the club holds.
    public var sessionsStored: Int
    public var lastSeenMs: Int64?
    /// How many players the club has erased. Fewer than a kiosk knows the club acknowledged: the club's
    /// database was restored from a backup, and the kiosk sends them all again. Absent from servers before erasures.
    public var playersErased: Int?
    /// The session bundle formats the club takes (every one from the lowest to the highest); a kiosk sends
    /// no bundle of another format, and keeps it until the server takes it (decision 082). Absent from
    /// servers before that decision: the kiosk learns from their refusal.
    public var bundleFormats: [Int]?

    public init(clubName: String, kioskName: String, serverTimeMs: Int64, rosterSeq: Int64, sessionsStored: Int, lastSeenMs: Int64?,
                playersErased: Int? = nil, bundleFormats: [Int]? = nil) {
        self.clubName = clubName
        self.kioskName = kioskName
        self.serverTimeMs = serverTimeMs
        self.rosterSeq = rosterSeq
        self.sessionsStored = sessionsStored
        self.lastSeenMs = lastSeenMs
        self.playersErased = playersErased
        self.bundleFormats = bundleFormats
    }
}

/// One line of `GET /api/v1/sessions`, the read API for a club's scripts.
public struct SessionListItem: Codable, Sendable, Equatable {
    public var uuid: UUID
    public var team: String
    /// ISO 8601, UTC.
    public var start: String
    public var players: Int

    public init(uuid: UUID, team: String, start: String, players: Int) {
        self.uuid = uuid
        self.team = team
        self.start = start
        self.players = players
    }
}
