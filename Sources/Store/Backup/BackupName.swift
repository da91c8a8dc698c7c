import Foundation

/// How backup files are named and ordered: `sideline-20260314-173000Z.sqlite` (UTC, so the
/// names sort by time across summer time and time zones), `-2`, `-3`… when a second backup
/// falls in the same second. Only files named so are ever listed, counted or pruned.
public struct BackupName: Comparable, Sendable {
    public let fileName: String
    /// When the backup was taken, to the second.
    public let date: Date
    let sequence: Int

    public static func make(at date: Date, sequence: Int = 1) -> BackupName {
        let stamp = stamp(date)
        let name = "sideline-\(stamp)Z" + (sequence > 1 ? "-\(sequence)" : "") + ".sqlite"
        return BackupName(fileName: name, date: Self.date(fromStamp: stamp) ?? date, sequence: sequence)
    }

    /// The name's date and sequence, or nil for any other file.
    public init?(fileName: String) {
        guard fileName.hasPrefix("sideline-"), fileName.hasSuffix(".sqlite") else { return nil }
        let core = fileName.dropFirst("sideline-".count).dropLast(".sqlite".count)
        let parts = core.split(separator: "Z", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 15, let date = Self.date(fromStamp: String(parts[0])) else { return nil }
        var sequence = 1
        if !parts[1].isEmpty {
            guard parts[1].hasPrefix("-"), let n = Int(parts[1].dropFirst()), n > 1 else { return nil }
            sequence = n
        }
        self.init(fileName: fileName, date: date, sequence: sequence)
    }

    private init(fileName: String, date: Date, sequence: Int) {
        self.fileName = fileName
        self.date = date
        self.sequence = sequence
    }

    public static func < (a: BackupName, b: BackupName) -> Bool {
        (a.date, a.sequence) < (b.date, b.sequence)
    }

    public static func == (a: BackupName, b: BackupName) -> Bool { a.fileName == b.fileName }

    /// `yyyyMMdd-HHmmss` in UTC, through the C library (no shared formatter object).
    static func stamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var t = tm()
        gmtime_r(&seconds, &t)
        return String(format: "%04d%02d%02d-%02d%02d%02d", Int(t.tm_year) + 1900, Int(t.tm_mon) + 1, Int(t.tm_mday),
                      Int(t.tm_hour), Int(t.tm_min), Int(t.tm_sec))
    }

    static func date(fromStamp text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 15, bytes[8] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int32? {
            var n: Int32 = 0
            for b in bytes[range] {
                guard (48...57).contains(b) else { return nil }
                n = n * 10 + Int32(b - 48)
            }
            return n
        }
        guard let y = number(0..<4), let mo = number(4..<6), let d = number(6..<8),
              let h = number(9..<11), let mi = number(11..<13), let s = number(13..<15),
              (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, s < 61 else { return nil }
        var t = tm()
        (t.tm_year, t.tm_mon, t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec) = (y - 1900, mo - 1, d, h, mi, s)
        let seconds = timegm(&t)
        // timegm normalises impossible dates (31 February): refuse those.
        guard stamp(Date(timeIntervalSince1970: Double(seconds))) == text else { return nil }
        return Date(timeIntervalSince1970: Double(seconds))
    }
}

/// A folder of backups: the newest, all of them in order, and pruning to the last N.
public struct BackupFolder: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// Oldest first; other files in the folder are not backups and are left alone.
    public func backups() -> [BackupName] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.compactMap(BackupName.init(fileName:)).sorted()
    }

    public var latest: BackupName? { backups().last }

    /// A name for a backup taken now that no file in the folder has.
    func freshName(at date: Date) -> BackupName {
        var sequence = 1
        while true {
            let name = BackupName.make(at: date, sequence: sequence)
            if !FileManager.default.fileExists(atPath: path + "/" + name.fileName) { return name }
            sequence += 1
        }
    }

    /// Deletes all but the newest `keep` backups; returns the names deleted.
    @discardableResult
    public func prune(keep: Int) throws -> [String] {
        let all = backups()
        guard keep >= 1, all.count > keep else { return [] }
        let doomed = all.prefix(all.count - keep).map(\.fileName)
        for name in doomed { try FileManager.default.removeItem(atPath: path + "/" + name) }
        return doomed
    }
}
