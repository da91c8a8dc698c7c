import XCTest
import TeamCore

final class AppReducerFormTests: XCTestCase {
    func testNewTeamIsTypedAndCreated() {
        var app = AppHarness()
        app.send(.form(.newTeam))
        XCTAssertEqual(app.state.form?.focus, .teamName)
        app.send(.form(.key("E")))
        app.send(.form(.key("agles")))
        app.send(.form(.submit), .createTeam(name: "Eagles"))
        XCTAssertNil(app.state.form)
        app.send(.teams(.created(teamID: 9)), .loadTeams, .loadRoster(teamID: 9))
        XCTAssertEqual(app.state.screen, .teamSetup)
    }

    func testDuplicateOrEmptyTeamNamesAreRefusedInPlace() {
        var app = AppFixture.lobby()
        app.send(.navigate(.home), .loadTeams)
        app.send(.form(.newTeam))
        app.send(.form(.submit))
        XCTAssertEqual(app.state.form?.problems.map(\.english), ["type a team name"])
        app.send(.form(.key("eagles")))
        app.send(.form(.submit))
        XCTAssertEqual(app.state.form?.problems.map(\.english), ["a team called eagles exists already"])
        app.send(.form(.cancel))
        XCTAssertNil(app.state.form)
    }

    func testFormsOpenOnlyWhereTheyBelong() {
        var app = AppFixture.lobby()
        app.sendAll([.form(.newTeam), .form(.editPlayer(nil))])
        XCTAssertNil(app.state.form, "a new team from the picker, players from setup")
        app.send(.navigate(.setup))
        app.send(.form(.typeDuration))
        XCTAssertNil(app.state.form, "a duration from the lobby")
    }

    func testNumberFieldsTakeDigitsOnlyAndBackspaceWorks() {
        var app = AppFixture.lobby()
        app.send(.navigate(.setup))
        app.send(.form(.editPlayer(nil)))
        app.send(.form(.focus(.restingHR)))
        app.send(.form(.backspace))
        app.send(.form(.backspace))
        app.send(.form(.key("5a8")))
        XCTAssertEqual(app.state.form?.value(.restingHR), "58")
        app.send(.form(.focus(.weightKg)))
        app.send(.form(.key(".5.5")))
        XCTAssertEqual(app.state.form?.value(.weightKg), "70.55")
        app.send(.form(.focus(.teamName)))
        XCTAssertEqual(app.state.form?.focus, .weightKg, "not a field of this form")
    }

    func testAddingAPlayerValidatesThenSaves() {
        var app = AppFixture.lobby()
        app.send(.navigate(.setup))
        app.send(.form(.editPlayer(nil)))
        XCTAssertEqual(app.state.form?.value(.shirtNumber), "1", "the first free number is suggested")
        app.send(.form(.submit))
        XCTAssertEqual(app.state.form?.problems.map(\.english), ["first name is empty"])
        app.send(.form(.key("Mia")))
        app.send(.form(.focus(.shirtNumber)))
        app.send(.form(.backspace))
        app.send(.form(.key("7")))
        app.send(.form(.submit))
        XCTAssertEqual(app.state.form?.problems.map(\.english), ["number 7 is taken"])
        app.send(.form(.backspace))
        app.send(.form(.key("9")))
        app.send(.form(.setSex(.male)))
        let mia = Player(firstName: "Mia", lastName: "", birthYear: 2006, sex: .male, weightKg: 70, restingHR: 60)
        app.send(.form(.submit), .savePlayer(teamID: 1, playerID: nil, player: mia, shirtNumber: 9))
        XCTAssertNil(app.state.form)
    }

    func testEditingKeepsTheIdAndShowsCurrentValues() {
        var app = AppFixture.lobby()
        app.send(.navigate(.setup))
        app.send(.form(.editPlayer(10)))
        XCTAssertEqual(app.state.form?.value(.firstName), "Ada")
        XCTAssertEqual(app.state.form?.value(.maxHR), "200")
        app.send(.form(.focus(.maxHR)))
        app.send(.form(.backspace))
        app.send(.form(.submit))
        XCTAssertEqual(app.state.form?.problems.map(\.english), ["max HR 20 is not between 120 and 240", "max HR must be above resting HR"])
        app.send(.form(.key("5")))
        var ada = AppFixture.roster[0].player
        ada.measuredMaxHR = 205
        app.send(.form(.submit), .savePlayer(teamID: 1, playerID: 10, player: ada, shirtNumber: 7))
    }

    /// Consent on file (decision 075): the date typed as digits on the number pad, who gave it on the keyboard;
    /// a name alone is consent given today; a date after today, or a date without a name, is refused in place.
    func testConsentIsTypedOnThePlayerForm() {
        var app = AppFixture.lobby()
        app.state.today = CalendarDay(year: 2026, month: 3, day: 14)
        app.send(.navigate(.setup))
        app.send(.form(.editPlayer(10)))
        XCTAssertEqual(app.state.form?.value(.consentDay), "")
        app.send(.form(.focus(.consentDay)))
        XCTAssertEqual(app.state.form?.focus?.isNumeric, true)
        app.send(.form(.key("2026031")))
        XCTAssertEqual(app.state.form?.value(.consentDay), "2026-03-1", "the hyphens come by themselves")
        app.send(.form(.backspace))
        app.send(.form(.backspace))
        XCTAssertEqual(app.state.form?.value(.consentDay), "2026-0", "a hyphen goes with the digit before it")
        app.send(.form(.key("41x6")))
        XCTAssertEqual(app.state.form?.value(.consentDay), "2026-04-16")
        app.send(.form(.submit))
        XCTAssertEqual(app.state.form?.problems.map(\.english), ["consent by: a guardian's name, or \"the player\""])
        app.send(.form(.focus(.consentBy)))
        app.send(.form(.key("Anna Berg")))
        app.send(.form(.submit))
        XCTAssertEqual(app.state.form?.problems.map(\.english), ["the consent's date 2026-04-16 is in the future"])
        app.send(.form(.focus(.consentDay)))
        for _ in 0..<10 { app.send(.form(.backspace)) }
        var ada = AppFixture.roster[0].player
        ada.consent = Consent(day: CalendarDay(year: 2026, month: 3, day: 14), givenBy: "Anna Berg")
        app.send(.form(.submit), .savePlayer(teamID: 1, playerID: 10, player: ada, shirtNumber: 7))
    }

    func testCustomDurationOnTheNumberPad() {
        var app = AppFixture.lobby()
        app.send(.form(.typeDuration))
        XCTAssertEqual(app.state.form?.kind, .customDuration)
        app.send(.form(.key("0")))
        app.send(.form(.submit))
        XCTAssertEqual(app.state.form?.problems.map(\.english), ["minutes must be between 1 and 600"])
        app.send(.form(.backspace))
        app.send(.form(.key("15")))
        app.send(.form(.submit))
        XCTAssertNil(app.state.form)
        XCTAssertEqual(app.state.lobby.plannedMs, 900_000)
        app.send(.lobby(.chooseDuration(nil)))
        XCTAssertNil(app.state.lobby.plannedMs, "open-ended")
        app.send(.lobby(.chooseDuration(0)))
        XCTAssertNil(app.state.lobby.plannedMs, "no session of no length")
    }
}
