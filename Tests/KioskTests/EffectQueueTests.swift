@testable import Kiosk
import AppCore
import TeamCore
import XCTest

/// The runtime's effects run one after another from a queue: what an effect answers is reduced at
/// once, and the effects that answer asks for run after the effect, never inside it.
final class EffectQueueTests: XCTestCase {
    /// "Create team" answers `.teams(.created)`, whose reduction asks for the teams and the new
    /// roster to be loaded: they run after the effect has ended and after the effect queued beside it,
    /// while the state they answer to is already the new team's setup screen.
    func testEffectsAnAnswerAsksForRunAfterTheEffectNotInsideIt() {
        let queue = EffectQueue<Effect>()
        var state = AppState(year: 2026)
        var log: [String] = []
        func perform(_ effect: Effect) {
            let name = String("\(effect)".prefix { $0 != "(" })
            log.append("begin \(name)")
            if case .createTeam = effect {
                // The store made team 7; the runtime answers through dispatch: reduce now, queue the effects.
                queue.submit(AppReducer.reduce(&state, .teams(.created(teamID: 7))), perform: perform)
                log.append("answered, on \(state.screen.rawValue)")
            }
            log.append("end \(name)")
        }
        queue.submit([.createTeam(name: "Eagles"), .playSound(.lapBeep, volumePercent: 50)], perform: perform)
        XCTAssertEqual(log, [
            "begin createTeam", "answered, on teamSetup", "end createTeam",
            "begin playSound", "end playSound",
            "begin loadTeams", "end loadTeams",
            "begin loadRoster", "end loadRoster",
        ])
    }

    /// Effects queued from outside a run start one; effects queued inside a run only wait.
    func testASubmitOutsideARunRunsEverythingBeforeReturning() {
        let queue = EffectQueue<Int>()
        var ran: [Int] = []
        func perform(_ n: Int) {
            ran.append(n)
            if n < 3 { queue.submit([n + 1], perform: perform) }
            XCTAssertEqual(ran.last, n, "nothing ran inside effect \(n)")
        }
        queue.submit([1], perform: perform)
        XCTAssertEqual(ran, [1, 2, 3])
        queue.submit([], perform: perform)
        queue.submit([10], perform: perform)
        XCTAssertEqual(ran, [1, 2, 3, 10], "a later submit starts a new run")
    }
}
