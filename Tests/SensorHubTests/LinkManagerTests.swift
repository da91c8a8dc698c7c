import BLEHost
import HCITestSupport
import SensorCore
@testable import SensorHub
import TeamCore
import XCTest

/// The link manager's policy on in-memory controllers and virtual time: which strap it connects
/// first, which it may connect at all, when it reads broadcasts instead, what becomes of a lost
/// controller's straps and of a cancel never confirmed, and ACL credits. Minutes of radio, run in
/// milliseconds; no sockets, no threads.
final class LinkManagerTests: XCTestCase {
    private func subscribed(_ straps: [VirtualStrap]) -> Bool { straps.allSatisfy { $0.log.contains(.subscribed) && $0.isConnected } }

    /// Strap indices in the order the link manager asked for their connections.
    private func connectOrder(_ rig: VirtualRig) -> [StrapIndex] {
        rig.events.filter { $0.kind == .link && $0.link == .connecting }.map(\.strap)
    }

    private func adverts(_ rig: VirtualRig, strap: Int) -> [SensorEvent] {
        rig.events.filter { $0.kind == .advert && $0.strap == StrapIndex(position: strap) }
    }

    private func settings(maxConnections: Int, broadcast: BroadcastPolicy = .overBudget) -> BluetoothSource.Settings {
        var settings = BluetoothSource.Settings()
        settings.setup.maxConnectionsPerController = maxConnections
        settings.setup.broadcastPolicy = broadcast
        return settings
    }

    // MARK: connect ordering

    func testConnectsTheStrapWhoseNextAdvertisementComesFirst() {
        // Phases against the index order: in each 100 ms, strap 3 advertises first (at 20 ms), strap 0 last (at 80 ms).
        let straps = (0..<4).map { VirtualStrap(address: 0xF000_0000_0001 + UInt64($0), phaseNs: UInt64(80 - 20 * $0) * 1_000_000) }
        let controller = VirtualController(straps: straps)
        let rig = VirtualRig([controller], straps: straps)
        rig.wanted.set(.only([])) // heard and timed, not wanted yet
        rig.run(seconds: 1)
        XCTAssertEqual(controller.connectedStraps.count, 0)
        rig.wanted.set(.all)
        let wantedAt = rig.nowNs
        XCTAssertTrue(rig.run(upTo: 1) { straps.allSatisfy(\.isConnected) })
        XCTAssertEqual(connectOrder(rig), [3, 2, 1, 0], "each connect waits for the advertisement due soonest")
        // One connect at a time, each taken at the strap's next advertisement: all four within one interval
        // (in index order they would take four: 80, 160, 240, 320 ms).
        XCTAssertLessThan(rig.nowNs - wantedAt, 100_000_000)
        XCTAssertEqual(controller.connectsWhilePending, 0)
    }

    func testAStrapNotHeardForTwoSecondsIsNotConnectedUntilItIsHeardAgain() {
        let straps = virtualStraps(2)
        let controller = VirtualController(straps: straps)
        let rig = VirtualRig([controller], straps: straps)
        rig.wanted.set(.only([0]))
        rig.run(seconds: 1)
        straps[1].present = false // walked away before the coach picked the team
        rig.run(seconds: 2.5)
        rig.wanted.set(.only([0, 1]))
        rig.run(seconds: 5)
        XCTAssertFalse(connectOrder(rig).contains(1), "no connect to a strap nobody hears: it would only time out")
        straps[1].present = true
        XCTAssertTrue(rig.run(upTo: 2) { subscribed(straps) })
    }

    // MARK: what straps say of themselves

    /// Read once per connection, after the heart rate flows: where it is worn and who made it, by
    /// address. A strap that serves neither describes nothing.
    func testStrapsDescribeThemselvesOncePerConnection() {
        let straps = virtualStraps(3)
        straps[0].bodySensorLocation = 2
        straps[0].manufacturerName = "Acme Straps"
        straps[1].bodySensorLocation = 1
        let controller = VirtualController(straps: straps)
        let rig = VirtualRig([controller], straps: straps)
        let board = StrapDescriptionBoard()
        rig.worker.manager.descriptions = board
        var described: [StrapDescription] = []
        XCTAssertTrue(rig.run(upTo: 5) {
            described += board.take()
            return described.count == 2 && subscribed(straps)
        })
        XCTAssertEqual(described.sorted { $0.address < $1.address }, [
            StrapDescription(address: BDAddress(value: straps[0].address, type: 0).description, bodyLocation: "wrist", manufacturer: "Acme Straps"),
            StrapDescription(address: BDAddress(value: straps[1].address, type: 0).description, bodyLocation: "chest", manufacturer: nil),
        ])
        rig.run(seconds: 3)
        XCTAssertEqual(board.take(), [], "once per connection, not per notification")
        XCTAssertGreaterThan(straps[0].notifications, 2, "heart rates flowed meanwhile")
    }

