import BLEHost
import HCITestSupport
@testable import SensorHub
import TeamCore
import XCTest

/// The HCI worker (link manager, engines, controller supervision) against in-memory
/// controllers on virtual time: the faults real controllers show, each a switch.
final class HCIWorkerTests: XCTestCase {
    private let label = VirtualRig.label(0)

    private func subscribed(_ straps: [VirtualStrap]) -> Bool { straps.allSatisfy { $0.log.contains(.subscribed) && $0.isConnected } }

    func testStrapsConnectSubscribeAndTheirHeartRatesArrive() {
        let straps = virtualStraps(4)
        let rig = VirtualRig([VirtualController(straps: straps)], straps: straps)
        XCTAssertTrue(rig.run(upTo: 5) { subscribed(straps) })
        rig.run(seconds: 3)
        for i in straps.indices {
            XCTAssertGreaterThanOrEqual(rig.heartRates(strap: i).count, 2)
            XCTAssertEqual(Set(rig.heartRates(strap: i)), [120])
        }
        XCTAssertEqual(rig.lines.all, [], "a controller that works is not talked about")
    }

    // MARK: issue 11 §2.2 — straps left connected at exit

    func testStoppingLetsEveryStrapGoCancelsTheConnectAndStopsScanningWithinASecond() {
        let straps = virtualStraps(5)
        straps[4].acceptsConnections = false // its connect is under way at the stop
        let controller = VirtualController(straps: straps)
        let rig = VirtualRig([controller], straps: straps)
        XCTAssertTrue(rig.run(upTo: 5) { subscribed(Array(straps[0..<4])) && controller.hasPendingConnect })
        XCTAssertTrue(controller.isScanning)
        let took = rig.stop()
        XCTAssertEqual(controller.connectedStraps.map(\.address), [], "every link dropped")
        for strap in straps[0..<4] { XCTAssertEqual(strap.log.last, .disconnected(reason: 0x16)) }
        XCTAssertFalse(controller.hasPendingConnect, "the connect under way cancelled")
        XCTAssertFalse(controller.isScanning)
        XCTAssertFalse(controller.isOpen, "closed once the controller confirmed")
        XCTAssertLessThan(took, 1_000_000_000)
    }

    func testStoppingAControllerThatNeverAnswersIsBoundedByASecond() {
        let straps = virtualStraps(2)
        let controller = VirtualController(straps: straps)
        let rig = VirtualRig([controller], straps: straps)
        XCTAssertTrue(rig.run(upTo: 5) { subscribed(straps) })
        controller.behaviour.answersReset = false // from now on it answers nothing
        XCTAssertEqual(rig.stop(), 1_000_000_000)
        XCTAssertFalse(controller.isOpen)
    }

    // MARK: §2.3 — completions of several links in one event

    func testCompletionsOfSeveralLinksInOneEventNeverOverrunTheControllersBuffers() {
        let straps = virtualStraps(7) // the default budget per controller
        var behaviour = VirtualController.Behaviour()
        behaviour.aclBuffers = 2
        let controller = VirtualController(straps: straps, behaviour: behaviour)
        let rig = VirtualRig([controller], straps: straps)
        XCTAssertTrue(rig.run(upTo: 10) { subscribed(straps) })
        XCTAssertGreaterThanOrEqual(controller.mostLinksInOneCompletion, 2, "the controller reported several links in one event")
        XCTAssertEqual(controller.bufferOverruns, 0, "the host never sent more packets than the controller had buffers")
    }

    // MARK: §2.4 — a cancel the controller never confirms

