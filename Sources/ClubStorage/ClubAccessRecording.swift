import Foundation
import Logging

/// What every storage protocol of the routes and pages starts from: the server's log, and a line of the club's
/// access log in a transaction of its own (decision 071: each view, download and change is logged).
package protocol ClubAccessRecording: Sendable {
    var logger: Logger { get }
    func record(_ event: AccessEvent, by who: Accessor) async throws
}

extension ClubDatabase: ClubAccessRecording {
    package func record(_ event: AccessEvent, by who: Accessor) async throws { try await AccessLog.record(event, by: who, database: self) }
}
