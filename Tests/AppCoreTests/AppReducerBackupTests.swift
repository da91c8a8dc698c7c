@testable import AppCore
import XCTest
import TeamCore

final class AppReducerBackupTests: XCTestCase {
    func testRestoreFromAStickAsksFirstAndOnlyBehindThePin() {
        var app = AppHarness()
        let status = BackupStatus(lastBackup: "14 Mar 17:30, USB stick", stickBackup: "of 14 Mar 17:30")
        app.send(.settings(.backupsChanged(status)))
        XCTAssertEqual(app.state.settings.backups, status)
        app.send(.settings(.askToRestoreFromStick)) // not from the team picker: the settings sit behind the PIN
        XCTAssertNil(app.state.confirmation)

        app.state.screen = .settings
        app.send(.settings(.askToRestoreFromStick)) // a question first, no effect
        XCTAssertEqual(app.state.confirmation?.onConfirm, .settings(.restoreFromStick))
        app.send(.confirmation(.cancel))
        XCTAssertNil(app.state.confirmation)
        app.send(.settings(.askToRestoreFromStick))
        app.send(.confirmation(.confirm), .restoreFromStick)
        XCTAssertTrue(app.state.settings.restoring, "the screen says so until it ends")
        // One restore at a time: a second confirmation while the first runs starts nothing.
        app.send(.settings(.restoreFromStick))
        app.send(.settings(.restoreEnded))
        XCTAssertFalse(app.state.settings.restoring)
    }

    func testNothingToRestoreWithoutABackupOnAStickOrWhileRecording() {
        var app = AppFixture.running()
        app.state.settings.backups = BackupStatus(lastBackup: nil, stickBackup: "of today")
        app.state.screen = .settings
        app.send(.settings(.askToRestoreFromStick))
        XCTAssertNil(app.state.confirmation, "never over a live recording")
        app.send(.settings(.restoreFromStick))
        var idle = AppHarness()
        idle.state.screen = .settings
        idle.send(.settings(.backupsChanged(BackupStatus(lastBackup: "yesterday", stickBackup: nil))))
        idle.send(.settings(.askToRestoreFromStick))
        XCTAssertNil(idle.state.confirmation)
    }
}