    func testAControllerThatNeverEndsACancelledConnectIsResetWhenAnotherStrapWaits() {
        let straps = virtualStraps(4)
        for strap in straps[2...] { strap.present = false }
        var behaviour = VirtualController.Behaviour()
        behaviour.confirmsCancel = false
        let controller = VirtualController(straps: straps, behaviour: behaviour)
        let rig = VirtualRig([controller], straps: straps)
        XCTAssertTrue(rig.run(upTo: 5) { subscribed(Array(straps[0..<2])) })
        // A strap that is heard, then never answers: its connect is cancelled, and the cancel never ends it.
        straps[2].acceptsConnections = false
        straps[2].present = true
        let heard = rig.nowNs
        XCTAssertTrue(rig.run(upTo: 15) { controller.hasPendingConnect && rig.nowNs > heard + 9_000_000_000 })
        XCTAssertEqual(controller.resets, 1, "wedged, but nobody waits: no reset yet")
        XCTAssertEqual(rig.lines.all, [])
        // A strap that turns up now must still get a connection.
        let appeared = rig.nowNs
        straps[3].present = true
        XCTAssertTrue(rig.run(upTo: 30) { subscribed([straps[0], straps[1], straps[3]]) }, "every strap that answers is connected again")
        let back = rig.nowNs
        XCTAssertEqual(controller.resets, 2, "bring-up, then one reset")
        XCTAssertEqual(rig.lines.all, [
            "\(label): resetting (it never ended a cancelled connect to F0:00:00:00:00:03, and F0:00:00:00:00:04 is waiting)",
            "\(label): back",
        ])
        print("figure: a strap turning up while the controller is wedged has its connection after \(Double(back - appeared) / 1e9) s (virtual)")
        // The wedge comes back with the strap that never answers, but nobody waits: no reset loop.
        rig.run(seconds: 60)
        XCTAssertEqual(controller.resets, 2)
        XCTAssertTrue(subscribed([straps[0], straps[1], straps[3]]))
    }

    func testAWedgedControllerIsNotResetWhileAnotherControllerCanConnectTheStrapThatWaits() {
        let straps = virtualStraps(3)
        straps[1].acceptsConnections = false
        straps[2].present = false
        var wedging = VirtualController.Behaviour()
        wedging.confirmsCancel = false
        let first = VirtualController(straps: straps, behaviour: wedging), second = VirtualController(straps: straps)
        let rig = VirtualRig([first, second], straps: straps)
        let firstEngine = { rig.worker.manager.controllers[0].engine }
        XCTAssertTrue(rig.run(upTo: 40) { firstEngine().pendingConnect?.isWedged == true && subscribed([straps[0]]) })
        straps[2].present = true
        XCTAssertTrue(rig.run(upTo: 5) { subscribed([straps[0], straps[2]]) })
        XCTAssertEqual(first.resets, 1, "the strap went to the other controller; the wedged one was left alone")
        XCTAssertEqual(rig.lines.all, [])
    }

    func testAWedgedConnectEndsWithoutAResetWhenItsStrapComesBack() {
        let straps = virtualStraps(2)
        straps[1].acceptsConnections = false
        var behaviour = VirtualController.Behaviour()
        behaviour.confirmsCancel = false
        let controller = VirtualController(straps: straps, behaviour: behaviour)
        let rig = VirtualRig([controller], straps: straps)
        XCTAssertTrue(rig.run(upTo: 15) { controller.hasPendingConnect && rig.nowNs > 9_000_000_000 })
        straps[1].acceptsConnections = true // back in range: an emulator completes the old connect
        XCTAssertTrue(rig.run(upTo: 5) { subscribed(straps) })
        XCTAssertEqual(controller.resets, 1, "no reset: nothing was waiting")
    }

    // MARK: §2.5 — a controller that never answers HCI Reset

