import Foundation
import TeamCore

extension SessionBundle {
    /// Bounds a bundle must keep: a day-long session of a big squad fits with room to spare.
    public enum Limits {
        public static let participants = 80
        public static let straps = 160
        public static let readingsPerParticipant = 200_000
        public static let rrPerParticipant = 400_000
        public static let laps = 1_000
        public static let strapEvents = 100_000
        public static let textLength = 200
    }

    /// What is wrong with the bundle, each as a plain sentence; empty when it can be stored.
    public var problems: [String] {
        var problems: [String] = []
        func check(_ ok: Bool, _ message: @autoclosure () -> String) { if !ok { problems.append(message()) } }
        check(format == Self.currentFormat, "format \(format) is not \(Self.currentFormat)")
        check(Session.State(rawValue: session.state) != nil, "session state '\(session.state)' is not running, paused, ended or interrupted")
        check(ZoneModel(rawValue: session.zoneModel) != nil, "zone model '\(session.zoneModel)' is unknown")
        check(session.startedMs > 0, "startedMs must be positive")
        check((session.endedMs ?? session.startedMs) >= session.startedMs, "endedMs is before startedMs")
        check((session.plannedMs ?? 0) >= 0, "plannedMs is negative")
        check((session.effortEndMs ?? 0) >= 0, "effortEndMs is negative")
        check(!session.teamName.isEmpty && session.teamName.count <= Limits.textLength, "team name must have 1 to \(Limits.textLength) characters")
        check(session.tags.count <= 16 && session.tags.allSatisfy { !$0.contains(",") && $0.count <= Limits.textLength },
              "tags: at most 16, without commas")
        check(participants.count <= Limits.participants, "more than \(Limits.participants) participants")
        check(straps.count <= Limits.straps, "more than \(Limits.straps) straps")
        check(laps.count <= Limits.laps, "more than \(Limits.laps) laps")
        check(strapEvents.count <= Limits.strapEvents, "more than \(Limits.strapEvents) strap events")
        check(Set(participants.map(\.playerUUID)).count == participants.count, "a player takes part twice")
        check(Set(straps.map(\.uuid)).count == straps.count, "a strap is listed twice")
        for strap in straps {
            check(Strap.isValidAddress(strap.address), "strap address '\(strap.address)' is not AA:BB:CC:DD:EE:FF")
            check(strap.name.count <= Limits.textLength, "a strap name is longer than \(Limits.textLength) characters")
        }
        let strapRange = 0..<straps.count
        for lap in laps { check(lap.tMs >= 0 && (lap.label?.count ?? 0) <= Limits.textLength, "a lap at \(lap.tMs) ms is out of range") }
        for event in strapEvents {
            check(strapRange.contains(event.strap), "a strap event names strap \(event.strap), not in the list")
            check(StrapEvent.Kind(rawValue: event.kind) != nil, "strap event kind '\(event.kind)' is not battery or link")
            check(event.tMs >= 0, "a strap event has a negative time")
        }
        for p in participants {
            let who = "player \(p.playerUUID.uuidString.lowercased())"
            check(!p.firstName.isEmpty && p.firstName.count <= Limits.textLength && p.lastName.count <= Limits.textLength, "\(who): name must have 1 to \(Limits.textLength) characters")
            check((0...999).contains(p.shirtNumber), "\(who): shirt number \(p.shirtNumber) is not 0…999")
            check(p.strap.map { strapRange.contains($0) } ?? true, "\(who): strap \(p.strap ?? -1) is not in the list")
            check(Sex(rawValue: p.physiology.sex) != nil, "\(who): sex must be M or F")
            check(Physiology.MaxSource(rawValue: p.physiology.maxSource) != nil, "\(who): max HR source '\(p.physiology.maxSource)' is unknown")
            check([p.physiology.weightKg, p.physiology.restingHR, p.physiology.maxHR].allSatisfy(\.isFinite) && p.physiology.maxHR > 0,
                  "\(who): physiology numbers must be finite and max HR positive")
            check((0...150).contains(p.physiology.age), "\(who): age \(p.physiology.age) is not 0…150")
            let s = p.samples
            check(s.count <= Limits.readingsPerParticipant, "\(who): more than \(Limits.readingsPerParticipant) readings")
            check([s.tMsDeltas.count, s.contact.count, s.strap.count, s.energyKJ.count].allSatisfy { $0 == s.bpm.count },
                  "\(who): the sample columns differ in length")
            check(s.tMsDeltas.allSatisfy { $0 >= 0 && $0 < 1 << 40 }, "\(who): sample times must not go back")
            check(s.bpm.allSatisfy { (0...255).contains($0) }, "\(who): a heart rate is outside 0…255")
            check(s.contact.allSatisfy { SensorContact(rawValue: UInt8(clamping: $0)) != nil && (0...255).contains($0) }, "\(who): a contact value is not 0, 1 or 2")
            check(s.strap.allSatisfy { strapRange.contains($0) }, "\(who): a reading names a strap not in the list")
            check(s.energyKJ.allSatisfy { $0.map { (0...65_535).contains($0) } ?? true }, "\(who): an energy value is outside 0…65535")
            check(p.rr.count <= Limits.rrPerParticipant, "\(who): more than \(Limits.rrPerParticipant) RR intervals")
            check(p.rr.tMsDeltas.count == p.rr.rr1024.count, "\(who): the RR columns differ in length")
            check(p.rr.tMsDeltas.allSatisfy { $0 >= 0 && $0 < 1 << 40 }, "\(who): RR times must not go back")
            check(p.rr.rr1024.allSatisfy { (1...65_535).contains($0) }, "\(who): an RR value is outside 1…65535")
        }
        return problems
    }
}
