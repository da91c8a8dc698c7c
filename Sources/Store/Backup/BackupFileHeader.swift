import Foundation

/// The first 100 bytes of an SQLite file, judged before SQLite opens it: a backup is a file
/// someone else may have written (a stranger's USB stick), and some of what its header says
/// SQLite believes — how many pages there are — or keeps for good in the database it is restored
/// into (text encoding, auto-vacuum, reserved bytes, user_version, application_id).
///
/// What is checked here, and why (https://sqlite.org/fileformat2.html#the_database_header):
/// - the size: a page count that is not the file's (SQLite calls a count beyond the file
///   malformed, and reads only as many pages as a smaller count says), and a file larger than
///   `DatabaseRestore.maxBytes` — `integrity_check` reads every page, minutes for gigabytes on a
///   Pi, and the copy would fill its card. Said here in plain words, before SQLite opens it.
/// - what persists in the file and changes how the restored database behaves: UTF-16 text (every
///   string converted on every read), auto-vacuum (pages moved at every commit, once a second
///   while recording), reserved bytes at the end of every page (an encrypting or checksumming
///   SQLite wrote it, and the backup API would carry them into the kiosk's database).
/// - what Sideline never sets: user_version and application_id stay 0 in its files (its schema
///   version is in `grdb_migrations`); other values mean another program wrote or changed it.
/// Pragmas that do not persist (recursive_triggers, foreign_keys, trusted_schema…) cannot come
/// with a file; the journal mode is any SQLite's own and changes nothing here (the restored
/// database keeps its WAL); a page size other than the database's is refused by the restore
/// itself (the backup API cannot copy it into a WAL database).
struct BackupFileHeader: Equatable {
    let pageSize: Int
    let writeVersion: UInt8, readVersion: UInt8
    let reservedBytes: UInt8
    let changeCounter: UInt32, validFor: UInt32
    let headerPages: UInt32
    let largestRootPage: UInt32
    let textEncoding: UInt32
    let userVersion: UInt32
    let applicationID: UInt32

    static let magic = Array("SQLite format 3\0".utf8)

    /// nil when `bytes` (the file's first 100 or more) are not an SQLite header at all.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 100, Array(bytes[0..<16]) == Self.magic else { return nil }
        func u16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        func u32(_ i: Int) -> UInt32 { UInt32(u16(i)) << 16 | UInt32(u16(i + 2)) }
        let raw = u16(16)
        pageSize = raw == 1 ? 65536 : raw
        writeVersion = bytes[18]
        readVersion = bytes[19]
        reservedBytes = bytes[20]
        changeCounter = u32(24)
        headerPages = u32(28)
        largestRootPage = u32(52)
        textEncoding = u32(56)
        userVersion = u32(60)
        applicationID = u32(68)
        validFor = u32(92)
    }

    /// Larger than a Sideline database gets: refused before it is copied or read.
    static func sizeProblem(_ fileSize: Int, maxBytes: Int) -> String? {
        fileSize <= maxBytes ? nil : "at \(fileSize >> 20) MB it is larger than a Sideline database gets (at most \(maxBytes >> 20) MB)"
    }

    /// The one-line reason a file of `fileSize` bytes with this header is not restored, or nil.
    func problem(fileSize: Int, maxBytes: Int) -> String? {
        guard pageSize >= 512, pageSize <= 65536, pageSize & (pageSize - 1) == 0 else {
            return "it is damaged (a page size of \(pageSize) bytes)"
        }
        guard [1, 2].contains(writeVersion), [1, 2].contains(readVersion) else {
            return "it is damaged (file format versions \(writeVersion)/\(readVersion))"
        }
        if let problem = Self.sizeProblem(fileSize, maxBytes: maxBytes) { return problem }
        guard fileSize % pageSize == 0, fileSize >= pageSize else { return "it is damaged (its size is not a whole number of pages)" }
        let pages = fileSize / pageSize
        if changeCounter == validFor, headerPages != 0, Int(headerPages) != pages {
            return "its header says it has \(headerPages) pages, but the file holds \(pages)"
        }
        guard textEncoding == 1 else { return "its text is UTF-16 (PRAGMA encoding), not UTF-8 as Sideline writes it" }
        guard largestRootPage == 0 else { return "it uses PRAGMA auto_vacuum, which Sideline does not" }
        guard reservedBytes == 0 else { return "it reserves \(reservedBytes) bytes of every page (an encrypting or checksumming SQLite wrote it)" }
        guard userVersion == 0 else { return "its PRAGMA user_version is \(userVersion); Sideline leaves it 0 (another program wrote or changed the file)" }
        guard applicationID == 0 else { return "its PRAGMA application_id is \(applicationID); Sideline leaves it 0 (another program wrote the file)" }
        return nil
    }
}