    // MARK: the wanted set

    func testOnlyWantedStrapsAreConnectedAndOnesNoLongerWantedAreLetGo() {
        let straps = virtualStraps(4)
        let controller = VirtualController(straps: straps)
        let rig = VirtualRig([controller], straps: straps)
        rig.wanted.set(.only([0, 2]))
        XCTAssertTrue(rig.run(upTo: 5) { subscribed([straps[0], straps[2]]) })
        rig.run(seconds: 5)
        XCTAssertEqual(Set(controller.connectedStraps.map(\.address)), [straps[0].address, straps[2].address])
        XCTAssertEqual(Set(connectOrder(rig)), [0, 2], "the others were never tried")

        rig.wanted.set(.only([2, 3]))
        XCTAssertTrue(rig.run(upTo: 5) { subscribed([straps[2], straps[3]]) && !straps[0].isConnected })
        XCTAssertEqual(straps[0].log.last, .disconnected(reason: 0x16), "let go by the host")
        XCTAssertEqual(straps[2].log.filter { if case .connected = $0 { true } else { false } }.count, 1, "still wanted: its link stays")

        rig.wanted.set(.all) // every strap (pairing)
        XCTAssertTrue(rig.run(upTo: 5) { subscribed(straps) })
    }

    func testAStrapUnwantedWhileItsConnectIsUnderWayIsLetGoOnceConnected() {
        let straps = virtualStraps(1)
        let controller = VirtualController(straps: straps)
        let rig = VirtualRig([controller], straps: straps)
        XCTAssertTrue(rig.run(upTo: 2) { controller.hasPendingConnect })
        rig.wanted.set(.only([]))
        rig.run(seconds: 3)
        XCTAssertEqual(straps[0].log, [.connected(handle: 0x0040), .disconnected(reason: 0x16)], "connected, let go, never subscribed")
        XCTAssertTrue(controller.connectedStraps.isEmpty)
        XCTAssertEqual(connectOrder(rig), [0], "and not tried again")
    }

    // MARK: the broadcast budget (--broadcast over-budget)

    func testOverBudgetBroadcastingStrapsAreReadFromAdvertsUntilTheTeamFits() {
        let straps = virtualStraps(3)
        for (i, strap) in straps.enumerated() {
            strap.broadcastsHeartRate = true
            strap.heartRate = UInt8(120 + i)
        }
        let controller = VirtualController(straps: straps)
        let rig = VirtualRig([controller], straps: straps, settings: settings(maxConnections: 2))
        rig.run(seconds: 10)
        XCTAssertTrue(controller.connectedStraps.isEmpty, "three straps, two connections: none connected, all heard")
        for i in straps.indices {
            let heard = adverts(rig, strap: i)
            XCTAssertEqual(Set(heard.map(\.bpm)), [UInt16(120 + i)])
            // Ten adverts a second, one new value a second: a repeated frame counter is not a new reading.
            XCTAssertTrue((9...11).contains(heard.count), "strap \(i): \(heard.count) readings in 10 s")
            XCTAssertTrue(heard.allSatisfy { $0.link == .broadcast && $0.contact == .detected })
        }
        XCTAssertGreaterThan(rig.counters[.staleBroadcasts], 200)

        // Two players left: the team fits the budget, so they are connected (RR intervals, battery).
        rig.wanted.set(.only([0, 1]))
        XCTAssertTrue(rig.run(upTo: 5) { subscribed([straps[0], straps[1]]) })
        let connectedAt = rig.events.count
        rig.run(seconds: 5)
        XCTAssertTrue(rig.events[connectedAt...].allSatisfy { $0.kind != .advert }, "a connection serves them now")
        XCTAssertGreaterThanOrEqual(rig.heartRates(strap: 0).count, 4)
        XCTAssertFalse(straps[2].isConnected)
    }

