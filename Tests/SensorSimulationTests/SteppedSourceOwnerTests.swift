import Foundation
import SensorSimulation
import SPSCRing
import TeamCore
import Testing

/// A stepped source's models and its ring's producer side belong to the thread that made it:
/// a call from another thread traps (checked in a child process) rather than racing.
@Suite struct SteppedSourceOwnerTests {
    @Test func advancingFromAnotherThreadTraps() async {
        await #expect(processExitsWith: .failure) {
            let team = SimulatedTeam(count: 2, seed: 1)
            let source = SteppedSimulatedSource(team: team, seed: 1)
            try? source.start(straps: team.strapTable, ring: SPSCRing<SensorEvent>(capacity: 64), wake: {})
            let done = DispatchSemaphore(value: 0)
            Thread { source.advance(byNs: 1_000_000_000); done.signal() }.start()
            done.wait()
        }
    }

    @Test func theOwningThreadAdvancesIt() throws {
        let team = SimulatedTeam(count: 2, seed: 1)
        let source = SteppedSimulatedSource(team: team, seed: 1)
        let ring = SPSCRing<SensorEvent>(capacity: 64)
        try source.start(straps: team.strapTable, ring: ring, wake: {})
        source.advance(byNs: 3_000_000_000)
        #expect(source.nowNs() == 3_000_000_000)
        #expect(ring.count > 0)
    }
}
