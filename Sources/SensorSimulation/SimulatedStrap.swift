import Foundation
import TeamCore

/// One simulated chest strap: a heart that follows a workload with first-order
/// kinetics, beats with realistic variability, and misbehaves like real straps
/// (missed and extra beats, contact loss, radio dropouts, battery drain, no battery at all).
///
/// Purely a function of its seed and virtual time: stepping it in any chunking
/// of time gives the same events.
struct SimulatedStrap {
    let index: StrapIndex
    let restingHR: Double
    let maxHR: Double
    let effort: Double
    var rng: SeededGenerator
    /// Training follows `workload(atSeconds:)`; resting (after the effort) lets the heart recover.
    var schedule = WorkloadSchedule()

    // Time constants of the heart-rate response: ~95 % of a step in 30 s up, 60 s down.
    static let tauRise = 10.0
    static let tauRecovery = 20.0
    static let ns: UInt64 = 1_000_000_000

    private var hr: Double
    /// How rested the player is today, as the breathing's swing of the heart at rest (vagal tone):
    /// a readiness check differs from morning to morning as a real one does. Drawn from a stream of
    /// its own, so every other number of a seed stays as it was.
    private let restingForm: Double
    private var modelTimeNs: UInt64 = 0
    private var nextBeatNs: UInt64
    private var nextNotifyNs: UInt64
    private var nextMinuteCheckNs: UInt64 = 0
    private var pendingRR: [UInt16] = []
    private var battery: Double
    /// Like a club's straps: one in ten has no Battery Service (the fifth, fifteenth…), one in ten is nearly flat (the tenth…).
    private let reportsBattery: Bool
    private var reportedBattery: UInt8 = SensorEvent.noBattery
    private var silentFromNs: UInt64 = 0
    private var silentUntilNs: UInt64 = 0
    private var disconnectedReported = false
    private var noContactUntilNs: UInt64 = 0
    private var energyKJ: Double = 0
    private var packets = 0
    private var connected = false

    init(index: StrapIndex, member: SimulatedTeam.Member, seed: UInt64, year: Int = 2026) {
        self.index = index
        let physiology = Physiology(player: member.player, year: year)
        restingHR = physiology.restingHR
        maxHR = physiology.maxHR
        effort = member.effort
        rng = SeededGenerator(seed: seed, stream: UInt64(index.rawValue) + 1)
        var formRNG = SeededGenerator(seed: seed, stream: UInt64(index.rawValue) + 0x1_0000)
        restingForm = exp(0.3 * formRNG.gaussian())
        hr = restingHR + 15 + Double.random(in: 0..<10, using: &rng)
        let charge = Double.random(in: 35...100, using: &rng)
        battery = index.position % 10 == 9 ? charge / 6 : charge
        reportsBattery = index.position % 10 != 4
        // Straps are not in phase: first notification somewhere in the first second.
        nextNotifyNs = UInt64(Double.random(in: 0.05..<1.0, using: &rng) * Double(Self.ns))
        nextBeatNs = UInt64(60 / hr * Double(Self.ns) * Double.random(in: 0..<1, using: &rng))
    }

    /// Planned intensity (fraction of heart-rate reserve) at a time into the session.
    static func workload(atSeconds t: Double) -> Double {
        if t < 30 { return 0.25 }          // standing around, briefing
        if t < 90 { return 0.55 }          // warm-up
        let cycle = (t - 90).truncatingRemainder(dividingBy: 120)
        return cycle < 75 ? 0.85 : 0.45    // 75 s work, 45 s recovery
    }

    /// Intensity while resting after the effort: standing around, as at the briefing.
    static let restingWorkload = 0.25
    /// Intensity in an interval program's work block.
    static let sprintingWorkload = 0.92

    /// Advances the model to `nowNs`, emitting the events a strap would have sent.
    mutating func advance(to nowNs: UInt64, emit: (SensorEvent) -> Void) {
        if !connected {
            connected = true
            emit(SensorEvent(strap: index, timestampNs: modelTimeNs, kind: .link, link: .connected))
            reportBattery(at: modelTimeNs, emit: emit, force: true)
        }
        while true {
            let next = min(nextBeatNs, nextNotifyNs)
            guard next <= nowNs else { break }
            integrateHeart(to: next)
            if nextBeatNs == next { beat() }
            if nextNotifyNs == next { notify(at: next, emit: emit) }
        }
        // The model moves only at beats and notifications, never at the caller's step
        // boundaries: that is what makes the data independent of how time is stepped.
    }

    private mutating func integrateHeart(to t: UInt64) {
        guard t > modelTimeNs else { return }
        let dt = Double(t - modelTimeNs) / Double(Self.ns)
        let seconds = Double(t) / Double(Self.ns)
        let planned = switch schedule.workload(atNs: t) {
        case .training: Self.workload(atSeconds: seconds)
        case .resting: Self.restingWorkload
        case .sprinting: Self.sprintingWorkload
        case .still: 0.0
        }
        let target = restingHR + (maxHR - restingHR) * min(1.02, planned * effort)
        let tau = target > hr ? Self.tauRise : Self.tauRecovery
        hr += (target - hr) * (1 - exp(-dt / tau))
        hr = min(max(hr, restingHR - 5), maxHR + 3)
        battery -= dt / 480 // 1 % per 8 minutes
        modelTimeNs = t
    }

