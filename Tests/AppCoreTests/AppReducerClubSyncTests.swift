@testable import AppCore
import Foundation
import Localization
import TeamCore
import XCTest

/// Settings → Club sync: join by typing, the status read each second while the page shows,
/// Sync now and Leave club (asked first, saying what stays).
final class AppReducerClubSyncTests: XCTestCase {
    private let outside = ClubSyncStatus(membership: .none, line: "nothing waiting · last sync never · no club (sideline club join URL CODE)")
    private let joined = ClubSyncStatus(membership: .joined(club: "Alpha", kiosk: "pitch-1", host: "club.example.org"),
                                        line: "3 sessions waiting · last sync 10:42 · club.example.org")

    private func onPage(_ status: ClubSyncStatus) -> AppHarness {
        var app = AppFixture.lobby()
        app.state.screen = .settings
        app.send(.clubSync(.open), .loadClubSyncStatus)
        XCTAssertEqual(app.state.settings.page, .clubSync)
        app.send(.clubSync(.statusLoaded(status)))
        return app
    }

    func testThePageOpensFromTheSettingsOnlyAndReadsItsStatusEachSecond() {
        var app = AppFixture.lobby()
        app.send(.clubSync(.open))
        XCTAssertEqual(app.state.settings.page, .general, "not from the lobby")
        app = onPage(joined)
        let opened = app.state.nowMs
        app.send(.tick(nowMs: opened + 500))
        app.send(.tick(nowMs: opened + 1000), .loadClubSyncStatus)
        app.send(.tick(nowMs: opened + 1900))
        app.send(.tick(nowMs: opened + 2000), .loadClubSyncStatus)
        app.send(.clubSync(.close))
        XCTAssertEqual(app.state.settings.page, .general)
        app.send(.tick(nowMs: opened + 5000))
    }

    func testTheFieldsOpenTheKeyboardAndItsJoinJoins() {
        var app = onPage(outside)
        app.send(.clubSync(.edit(.enrolmentCode)))
        XCTAssertEqual(app.state.form?.kind, .clubJoin)
        XCTAssertEqual(app.state.form?.focus, .enrolmentCode)
        XCTAssertEqual(app.state.form?.submitLabel, "Join")
        app.send(.form(.focus(.clubServer)))
        app.send(.form(.key("https://Club.example.org:8443/x y")))
        XCTAssertEqual(app.state.form?.value(.clubServer), "https://Club.example.org:8443/xy", "no spaces in an address")
        app.send(.form(.focus(.enrolmentCode)))
        app.send(.form(.key("enrol_ab2c-d3ef")))
        app.send(.form(.submit), .joinClub(server: "https://Club.example.org:8443/xy", code: "enrol_ab2c-d3ef"))
        XCTAssertNil(app.state.form)
        XCTAssertEqual(app.state.clubSync.server, "https://Club.example.org:8443/xy", "kept for the next try")
        app.send(.clubSync(.joinRejected(Message("https://x: plain http:// is refused except to this machine"))))
        XCTAssertEqual(app.state.clubSync.problem?.english, "https://x: plain http:// is refused except to this machine")
        app.send(.clubSync(.edit(.clubServer)))
        XCTAssertEqual(app.state.form?.value(.enrolmentCode), "enrol_ab2c-d3ef", "what was typed comes back")
        app.send(.form(.cancel))
        app.send(.clubSync(.join), .joinClub(server: "https://Club.example.org:8443/xy", code: "enrol_ab2c-d3ef"))
        XCTAssertNil(app.state.clubSync.problem)
        app.send(.clubSync(.joinQueued), .loadClubSyncStatus)
        XCTAssertEqual(app.state.clubSync.code, "", "a code is used once")
    }

    func testAnAddressOrCodeTypesLowerCaseUnlessShifted() {
        let form = Form(kind: .clubJoin, fields: [.clubServer, .enrolmentCode])
        XCTAssertFalse(form.capitalNext(shift: false))
        XCTAssertTrue(form.capitalNext(shift: true))
        let name = Form(kind: .newTeam, fields: [.teamName])
        XCTAssertTrue(name.capitalNext(shift: false), "a name's first letter is a capital")
    }

    func testInAClubSyncNowAndLeaveAskingFirst() {
        var app = onPage(outside)
        app.send(.clubSync(.syncNow))
        app.send(.clubSync(.askToLeave))
        XCTAssertNil(app.state.confirmation, "not in a club")
        app.send(.clubSync(.statusLoaded(joined)))
        app.send(.clubSync(.edit(.clubServer)))
        XCTAssertNil(app.state.form, "no join while in a club")
        app.send(.clubSync(.syncNow), .syncClubNow)
        XCTAssertEqual(app.state.notice?.english, "Sync pass asked for")
        app.send(.clubSync(.askToLeave))
        XCTAssertEqual(app.state.confirmation?.questionText,
                       "Leave the club Alpha (club.example.org)? Every session and the roster stay on this kiosk, synced or not; joining again needs a new code.")
        XCTAssertEqual(app.state.confirmation?.confirmLabel.english, "Leave club")
        app.send(.confirmation(.confirm), .leaveClub, .loadClubSyncStatus)
    }

    func testAJoinThatWaitsCanBeGivenUp() {
        var app = onPage(ClubSyncStatus(membership: .joining(host: "club.example.org"), line: "nothing waiting · last sync never · no club"))
        app.send(.clubSync(.join))
        app.send(.clubSync(.cancelJoin), .leaveClub, .loadClubSyncStatus)
    }
}
