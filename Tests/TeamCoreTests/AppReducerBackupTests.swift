import XCTest
@testable import TeamCore

final class AppReducerBackupTests: XCTestCase {
    func testRestoreFromAStickAsksFirstAndOnlyBehindThePin() {
        var s = AppState(year: 2026)
        let status = BackupStatus(lastBackup: "14 Mar 17:30, USB stick", stickBackup: "of 14 Mar 17:30")
        XCTAssertEqual(AppReducer.reduce(&s, .backupStatus(status)), [])
        XCTAssertEqual(s.backups, status)
        XCTAssertEqual(AppReducer.reduce(&s, .restoreFromStick), [], "not from the team picker: the settings sit behind the PIN")
        XCTAssertNil(s.confirmation)

        s.screen = .settings
        XCTAssertEqual(AppReducer.reduce(&s, .restoreFromStick), [], "a question first, no effect")
        XCTAssertEqual(s.confirmation?.kind, .restoreFromStick)
        XCTAssertEqual(AppReducer.reduce(&s, .cancelConfirmation), [])
        XCTAssertNil(s.confirmation)
        _ = AppReducer.reduce(&s, .restoreFromStick)
        XCTAssertEqual(AppReducer.reduce(&s, .confirm), [.restoreFromStick])
        XCTAssertEqual(s.notice, "Restoring…")
    }

    func testNothingToRestoreWithoutABackupOnAStickOrWhileRecording() {
        var s = AppFixture.running()
        s.backups = BackupStatus(lastBackup: nil, stickBackup: "of today")
        s.screen = .settings
        XCTAssertEqual(AppReducer.reduce(&s, .restoreFromStick), [])
        XCTAssertNil(s.confirmation, "never over a live recording")
        var idle = AppState(year: 2026)
        idle.screen = .settings
        _ = AppReducer.reduce(&idle, .backupStatus(BackupStatus(lastBackup: "yesterday", stickBackup: nil)))
        XCTAssertEqual(AppReducer.reduce(&idle, .restoreFromStick), [])
        XCTAssertNil(idle.confirmation)
    }
}
