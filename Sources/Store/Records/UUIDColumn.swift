import Foundation

/// UUIDs in the store's `uuid` columns: text in lower case, as the club's roster keys are (one
/// record, one key), readable with any SQLite tool.
public enum UUIDColumn {
    public static func encode(_ uuid: UUID) -> String { uuid.uuidString.lowercased() }
    public static func decode(_ text: String?) -> UUID? { text.flatMap(UUID.init(uuidString:)) }
}
