import XCTest
@testable import TeamCore

final class AppReducerFormTests: XCTestCase {
    func testNewTeamIsTypedAndCreated() {
        var s = AppState(year: 2026)
        _ = AppReducer.reduce(&s, .newTeam)
        XCTAssertEqual(s.form?.focus, .teamName)
        _ = AppReducer.reduce(&s, .key("E"))
        _ = AppReducer.reduce(&s, .key("agles"))
        XCTAssertEqual(AppReducer.reduce(&s, .submitForm), [.createTeam(name: "Eagles")])
        XCTAssertNil(s.form)
        XCTAssertEqual(AppReducer.reduce(&s, .teamCreated(teamID: 9)), [.loadTeams, .loadRoster(teamID: 9)])
        XCTAssertEqual(s.screen, .teamSetup)
    }

    func testDuplicateOrEmptyTeamNamesAreRefusedInPlace() {
        var s = AppFixture.lobby()
        _ = AppReducer.reduce(&s, .goHome)
        _ = AppReducer.reduce(&s, .newTeam)
        XCTAssertEqual(AppReducer.reduce(&s, .submitForm), [])
        XCTAssertEqual(s.form?.problems, ["type a team name"])
        _ = AppReducer.reduce(&s, .key("eagles"))
        XCTAssertEqual(AppReducer.reduce(&s, .submitForm), [])
        XCTAssertEqual(s.form?.problems, ["a team called eagles exists already"])
    }

    func testNumberFieldsTakeDigitsOnlyAndBackspaceWorks() {
        var s = AppFixture.lobby()
        _ = AppReducer.reduce(&s, .openSetup)
        _ = AppReducer.reduce(&s, .editPlayer(nil))
        _ = AppReducer.reduce(&s, .focus(.restingHR))
        _ = AppReducer.reduce(&s, .backspace)
        _ = AppReducer.reduce(&s, .backspace)
        _ = AppReducer.reduce(&s, .key("5a8"))
        XCTAssertEqual(s.form?.value(.restingHR), "58")
        _ = AppReducer.reduce(&s, .focus(.weightKg))
        _ = AppReducer.reduce(&s, .key(".5.5"))
        XCTAssertEqual(s.form?.value(.weightKg), "70.55")
    }

    func testAddingAPlayerValidatesThenSaves() {
        var s = AppFixture.lobby()
        _ = AppReducer.reduce(&s, .openSetup)
        _ = AppReducer.reduce(&s, .editPlayer(nil))
        XCTAssertEqual(s.form?.value(.shirtNumber), "1", "the first free number is suggested")
        XCTAssertEqual(AppReducer.reduce(&s, .submitForm), [])
        XCTAssertEqual(s.form?.problems, ["first name is empty"])
        _ = AppReducer.reduce(&s, .key("Mia"))
        _ = AppReducer.reduce(&s, .focus(.shirtNumber))
        _ = AppReducer.reduce(&s, .backspace)
        _ = AppReducer.reduce(&s, .key("7"))
        XCTAssertEqual(AppReducer.reduce(&s, .submitForm), [])
        XCTAssertEqual(s.form?.problems, ["number 7 is taken"])
        _ = AppReducer.reduce(&s, .backspace)
        _ = AppReducer.reduce(&s, .key("9"))
        _ = AppReducer.reduce(&s, .setSex(.male))
        let effects = AppReducer.reduce(&s, .submitForm)
        guard case .savePlayer(1, let player, 9)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(player.firstName, "Mia")
        XCTAssertEqual(player.sex, .male)
        XCTAssertEqual(player.birthYear, 2006)
        XCTAssertNil(s.form)
    }

    func testEditingKeepsTheIdAndShowsCurrentValues() {
        var s = AppFixture.lobby()
        _ = AppReducer.reduce(&s, .openSetup)
        _ = AppReducer.reduce(&s, .editPlayer(10))
        XCTAssertEqual(s.form?.value(.firstName), "Ada")
        XCTAssertEqual(s.form?.value(.maxHR), "200")
        _ = AppReducer.reduce(&s, .focus(.maxHR))
        _ = AppReducer.reduce(&s, .backspace)
        _ = AppReducer.reduce(&s, .submitForm)
        XCTAssertEqual(s.form?.problems, ["max HR 20 is not between 120 and 240", "max HR must be above resting HR"])
    }

    func testCustomDurationOnTheNumberPad() {
        var s = AppFixture.lobby()
        _ = AppReducer.reduce(&s, .chooseDuration(0))
        XCTAssertEqual(s.form?.kind, .customDuration)
        _ = AppReducer.reduce(&s, .key("15"))
        _ = AppReducer.reduce(&s, .submitForm)
        XCTAssertEqual(s.lobby.plannedMs, 900_000)
        _ = AppReducer.reduce(&s, .chooseDuration(nil))
        XCTAssertNil(s.lobby.plannedMs, "open-ended")
    }
}
