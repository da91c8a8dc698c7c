@testable import SensorHub
import SPSCRing
import TeamCore
import Testing

/// A worker's rows are its strap table's, and a table holds an address once: an address added to
/// the rows again is a caller's mistake, and traps (checked in a child process) rather than keep a
/// row that numbers nothing.
@Suite struct StrapLinkTableDuplicateTests {
    @Test func anAddressAddedTwiceTraps() async {
        await #expect(processExitsWith: .failure) {
            let table = StrapLinkTable<Int>(ring: SPSCRing<SensorEvent>(capacity: 4), counters: BluetoothCounters())
            table.add(0xA1, 0)
            table.add(0xA1, 1)
        }
    }
}