    /// One heartbeat: the interval to the next one, with respiratory sinus arrhythmia
    /// (stronger at rest), noise, and now and then a missed or an extra beat.
    private mutating func beat() {
        let seconds = Double(nextBeatNs) / Double(Self.ns)
        let restfulness = max(0, 1 - (hr - restingHR) / (maxHR - restingHR))
        let form = schedule.workload(atNs: nextBeatNs) == .still ? restingForm : 1
        let rsa = (0.01 + 0.05 * restfulness * form) * sin(2 * .pi * 0.25 * seconds)
        var rr = 60 / hr * (1 + rsa + 0.012 * rng.gaussian())
        rr = min(max(rr, 0.25), 2.0)
        let intervalNs = UInt64(rr * Double(Self.ns))
        nextBeatNs += intervalNs
        guard silentUntilNs <= nextBeatNs, noContactUntilNs <= nextBeatNs else { return }
        let rr1024 = UInt16((rr * 1024).rounded())
        if rng.chance(0.002), let last = pendingRR.popLast() {
            // Missed beat: the detector merged two intervals into one.
            pendingRR.append(last &+ rr1024)
        } else if rng.chance(0.002) {
            // Extra beat: an artefact split the interval in two.
            let first = UInt16(Double(rr1024) * Double.random(in: 0.3..<0.6, using: &rng))
            pendingRR.append(first)
            pendingRR.append(rr1024 - first)
        } else {
            pendingRR.append(rr1024)
        }
    }

    private mutating func notify(at t: UInt64, emit: (SensorEvent) -> Void) {
        // Straps notify about once a second, with a little jitter.
        nextNotifyNs = t + Self.ns + UInt64(Double.random(in: 0..<20, using: &rng) * 1e6)
        if t >= nextMinuteCheckNs { rollMishaps(at: t, emit: emit) }
        if t < silentUntilNs {
            // Out of range: nothing arrives; after 2 s the link supervision gives up.
            if !disconnectedReported, t >= silentFromNs + 2 * Self.ns {
                disconnectedReported = true
                emit(SensorEvent(strap: index, timestampNs: t, kind: .link, link: .disconnected))
            }
            pendingRR.removeAll()
            return
        }
        if disconnectedReported {
            disconnectedReported = false
            emit(SensorEvent(strap: index, timestampNs: t - Self.ns / 4, kind: .link, link: .connecting))
            emit(SensorEvent(strap: index, timestampNs: t - Self.ns / 8, kind: .link, link: .connected))
            reportBattery(at: t - Self.ns / 8, emit: emit, force: true)
        }
        packets += 1
        let noContact = t < noContactUntilNs
        let kcalPerSecond = max(0, (hr - restingHR) * 0.0025 + 0.02)
        energyKJ += kcalPerSecond * 4.184
        var event = SensorEvent(strap: index, timestampNs: t, kind: .measurement,
                                bpm: noContact ? 0 : UInt16(hr.rounded()),
                                contact: noContact ? .notDetected : .detected,
                                energyKJ: packets % 10 == 0 ? UInt16(min(energyKJ, 65535)) : nil)
        // A packet holds at most nine intervals; older ones are lost, as on a real strap.
        for rr in pendingRR.suffix(SensorEvent.maxRRCount) { event.appendRR(rr) }
        pendingRR.removeAll(keepingCapacity: true)
        emit(event)
        reportBattery(at: t, emit: emit, force: false)
    }

    /// Once per simulated second: maybe walk out of radio range, maybe lose skin contact.
    private mutating func rollMishaps(at t: UInt64, emit: (SensorEvent) -> Void) {
        nextMinuteCheckNs = t + Self.ns
        guard t > 20 * Self.ns, t >= silentUntilNs, t >= noContactUntilNs else { return }
        if rng.chance(1.0 / 900) {
            silentFromNs = t
            silentUntilNs = t + UInt64(Double.random(in: 4..<15, using: &rng) * Double(Self.ns))
            disconnectedReported = false
        } else if rng.chance(1.0 / 1200) {
            noContactUntilNs = t + UInt64(Double.random(in: 3..<10, using: &rng) * Double(Self.ns))
        }
    }

    private mutating func reportBattery(at t: UInt64, emit: (SensorEvent) -> Void, force: Bool) {
        let level = UInt8(max(0, min(100, battery.rounded(.down))))
        guard reportsBattery, force || level != reportedBattery else { return }
        reportedBattery = level
        emit(SensorEvent(strap: index, timestampNs: t, kind: .battery, battery: level))
    }
}