    func testNeverConnectsWhatFitsAndAlwaysReadsEveryBroadcastingStrapFromItsAdverts() {
        let never = virtualStraps(3)
        for strap in never { strap.broadcastsHeartRate = true }
        let connecting = VirtualController(straps: never)
        let rigNever = VirtualRig([connecting], straps: never, settings: settings(maxConnections: 2, broadcast: .never))
        XCTAssertTrue(rigNever.run(upTo: 5) { connecting.connectedStraps.count == 2 })
        rigNever.run(seconds: 5)
        XCTAssertEqual(connecting.connectedStraps.count, 2, "the budget holds")
        XCTAssertTrue(rigNever.events.allSatisfy { $0.kind != .advert }, "never: no heart rate from an advertisement")

        let always = virtualStraps(3)
        always[0].broadcastsHeartRate = true
        always[1].broadcastsHeartRate = true
        let listening = VirtualController(straps: always)
        let rigAlways = VirtualRig([listening], straps: always, settings: settings(maxConnections: 7, broadcast: .always))
        XCTAssertTrue(rigAlways.run(upTo: 5) { subscribed([always[2]]) })
        rigAlways.run(seconds: 5)
        XCTAssertEqual(listening.connectedStraps.map(\.address), [always[2].address], "only the strap that does not broadcast")
        XCTAssertGreaterThanOrEqual(adverts(rigAlways, strap: 0).count, 5)
        XCTAssertGreaterThanOrEqual(adverts(rigAlways, strap: 1).count, 5)
    }

    // MARK: a lost controller

    func testTheStrapsOfALostControllerMoveToAnotherThatHasRoom() {
        let straps = virtualStraps(3)
        let first = VirtualController(straps: straps), second = VirtualController(straps: straps)
        let rig = VirtualRig([first, second], straps: straps, settings: settings(maxConnections: 3))
        XCTAssertTrue(rig.run(upTo: 5) { subscribed(straps) })
        let (lost, other) = first.connectedStraps.isEmpty ? (second, first) : (first, second)
        let moving = lost.connectedStraps
        lost.unplug()
        XCTAssertTrue(rig.run(upTo: 5) { subscribed(straps) }, "reconnected without waiting for the lost controller")
        XCTAssertEqual(Set(other.connectedStraps.map(\.address)), Set(straps.map(\.address)))
        XCTAssertTrue(lost.isUnplugged)
        for strap in moving { XCTAssertTrue(strap.log.contains(.disconnected(reason: 0x08))) }
        XCTAssertEqual(rig.lines.all, ["\(VirtualRig.label(first === lost ? 0 : 1)): lost (the controller closed the connection); retrying"])
    }

    func testTheBudgetCountsLiveControllersOnlyBroadcastTakesOverWhileOneIsLost() {
        let straps = virtualStraps(3)
        for strap in straps { strap.broadcastsHeartRate = true }
        let first = VirtualController(straps: straps), second = VirtualController(straps: straps)
        let rig = VirtualRig([first, second], straps: straps, settings: settings(maxConnections: 2))
        XCTAssertTrue(rig.run(upTo: 5) { subscribed(straps) }, "three straps, four connections: all connected")
        let lost = first.connectedStraps.count == 1 ? first : second
        let kept = lost === first ? second : first
        let dropped = lost.connectedStraps[0]
        let index = straps.firstIndex { $0 === dropped }!
        lost.unplug()
        let lostAt = rig.events.count
        rig.run(seconds: 5)
        // Two connections left for three straps: the dropped one is read from its broadcasts, not reconnected.
        XCTAssertFalse(dropped.isConnected)
        XCTAssertEqual(kept.connectedStraps.count, 2)
        XCTAssertGreaterThanOrEqual(rig.events[lostAt...].filter { $0.kind == .advert && $0.strap == StrapIndex(position: index) }.count, 3)
        lost.plugIn()
        XCTAssertTrue(rig.run(upTo: 15) { subscribed(straps) }, "the budget is back: connected again")
    }

    // MARK: a cancel never confirmed

