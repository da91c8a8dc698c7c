import BLEHost
import HCITestSupport
import Logging
@testable import SensorHub
import SPSCRing
import TeamCore

/// Sideline's HCI worker on in-memory controllers and virtual time: what `BluetoothSource`'s
/// thread does (a cycle, then wait), in 1 ms steps, so a minute of radio runs in milliseconds.
final class VirtualRig {
    final class Clock { var nowNs: UInt64 = 0 }
    /// What the worker logged at the default level (info) and above, and below it.
    final class Lines {
        var all: [String] = []
        var levels: [Logger.Level] = []
        var debug: [String] = []
    }

    let clock = Clock()
    let lines = Lines()
    let controllers: [VirtualController]
    let worker: HCIWorker
    let ring = SPSCRing<SensorEvent>(capacity: 1 << 14)
    let boards = StrapSourceBoards()
    var status: ControllerStatus { boards.status }
    var counters: BluetoothCounters { boards.counters }
    var wanted: LatestChange<StrapSelection> { boards.wanted }
    /// Every event the worker pushed, in order.
    private(set) var events: [SensorEvent] = []

    static func label(_ i: Int) -> String { "virtual:\(i)" }

    init(_ controllers: [VirtualController], straps: [VirtualStrap], settings: BluetoothSource.Settings = BluetoothSource.Settings()) {
        self.controllers = controllers
        let openers = controllers.enumerated().map { i, controller in
            BluetoothSource.ControllerOpener(label: Self.label(i)) { try controller.reopen() }
        }
        let clock = self.clock, lines = self.lines
        // The first opening, as `BluetoothSource.start` does it for the kiosk: a controller unplugged
        // before the rig starts is waited for.
        let first = controllers.enumerated().map { i, controller in
            BluetoothSource.ControllerOpener(label: Self.label(i)) { controller.isOpen ? controller : try controller.reopen() }
        }
        // Waiting, `openAll` throws nothing.
        let opened = try! HCIWorker.openAll(first, waiting: true)
        worker = HCIWorker(opened: opened, openers: openers, straps: straps.map(\.address), ring: ring, settings: settings, boards: boards,
                           discoveryWanted: LatestChange<Bool>(), clock: { clock.nowNs }, wake: {}, log: { level, line in
                               if level >= .info { lines.levels.append(level); lines.all.append(line) } else { lines.debug.append(line) }
                           })
        worker.start(nowNs: 0)
    }

    var nowNs: UInt64 { clock.nowNs }

    /// One millisecond of virtual time: the radio, then one worker cycle.
    func tick() {
        clock.nowNs += 1_000_000
        for c in controllers { c.advance(to: clock.nowNs) }
        worker.cycle(nowNs: clock.nowNs)
        ring.drain { events.append($0) }
    }

    func run(seconds: Double) {
        let end = clock.nowNs + UInt64(seconds * 1e9)
        while clock.nowNs < end { tick() }
    }

    /// Runs until `condition` holds or `seconds` pass; whether it held.
    @discardableResult
    func run(upTo seconds: Double, until condition: () -> Bool) -> Bool {
        let end = clock.nowNs + UInt64(seconds * 1e9)
        while clock.nowNs < end {
            if condition() { return true }
            tick()
        }
        return condition()
    }

    /// What `BluetoothSource.stop` does: let every strap go, wait (bounded) for the controllers, close.
    /// Returns how long it took, in virtual nanoseconds.
    @discardableResult
    func stop() -> UInt64 {
        let started = clock.nowNs
        worker.beginShutdown(nowNs: clock.nowNs)
        while !worker.isFinished(nowNs: clock.nowNs) {
            clock.nowNs += 1_000_000
            for c in controllers { c.advance(to: clock.nowNs) }
            worker.cycle(nowNs: clock.nowNs)
        }
        worker.close()
        return clock.nowNs - started
    }

    /// Heart rates received per strap index.
    func heartRates(strap: Int) -> [UInt16] {
        events.filter { $0.strap == StrapIndex(position: strap) && $0.kind == .measurement }.map(\.bpm)
    }
}

/// Straps F0:00:00:00:00:01… with their advertising phases spread over one 100 ms interval.
func virtualStraps(_ count: Int) -> [VirtualStrap] {
    (1...count).map { VirtualStrap(address: 0xF000_0000_0000 | UInt64($0), phaseNs: UInt64($0 * 37 % 100) * 1_000_000) }
}