    func testAControllerThatNeverAnswersResetIsToldOnceAndRetriedUntilItAnswers() {
        let straps = virtualStraps(2)
        var behaviour = VirtualController.Behaviour()
        behaviour.answersReset = false
        let controller = VirtualController(straps: straps, behaviour: behaviour)
        let rig = VirtualRig([controller], straps: straps)
        rig.run(seconds: 4.9)
        XCTAssertEqual(rig.lines.all, [])
        XCTAssertNil(rig.status.summary, "still starting")
        rig.run(seconds: 0.2)
        XCTAssertEqual(rig.lines.all, ["\(label): not answering (no answer to HCI Reset in 5 s); retrying"])
        XCTAssertEqual(rig.status.summary, "Bluetooth \(label) not answering, retrying")
        XCTAssertFalse(rig.status.anyCameUp)
        rig.run(seconds: 60)
        XCTAssertEqual(rig.lines.all.count, 1, "one line per change of state, not per retry")
        XCTAssertGreaterThanOrEqual(controller.openedAtNs.count, 6, "retried like a lost controller")
        XCTAssertEqual(rig.status.neverUp.map(\.lastFailure), ["not answering (no answer to HCI Reset in 5 s)"])

        controller.behaviour.answersReset = true
        XCTAssertTrue(rig.run(upTo: 20) { subscribed(straps) })
        XCTAssertEqual(rig.lines.all.last, "\(label): back")
        XCTAssertNil(rig.status.summary)
        XCTAssertTrue(rig.status.anyCameUp)
    }

    // MARK: §2.6 — a transport that sends garbage

    func testATransportThatSendsGarbageIsRetriedWithBackoffAndToldOnce() {
        let straps = virtualStraps(1)
        var behaviour = VirtualController.Behaviour()
        behaviour.garbage = Array("V1.0 ready\n".utf8)
        let controller = VirtualController(straps: straps, behaviour: behaviour)
        let rig = VirtualRig([controller], straps: straps)
        rig.run(seconds: 60)
        XCTAssertEqual(rig.lines.all, ["\(label): not an HCI controller (it sent 0x56, which starts no HCI packet; is this an HCI H4 stream?); retrying"])
        XCTAssertEqual(rig.status.summary, "Bluetooth \(label) not an HCI controller, retrying")
        let gaps = zip(controller.openedAtNs, controller.openedAtNs.dropFirst()).map { Double($1 - $0) / 1e9 }
        XCTAssertEqual(gaps, gaps.sorted(), "the backoff grows…")
        XCTAssertLessThanOrEqual(gaps.max() ?? 0, 5.01, "…to at most 5 s")
        XCTAssertGreaterThanOrEqual(gaps.last ?? 0, 5.0)
        XCTAssertLessThanOrEqual(controller.openedAtNs.count, 20)
        // What the debug log says it waits is what it waits (the e2e test reads these lines).
        let said = rig.lines.debug.compactMap { line -> Double? in
            guard line.hasPrefix("\(label): reopening in "), line.hasSuffix(" ms") else { return nil }
            return Double(line.dropFirst("\(label): reopening in ".count).dropLast(" ms".count)).map { $0 / 1000 }
        }
        XCTAssertGreaterThanOrEqual(said.count, gaps.count)
        for (delay, gap) in zip(said, gaps) {
            XCTAssertTrue(gap >= delay && gap < delay + 0.01, "said \(delay) s, waited \(gap) s (the garbage is read in the next cycle)")
        }

        controller.behaviour.garbage = nil
        XCTAssertTrue(rig.run(upTo: 20) { subscribed(straps) })
        XCTAssertEqual(rig.lines.all.count, 2)
        XCTAssertEqual(rig.lines.all.last, "\(label): back", "back only once bring-up completed")
    }

    // MARK: a lost controller