    func testAWedgedConnectHoldsTheControllerAndTheStrapThatWedgedItGoesLast() {
        let straps = virtualStraps(3)
        straps[1].acceptsConnections = false // heard, never answers: its connect times out and the cancel is never confirmed
        straps[2].present = false
        var behaviour = VirtualController.Behaviour()
        behaviour.confirmsCancel = false
        let controller = VirtualController(straps: straps, behaviour: behaviour)
        let rig = VirtualRig([controller], straps: straps)
        XCTAssertTrue(rig.run(upTo: 20) { rig.worker.manager.controllers[0].engine.pendingConnect?.isWedged == true })
        XCTAssertTrue(subscribed([straps[0]]))
        rig.run(seconds: 10)
        XCTAssertEqual(controller.resets, 1, "nobody waits: left wedged, no reset")
        let triedBefore = connectOrder(rig).count
        straps[2].present = true
        XCTAssertTrue(rig.run(upTo: 10) { subscribed([straps[0], straps[2]]) })
        XCTAssertEqual(controller.resets, 2, "reset for the strap that waited")
        rig.run(seconds: 30)
        let after = Array(connectOrder(rig).dropFirst(triedBefore))
        XCTAssertEqual(after.first, 2, "after the reset the waiting strap goes first")
        XCTAssertEqual(after.filter { $0 == 0 }.count, 1, "strap 0 reconnects once, after the reset let it go")
        XCTAssertLessThan(after.firstIndex(of: 2)!, after.firstIndex(of: 1) ?? .max, "the strap that wedged it goes last")
        XCTAssertEqual(controller.connectsWhilePending, 0, "one LE Create Connection at a time, wedged or not")
        XCTAssertEqual(controller.resets, 2, "no reset loop")
    }

    // MARK: ACL credits

    func testALinkLostWithPacketsInFlightGivesItsBuffersBack() {
        let straps = virtualStraps(2)
        straps[1].present = false
        var behaviour = VirtualController.Behaviour()
        behaviour.aclBuffers = 1 // one packet in flight at a time, on all links together
        let controller = VirtualController(straps: straps, behaviour: behaviour)
        let rig = VirtualRig([controller], straps: straps)
        // Strap 0 goes out of range in the middle of its GATT discovery, a request still in the controller.
        XCTAssertTrue(rig.run(upTo: 5) { controller.packetsBuffered(for: straps[0]) > 0 })
        straps[0].present = false
        controller.loseLink(to: straps[0])
        // The only buffer came back with the disconnection: the next strap can talk.
        straps[1].present = true
        XCTAssertTrue(rig.run(upTo: 5) { subscribed([straps[1]]) })
        straps[0].present = true
        XCTAssertTrue(rig.run(upTo: 5) { subscribed(straps) })
        rig.run(seconds: 3)
        XCTAssertGreaterThanOrEqual(rig.heartRates(strap: 0).count, 2)
        XCTAssertEqual(controller.bufferOverruns, 0)
    }

    func testOverstatedCompletionsNeverLetTheHostOverrunTheBuffers() {
        let straps = virtualStraps(4)
        var behaviour = VirtualController.Behaviour()
        behaviour.aclBuffers = 2
        behaviour.overstatesCompletions = true
        let controller = VirtualController(straps: straps, behaviour: behaviour)
        let rig = VirtualRig([controller], straps: straps)
        XCTAssertTrue(rig.run(upTo: 10) { subscribed(straps) })
        XCTAssertEqual(controller.bufferOverruns, 0, "a link's report frees at most what that link has in flight")
    }

    func testCompletionsOfSeveralLinksInOneEventFreeEachLinksOwnPackets() {
        let straps = virtualStraps(6)
        var behaviour = VirtualController.Behaviour()
        behaviour.aclBuffers = 3
        behaviour.connectionEventNs = 30_000_000 // slow connection events: many packets complete together
        let controller = VirtualController(straps: straps, behaviour: behaviour)
        let rig = VirtualRig([controller], straps: straps)
        XCTAssertTrue(rig.run(upTo: 20) { subscribed(straps) })
        XCTAssertGreaterThanOrEqual(controller.mostLinksInOneCompletion, 3)
        XCTAssertEqual(controller.bufferOverruns, 0, "never more in flight than the controller has buffers")
        rig.run(seconds: 3)
        for i in straps.indices { XCTAssertGreaterThanOrEqual(rig.heartRates(strap: i).count, 2, "strap \(i)") }
    }
}
