import SPSCRing
import TeamCore
import Testing

/// `drain` publishes the freed slots once its body has seen them all: a drain or a pop from inside
/// the body would hand out the same elements twice. It traps instead (run in a child process).
@Suite struct RingReentrancyTests {
    @Test func aDrainInsideADrainTraps() async {
        await #expect(processExitsWith: .failure) {
            let ring = SPSCRing<Int>(capacity: 8)
            ring.push(1)
            ring.push(2)
            ring.drain { _ in ring.drain { _ in } }
        }
    }

    @Test func aPopInsideADrainTraps() async {
        await #expect(processExitsWith: .failure) {
            let ring = SPSCRing<Int>(capacity: 8)
            ring.push(1)
            ring.drain { _ in _ = ring.pop() }
        }
    }

    @Test func drainsOneAfterAnotherAndPopsAfterADrainAreFine() {
        let ring = SPSCRing<Int>(capacity: 8)
        for i in 1...3 { ring.push(i) }
        var seen: [Int] = []
        ring.drain(limit: 2) { seen.append($0) }
        ring.drain { seen.append($0) }
        ring.push(4)
        seen.append(ring.pop()!)
        #expect(seen == [1, 2, 3, 4])
        #expect(ring.pop() == nil)
    }
}
