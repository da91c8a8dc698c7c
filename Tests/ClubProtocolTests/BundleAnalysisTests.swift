import Analytics
import ClubProtocol
import Foundation
import TeamCore
import XCTest

final class BundleAnalysisTests: XCTestCase {
    /// A bundle read into rows and built back from them is the same bundle.
    func testBundleToSessionInputAndBackIsLossless() throws {
        for seed in 0..<80 as Range<UInt64> {
            var rng = SeededGenerator(seed: seed)
            let bundle = RandomBundles.make(&rng)
            let read = bundle.contents(sessionID: 5)
            let again = try SessionBundle(rows: read.rows, identities: read.identities, strapEvents: read.strapEvents)
            XCTAssertEqual(again, bundle, "seed \(seed)")
            XCTAssertEqual(try again.contentHash(), try bundle.contentHash())
        }
    }

    /// A kiosk's session (its rows as the analysis reads them) made into a bundle and read back gives the same input.
    func testSessionInputToBundleAndBackIsLossless() throws {
        let session = Session(id: 12, teamID: 3, plannedDurationMs: 600_000, startedAt: Date(timeIntervalSince1970: 1_773_482_400.250),
                              endedAt: Date(timeIntervalSince1970: 1_773_483_060.5), state: .ended, tags: ["match", "standing"],
                              reviewed: true, zoneModel: .heartRateReserve, effortEndMs: 600_000)
        let mia = Physiology(age: 17, sex: .female, weightKg: 58.5, restingHR: 52, maxHR: 196.1, maxSource: .tanaka)
        let ola = Physiology(age: 18, sex: .male, weightKg: 71, restingHR: 48, maxHR: 201, maxSource: .measured)
        let players = [SessionPlayer(sessionID: 12, playerID: 40, strapID: 7, shirtNumber: 9, physiology: mia),
                       SessionPlayer(sessionID: 12, playerID: 41, strapID: nil, shirtNumber: 10, physiology: ola)]
        let mias = (0..<600).map { (i: Int) -> Sample in
            let strap: Int64 = i < 300 ? 7 : 8
            let energy: Int? = i % 10 == 0 ? i : nil
            return Sample(playerID: 40, strapID: strap, tMs: Int64(i) * 1000 + 13, bpm: 120 + i % 50, contact: .detected, energyKJ: energy)
        }
        let samples: [Int64: [Sample]] = [40: mias, 41: []]
        let rr: [Int64: [RRInterval]] = [40: (1...900).map { RRInterval(playerID: 40, tMs: Int64($0) * 650, rr1024: 666) }, 41: []]
        let input = SessionInput(session: session, players: players, samples: samples, rrIntervals: rr,
                                 laps: [Lap(sessionID: 12, tMs: 300_000, label: "second half")])
        let straps: [Int64: BundleStrap] = [
            7: BundleStrap(uuid: StrapIdentity.uuid(forAddress: "A0:9E:1A:00:00:07"), address: "A0:9E:1A:00:00:07", name: "Polar H10 7",
                           bodyLocation: "chest", manufacturer: "Polar Electro Oy", lastBattery: 80),
            8: BundleStrap(uuid: StrapIdentity.uuid(forAddress: "A0:9E:1A:00:00:08"), address: "A0:9E:1A:00:00:08", name: "Polar H10 8"),
        ]
        let identities = BundleIdentities(
            sessionUUID: UUID(), teamUUID: UUID(), teamName: "U17 Girls",
            players: [40: .init(uuid: UUID(), firstName: "Mia", lastName: "Berg"), 41: .init(uuid: UUID(), firstName: "Ola", lastName: "")],
            straps: straps)
        let events = [StrapEvent(strapID: 8, tMs: 300_000, kind: .link, value: 2), StrapEvent(strapID: 7, tMs: 5_000, kind: .battery, value: 80)]
        let bundle = try SessionBundle(rows: input.rows, identities: identities, strapEvents: events)
        XCTAssertEqual(bundle.problems, [])

        let back = bundle.contents(sessionID: 12)
        var numbered = session
        numbered.teamID = 1  // the bundle knows the team by UUID; the analysis's number is its own
        XCTAssertEqual(back.rows.session, numbered)
        XCTAssertEqual(back.rows.players.map(\.physiology), players.map(\.physiology))
        XCTAssertEqual(back.rows.players.map(\.shirtNumber), [9, 10])
        XCTAssertEqual(back.rows.players.map { $0.strapID.map { back.identities.straps[$0]?.address } }, ["A0:9E:1A:00:00:07", nil])
        // Numbers differ (the bundle numbers players and straps anew); everything else is the same.
        let playerMap: [Int64: Int64] = [40: 1, 41: 2], strapMap: [Int64: Int64] = [7: 1, 8: 2]
        for (old, new) in playerMap {
            XCTAssertEqual(back.rows.samples[new], samples[old]?.map {
                Sample(playerID: new, strapID: strapMap[$0.strapID]!, tMs: $0.tMs, bpm: $0.bpm, contact: $0.contact, energyKJ: $0.energyKJ)
            })
            XCTAssertEqual(back.rows.rrIntervals[new], rr[old]?.map { RRInterval(playerID: new, tMs: $0.tMs, rr1024: $0.rr1024) })
            XCTAssertEqual(back.identities.players[new], identities.players[old])
        }
        XCTAssertEqual(back.rows.laps, input.laps)
        XCTAssertEqual(back.strapEvents.map(\.tMs), [300_000, 5_000])
        XCTAssertEqual(back.strapEvents.map { back.identities.straps[$0.strapID]?.address }, ["A0:9E:1A:00:00:08", "A0:9E:1A:00:00:07"])

        // And so the analysis gives the same numbers from the bundle as from the kiosk's rows.
        let kiosk = SessionAnalysis(input), club = SessionAnalysis(SessionInput(back.rows))
        XCTAssertEqual(kiosk.players.map(\.stats), club.players.map(\.stats))
        XCTAssertEqual(kiosk.teamAverageBPM, club.teamAverageBPM)
    }

    func testAnInputNamingAPlayerWithoutIdentityIsRefused() {
        let session = Session(id: 1, teamID: 1, plannedDurationMs: nil, startedAt: Date(timeIntervalSince1970: 1_700_000_000))
        let p = SessionPlayer(sessionID: 1, playerID: 9, strapID: nil, shirtNumber: 1,
                              physiology: Physiology(age: 20, sex: .male, weightKg: 70, restingHR: 50, maxHR: 200, maxSource: .fox))
        let input = SessionInput(session: session, players: [p], samples: [:], rrIntervals: [:], laps: [])
        let identities = BundleIdentities(sessionUUID: UUID(), teamUUID: UUID(), teamName: "T", players: [:], straps: [:])
        XCTAssertThrowsError(try SessionBundle(rows: input.rows, identities: identities))
    }
}
