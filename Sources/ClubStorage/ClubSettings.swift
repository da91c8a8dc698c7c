import Analytics
import ClubProtocol
import Foundation
import Localization
import Logging
import PostgresNIO
import TeamCore

/// The settings a club shares with its kiosks, read back from the change feed's fields (entity
/// `settings`, key `club`): a field never set is the kiosk's default, as a kiosk that never pulled
/// one reads it.
public struct ClubSettings: Sendable, Equatable {
    var values: [String: String] = [:]

    /// The settings as a kiosk holding these values reads them: a field never set, or not readable,
    /// is the kiosk's default.
    package var kiosk: KioskSettings {
        KioskSettings { key in RosterSchema.sharedSettings.first { $0.kioskKey == key }.flatMap { values[$0.field] } }
    }

    /// A field's value as the kiosks hold it (the default when never set).
    package func value(_ field: String) -> String {
        guard let key = RosterSchema.sharedSettings.first(where: { $0.field == field })?.kioskKey else { return "" }
        return kiosk.keyValues.first { $0.0 == key }?.1 ?? ""
    }

    /// Where the season's load status changes its word (Polar's until the club moves them).
    var loadStatus: LoadStatusThresholds { LoadStatusThresholds(settings: kiosk) }

    package var seasonStart: SeasonStart { kiosk.seasonStart }

    /// How long the club keeps sessions (`ClubRetention`, and every kiosk's own daily job).
    var retention: SessionRetention { kiosk.retention }

    package static func load(in connection: PostgresConnection, logger: Logger) async throws -> ClubSettings {
        var settings = ClubSettings()
        let rows = try await connection.collect("SELECT field, value FROM roster_field WHERE entity = 'settings' AND key = 'club'", logger: logger)
        for try await (field, text) in rows.decode((String, String).self) {
            if let string = (try? CanonicalJSON.decode(RosterValue.self, from: Data(text.utf8)))?.string { settings.values[field] = string }
        }
        return settings
    }
}

extension ClubSettings {
    /// `sideline-club settings --retention-months N`: the club's rule set as a person's edit in the change feed
    /// (every kiosk pulls it), logged as `who`'s change; false when it already was N.
    public static func setRetention(months: Int, club: UUID, database: ClubDatabase, loggedAs who: Accessor) async throws -> Bool {
        guard SessionRetention.monthsRange.contains(months) else {
            throw ClubError.badRequest(Message(N_admin("--retention-months {months}: from 1 to {most}, or 0 to keep sessions for good"),
                                         ["months": "\(months)", "most": "\(SessionRetention.monthsRange.upperBound)"]))
        }
        return try await database.inClub(club) { c in
            guard try await load(in: c, logger: database.logger).retention.months != months else { return false }
            _ = try await WebRosterEdits.apply([(.settings, "club", "retentionMonths", .string("\(months)"))],
                                               origin: "command:\(ProcessInfo.processInfo.userName)".prefix(64).description,
                                               club: club, loggedAs: who, in: c, logger: database.logger)
            return true
        }
    }

    /// The club's retention rule as its settings hold it now, in a sentence.
    public static func retentionRule(club: UUID, database: ClubDatabase) async throws -> String {
        try await database.inClub(club) { c in try await load(in: c, logger: database.logger).retention.sentence }
    }
}
