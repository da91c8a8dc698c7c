import ClubIdentity
import Foundation
import TeamCore

/// Sessions made up for benchmarks and tests (`sideline-club bench`): a team of players wearing one
/// strap each, a reading a second with a heart rate that climbs and falls in intervals, and the RR
/// intervals those heart rates give. Deterministic from the seed, so two runs send the same bytes.
public enum SyntheticSession {
    public static func make(seed: UInt64, players: Int, minutes: Int, startedMs: Int64) -> SessionBundle {
        var rng = SeededGenerator(seed: seed)
        func uuid() -> UUID { UUID(random: &rng) }
        let seconds = minutes * 60
        let straps = (0..<players).map { i in
            let address = String(format: "A0:9E:1A:00:%02X:%02X", i / 256, i % 256)
            return BundleStrap(uuid: StrapIdentity.uuid(forAddress: address), address: address, name: "Polar H10 \(i + 1)")
        }
        let participants = (0..<players).map { i -> BundleParticipant in
            var times: [Int64] = [], bpm: [Int] = [], beats: [Int64] = [], rr: [Int] = []
            times.reserveCapacity(seconds); bpm.reserveCapacity(seconds)
            var beatEnd: Int64 = 0
            for s in 0..<seconds {
                let phase = Double((s + i * 37) % 240) / 240
                let rate = 95 + 80 * (phase < 0.5 ? phase * 2 : 2 - phase * 2) + Double(rng.next() % 7) - 3
                times.append(Int64(s) * 1000 + Int64(rng.next() % 40))
                bpm.append(Int(rate))
                while beatEnd < Int64(s + 1) * 1000 {
                    let value = Int(61_440 / rate) + Int(rng.next() % 21) - 10
                    beatEnd += Int64(value) * 1000 / 1024
                    beats.append(beatEnd)
                    rr.append(value)
                }
            }
            return BundleParticipant(
                playerUUID: uuid(), firstName: "Player", lastName: "\(i + 1)", shirtNumber: i + 1, strap: i,
                physiology: Physiology(age: 17 + i % 10, sex: i % 2 == 0 ? .female : .male, weightKg: 55.5 + Double(i), restingHR: 50,
                                       maxHR: 196.1, maxSource: .tanaka),
                samples: SampleColumns(tMsDeltas: DeltaCoding.encode(times), bpm: bpm, contact: Array(repeating: 2, count: seconds),
                                       strap: Array(repeating: i, count: seconds), energyKJ: Array(repeating: nil, count: seconds)),
                rr: RRColumns(tMsDeltas: DeltaCoding.encode(beats), rr1024: rr))
        }
        let duration = Int64(seconds) * 1000
        return SessionBundle(
            session: BundleSession(uuid: uuid(), teamUUID: UUID(uuidString: "00000000-0000-4000-8000-0000000000b1")!, teamName: "Bench U17",
                                   startedMs: startedMs, endedMs: startedMs + duration, plannedMs: duration, effortEndMs: duration,
                                   state: "ended", zoneModel: "percentOfMax", tags: ["training"], reviewed: false),
            straps: straps, participants: participants, laps: [BundleLap(tMs: duration / 2, label: "second half")], strapEvents: [])
    }
}

extension UUID {
    /// A version-4 UUID from the generator's next 128 bits.
    public init(random rng: inout some RandomNumberGenerator) {
        let a = rng.next(), b = rng.next()
        var bytes = withUnsafeBytes(of: a) { Array($0) } + withUnsafeBytes(of: b) { Array($0) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        self.init(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                         bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
