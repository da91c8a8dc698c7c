import Foundation
import TeamCore

extension SessionBundle {
    /// What is wrong with the bundle, each as a plain sentence; empty when it can be stored.
    /// Every number and text is held to `InputBounds`: the server stores nothing outside them.
    public var problems: [String] {
        var problems: [String] = []
        func check(_ ok: Bool, _ message: @autoclosure () -> String) { if !ok { problems.append(message()) } }
        func text(_ value: String, _ what: @autoclosure () -> String, mayBeEmpty: Bool = true) {
            if let problem = InputBounds.bundleText.problem(value, mayBeEmpty: mayBeEmpty) { problems.append("\(what()): \(problem)") }
        }
        check(Self.acceptedFormats.contains(format), "format \(format) is not one of \(Self.acceptedFormats.map(String.init).joined(separator: ", "))")
        check(format >= 2 || participants.allSatisfy { $0.rating == nil }, "a format 1 bundle carries no ratings")
        check(format >= 3 || drills == nil, "a format \(format) bundle carries no drills")
        if let drills {
            check(drills.count <= InputBounds.laps, "more than \(InputBounds.laps) drills")
            for d in drills { text(d.name, "a drill's name", mayBeEmpty: false) }
            let effort = session.effortEndMs ?? session.endedMs.map { $0 - session.startedMs } ?? InputBounds.sessionMs
            if drills.count <= InputBounds.laps, let problem = DrillStart.problem(drills, effortMs: min(effort, InputBounds.sessionMs)) {
                problems.append(problem)
            }
        }
        for p in participants {
            guard let r = p.rating else { continue }
            check(SessionRPE.scale.contains(r.rpe), "an RPE of \(r.rpe) is off the CR-10 scale (0 to 10)")
            check(InputBounds.unixMs.contains(r.ratedMs), "ratedMs \(r.ratedMs) is not a time from 2000 to 2100")
        }
        check(Session.State(rawValue: session.state) != nil, "session state '\(session.state.prefix(40))' is not running, paused, ended or interrupted")
        check(ZoneModel(rawValue: session.zoneModel) != nil, "zone model '\(session.zoneModel.prefix(40))' is unknown")
        check(InputBounds.unixMs.contains(session.startedMs), "startedMs \(session.startedMs) is not a time from 2000 to 2100")
        // Compared only once the start is in range: the end minus a start near Int64's ends would overflow.
        if let ended = session.endedMs, InputBounds.unixMs.contains(session.startedMs) {
            check(ended >= session.startedMs && ended <= session.startedMs + InputBounds.sessionMs,
                  "endedMs must be from startedMs to 24 h after it")
        }
        check(session.plannedMs.map(InputBounds.offsetMs.contains) ?? true, "plannedMs must be 0 to 24 h")
        check(session.effortEndMs.map(InputBounds.offsetMs.contains) ?? true, "effortEndMs must be 0 to 24 h")
        text(session.teamName, "team name", mayBeEmpty: false)
        check(session.tags.count <= InputBounds.tags, "more than \(InputBounds.tags) tags")
        for tag in session.tags {
            text(tag, "a tag")
            check(!tag.contains(","), "a tag contains a comma")
        }
        check(participants.count <= InputBounds.participants, "more than \(InputBounds.participants) participants")
        check(straps.count <= InputBounds.straps, "more than \(InputBounds.straps) straps")
        check(laps.count <= InputBounds.laps, "more than \(InputBounds.laps) laps")
        check(strapEvents.count <= InputBounds.strapEvents, "more than \(InputBounds.strapEvents) strap events")
        check(sampleCount <= InputBounds.readingsPerSession, "more than \(InputBounds.readingsPerSession) readings in the session")
        check(participants.reduce(0) { $0 + $1.rr.count } <= InputBounds.rrPerSession, "more than \(InputBounds.rrPerSession) RR intervals in the session")
        check(Set(participants.map(\.playerUUID)).count == participants.count, "a player takes part twice")
        check(Set(straps.map(\.uuid)).count == straps.count, "a strap is listed twice")
        for strap in straps {
            check(Strap.isValidAddress(strap.address), "strap address '\(strap.address.prefix(40))' is not AA:BB:CC:DD:EE:FF")
            text(strap.name, "a strap's name")
            if let location = strap.bodyLocation { text(location, "a strap's body location") }
            if let manufacturer = strap.manufacturer { text(manufacturer, "a strap's manufacturer") }
            check(strap.lastBattery.map(InputBounds.strapByte.contains) ?? true, "a strap's last battery is outside 0…255")
        }
        let strapRange = 0..<straps.count
        for lap in laps {
            check(InputBounds.offsetMs.contains(lap.tMs), "a lap at \(lap.tMs) ms is not 0 to 24 h into the session")
            if let label = lap.label { text(label, "a lap's label") }
        }
        for event in strapEvents {
            check(strapRange.contains(event.strap), "a strap event names strap \(event.strap), not in the list")
            check(StrapEvent.Kind(rawValue: event.kind) != nil, "strap event kind '\(event.kind.prefix(40))' is not battery or link")
            check(InputBounds.offsetMs.contains(event.tMs), "a strap event at \(event.tMs) ms is not 0 to 24 h into the session")
            check(InputBounds.strapByte.contains(event.value), "a strap event's value \(event.value) is outside 0…255")
        }
        for p in participants {
            let who = "player \(p.playerUUID.uuidString.lowercased())"
            text(p.firstName, "\(who): first name", mayBeEmpty: false)
            text(p.lastName, "\(who): last name")
            check(InputBounds.shirtNumber.contains(p.shirtNumber), "\(who): shirt number \(p.shirtNumber) is not 0…999")
            check(p.strap.map { strapRange.contains($0) } ?? true, "\(who): strap \(p.strap ?? -1) is not in the list")
            let ph = p.physiology
            // Sex and the max HR's source are enums of `Physiology`: a bundle with another word does not decode.
            check(InputBounds.weightKg.contains(ph.weightKg), "\(who): weight \(ph.weightKg) kg is not 20…250")
            check(Self.isHeartRate(ph.restingHR) && Self.isHeartRate(ph.maxHR), "\(who): resting and max HR must be 20…260 bpm")
            check(InputBounds.age.contains(ph.age), "\(who): age \(ph.age) is not 0…150")
            let s = p.samples
            check(s.count <= InputBounds.readingsPerParticipant, "\(who): more than \(InputBounds.readingsPerParticipant) readings")
            check([s.tMsDeltas.count, s.contact.count, s.strap.count, s.energyKJ.count].allSatisfy { $0 == s.bpm.count },
                  "\(who): the sample columns differ in length")
            check(Self.timesFit(s.tMsDeltas), "\(who): sample times must not go back, nor past 24 h into the session")
            check(s.bpm.allSatisfy(InputBounds.readingBPM.contains), "\(who): a reading's heart rate is outside 0…255")
            check(s.contact.allSatisfy { (0...2).contains($0) }, "\(who): a contact value is not 0, 1 or 2")
            check(s.strap.allSatisfy { strapRange.contains($0) }, "\(who): a reading names a strap not in the list")
            check(s.energyKJ.allSatisfy { $0.map(InputBounds.energyKJ.contains) ?? true }, "\(who): an energy value is outside 0…65535")
            check(p.rr.count <= InputBounds.rrPerParticipant, "\(who): more than \(InputBounds.rrPerParticipant) RR intervals")
            check(p.rr.tMsDeltas.count == p.rr.rr1024.count, "\(who): the RR columns differ in length")
            check(Self.timesFit(p.rr.tMsDeltas), "\(who): RR times must not go back, nor past 24 h into the session")
            check(p.rr.rr1024.allSatisfy(InputBounds.rr1024.contains), "\(who): an RR interval is outside 1…65535 (1/1024 s)")
        }
        return problems
    }

    /// A physiology heart rate: finite and in range (NaN is in no range).
    static func isHeartRate(_ bpm: Double) -> Bool { bpm >= Double(InputBounds.heartRate.lowerBound) && bpm <= Double(InputBounds.heartRate.upperBound) }

    /// Offsets as deltas that never go back and never pass 24 h: each delta is checked before it
    /// is added, so the running sum cannot overflow whatever the bundle says.
    static func timesFit(_ deltas: [Int64]) -> Bool {
        var t: Int64 = 0
        for delta in deltas {
            guard delta >= 0, delta <= InputBounds.sessionMs - t else { return false }
            t += delta
        }
        return true
    }
}
