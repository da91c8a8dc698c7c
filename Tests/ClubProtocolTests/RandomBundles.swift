import ClubProtocol
import Foundation
import TeamCore

/// Bundles with random content inside the rules: names with accents and quotes, gaps, no RR,
/// readings without energy, straps switched mid-session, open-ended sessions.
enum RandomBundles {
    static func make(_ rng: inout SeededGenerator, maxPlayers: Int = 6, maxReadings: Int = 400) -> SessionBundle {
        let strapCount = Int.random(in: 1...maxPlayers + 1, using: &rng)
        let straps = (0..<strapCount).map { i in
            BundleStrap(uuid: UUID(random: &rng), address: String(format: "F0:00:00:00:%02X:%02X", i / 256, i % 256),
                        name: ["Polar H10 \(i)", "Strap \"\(i)\"", "Gürtel ß \(i)"].randomElement(using: &rng)!,
                        bodyLocation: Bool.random(using: &rng) ? "chest" : nil,
                        manufacturer: Bool.random(using: &rng) ? "Polar Electro Oy" : nil,
                        lastBattery: Bool.random(using: &rng) ? Int.random(in: 0...100, using: &rng) : nil)
        }
        let participants = (0..<Int.random(in: 0...maxPlayers, using: &rng)).map { i -> BundleParticipant in
            let n = Int.random(in: 0...maxReadings, using: &rng)
            var t: Int64 = 0
            var times: [Int64] = [], bpm: [Int] = [], contact: [Int] = [], strap: [Int] = [], energy: [Int?] = []
            for _ in 0..<n {
                t += Int64.random(in: 0...3_000, using: &rng)
                times.append(t)
                bpm.append(Int.random(in: 0...255, using: &rng))
                contact.append(Int.random(in: 0...2, using: &rng))
                strap.append(Int.random(in: 0..<strapCount, using: &rng))
                energy.append(Bool.random(using: &rng) ? Int.random(in: 0...65_535, using: &rng) : nil)
            }
            var beat: Int64 = 0, beats: [Int64] = [], rr: [Int] = []
            for _ in 0..<Int.random(in: 0...maxReadings, using: &rng) {
                let value = Int.random(in: 1...65_535, using: &rng)
                beat += Int64(value) * 1000 / 1024
                beats.append(beat)
                rr.append(value)
            }
            return BundleParticipant(
                playerUUID: UUID(random: &rng), firstName: ["Mia", "Zoë", "O'Neil", "Åsa"].randomElement(using: &rng)! + "\(i)",
                lastName: ["Berg", "", "Müller-Lüdenscheidt", "\"Q\""].randomElement(using: &rng)!,
                shirtNumber: Int.random(in: 0...99, using: &rng), strap: Bool.random(using: &rng) ? Int.random(in: 0..<strapCount, using: &rng) : nil,
                physiology: Physiology(age: Int.random(in: 10...70, using: &rng), sex: Bool.random(using: &rng) ? .male : .female,
                                       weightKg: Double(Int.random(in: 400...1200, using: &rng)) / 10, restingHR: Double(Int.random(in: 40...80, using: &rng)),
                                       maxHR: Double(Int.random(in: 1700...2100, using: &rng)) / 10,
                                       maxSource: [Physiology.MaxSource.measured, .tanaka, .fox, .gellish].randomElement(using: &rng)!),
                samples: SampleColumns(tMsDeltas: DeltaCoding.encode(times), bpm: bpm, contact: contact, strap: strap, energyKJ: energy),
                rr: RRColumns(tMsDeltas: DeltaCoding.encode(beats), rr1024: rr))
        }
        let started = Int64.random(in: 1_600_000_000_000...1_900_000_000_000, using: &rng)
        let ended: Int64? = Bool.random(using: &rng) ? started + Int64.random(in: 0...7_200_000, using: &rng) : nil
        return SessionBundle(
            session: BundleSession(uuid: UUID(random: &rng), teamUUID: UUID(random: &rng), teamName: "U17 Mädchen \(rng.next() % 100)",
                                   startedMs: started, endedMs: ended, plannedMs: Bool.random(using: &rng) ? 5_400_000 : nil,
                                   effortEndMs: Bool.random(using: &rng) ? Int64.random(in: 0...5_400_000, using: &rng) : nil,
                                   state: ["running", "paused", "ended", "interrupted"].randomElement(using: &rng)!,
                                   zoneModel: Bool.random(using: &rng) ? "percentOfMax" : "heartRateReserve",
                                   tags: Array(["after-training", "match", "sitting", "sprint-test"].shuffled(using: &rng).prefix(Int.random(in: 0...4, using: &rng))),
                                   reviewed: Bool.random(using: &rng)),
            straps: straps, participants: participants,
            laps: (0..<Int.random(in: 0...4, using: &rng)).map { BundleLap(tMs: Int64($0 + 1) * 60_000, label: $0 == 0 ? "warm-up" : nil) },
            strapEvents: (0..<Int.random(in: 0...6, using: &rng)).map { _ in
                BundleStrapEvent(strap: Int.random(in: 0..<strapCount, using: &rng), tMs: Int64.random(in: 0...600_000, using: &rng),
                                 kind: Bool.random(using: &rng) ? "battery" : "link", value: Int.random(in: 0...100, using: &rng))
            })
    }
}
