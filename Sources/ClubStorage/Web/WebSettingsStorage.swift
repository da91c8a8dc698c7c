import ClubProtocol
import Foundation

/// What the club's settings page needs of the club's storage (decision 091): the settings, and a form's values saved.
package protocol WebSettingsStorage: ClubAccessRecording {
    func settings(club: UUID) async throws -> ClubSettings
    /// The fields of `values` that differ from the stored settings become roster-feed edits stamped as `user`'s; read,
    /// compared and written in one transaction. nil: nothing changed, nothing written.
    func saveSettings(_ values: [String: String], by user: WebUser) async throws -> RosterEditsResult?
}

extension ClubDatabase: WebSettingsStorage {
    package func settings(club: UUID) async throws -> ClubSettings {
        try await inClub(club) { [logger] c in try await ClubSettings.load(in: c, logger: logger) }
    }

    package func saveSettings(_ values: [String: String], by user: WebUser) async throws -> RosterEditsResult? {
        try await inClub(user.club) { [logger] c -> RosterEditsResult? in
            let current = try await ClubSettings.load(in: c, logger: logger)
            let changes: [WebRosterEdits.Change] = RosterSchema.fields(of: .settings).compactMap { field in
                guard let value = values[field], value != current.value(field) else { return nil }
                return (.settings, "club", field, .string(value))
            }
            guard !changes.isEmpty else { return nil }
            return try await WebRosterEdits.apply(changes, by: user, in: c, logger: logger)
        }
    }
}