    func testALostControllerIsToldOnceReopenedAndItsStrapsReconnect() {
        let straps = virtualStraps(2)
        let controller = VirtualController(straps: straps)
        let rig = VirtualRig([controller], straps: straps)
        XCTAssertTrue(rig.run(upTo: 5) { subscribed(straps) })
        let firstEngine = rig.worker.manager.controllers[0].engine
        controller.unplug()
        rig.run(seconds: 10)
        // One record is the whole controller: its links and its supervision.
        let down = rig.worker.manager.controllers[0]
        XCTAssertFalse(down.alive)
        XCTAssertNil(down.transport, "closed while it waits to be opened again")
        XCTAssertTrue(down.handles.isEmpty)
        XCTAssertGreaterThan(down.failuresSinceUp, 1, "going down and each failed reopen")
        XCTAssertEqual(down.health.problem, "\(label) lost, retrying")
        XCTAssertEqual(rig.lines.all, ["\(label): lost (the controller closed the connection); retrying"])
        XCTAssertEqual(rig.lines.levels, [.warning])
        let failedReopens = rig.lines.debug.filter { !$0.hasPrefix("\(label): reopening in ") }
        XCTAssertTrue(failedReopens.allSatisfy { $0 == "\(label): cannot connect (Connection refused)" } && !failedReopens.isEmpty,
                      "each failed reopen only at debug level (--bluetooth-verbose)")
        XCTAssertEqual(rig.status.summary, "Bluetooth \(label) lost, retrying")
        let heardBefore = rig.heartRates(strap: 0).count
        controller.plugIn()
        let pluggedIn = rig.nowNs
        XCTAssertTrue(rig.run(upTo: 10) { subscribed(straps) })
        XCTAssertEqual(rig.lines.all.last, "\(label): back")
        XCTAssertEqual(rig.lines.levels.last, .notice)
        XCTAssertNil(rig.status.summary)
        let back = rig.worker.manager.controllers[0]
        XCTAssertTrue(back.alive && back.transport != nil && back.engine !== firstEngine, "opened again with a fresh engine")
        XCTAssertEqual(back.handles.count, 2)
        XCTAssertEqual(back.failuresSinceUp, 0, "up: the next loss starts the backoff again")
        rig.run(seconds: 2)
        XCTAssertGreaterThan(rig.heartRates(strap: 0).count, heardBefore)
        print("figure: straps subscribed again \(Double(rig.nowNs - 2_000_000_000 - pluggedIn) / 1e9) s (virtual) after a lost controller is back")
    }
    // A board whose adapter comes after the kiosk (a dongle plugged in later, a slow driver): the
    // kiosk must come up and wait for it, not fail its start and be restarted over and over.

    func testAControllerNotThereAtStartIsWaitedForSaidOnceAndUsedWhenItComes() {
        let straps = virtualStraps(2)
        let controller = VirtualController(straps: straps)
        controller.unplug()
        controller.close()
        let rig = VirtualRig([controller], straps: straps)
        rig.run(seconds: 10)
        XCTAssertEqual(rig.lines.all, ["\(label): not available (cannot connect (Connection refused)); retrying"], "said once, not per retry")
        XCTAssertEqual(rig.lines.levels, [.warning])
        XCTAssertEqual(rig.status.summary, "Bluetooth \(label) not available, retrying")
        XCTAssertGreaterThan(rig.lines.debug.filter { $0 == "\(label): cannot connect (Connection refused)" }.count, 1, "it kept trying")
        controller.plugIn()
        XCTAssertTrue(rig.run(upTo: 10) { subscribed(straps) })
        XCTAssertEqual(rig.lines.all.last, "\(label): available")
        XCTAssertEqual(rig.lines.levels.last, .notice)
        XCTAssertNil(rig.status.summary)
        rig.run(seconds: 2)
        XCTAssertGreaterThan(rig.heartRates(strap: 1).count, 0)
    }

    func testWithoutWaitingAControllerThatCannotBeOpenedFailsTheStartAndClosesTheOthers() {
        let first = VirtualController(straps: [])
        let second = VirtualController(straps: [])
        second.unplug()
        second.close()
        let openers = [first, second].enumerated().map { i, c in
            BluetoothSource.ControllerOpener(label: VirtualRig.label(i)) { c.isOpen ? c : try c.reopen() }
        }
        XCTAssertThrowsError(try HCIWorker.openAll(openers, waiting: false)) { error in
            XCTAssertEqual("\(error)", "virtual: cannot connect (Connection refused)")
        }
        XCTAssertFalse(first.isOpen, "what was opened is closed again")
    }
}
