import XCTest
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import Exports

final class TCXTests: XCTestCase {
    func testWellFormedWithLapsAndEveryHeartRate() throws {
        let context = ExportFixture.context()
        let xml = TCXEncoder.encode(context.analysis.players[0], context: context)
        let document = try XMLDocument(data: Data(xml.utf8))
        let root = try XCTUnwrap(document.rootElement())
        XCTAssertEqual(root.name, "TrainingCenterDatabase")
        let laps = try root.nodes(forXPath: "//*[local-name()='Lap']")
        XCTAssertEqual(laps.count, 2)
        let values = try root.nodes(forXPath: "//*[local-name()='Trackpoint']/*[local-name()='HeartRateBpm']/*[local-name()='Value']")
        XCTAssertEqual(values.compactMap { Int($0.stringValue ?? "") }, (0..<600).map { 120 + $0 % 60 })
        let firstTime = try root.nodes(forXPath: "//*[local-name()='Trackpoint']/*[local-name()='Time']").first?.stringValue
        XCTAssertEqual(firstTime, "2026-11-18T11:06:40.250Z")
        XCTAssertTrue(xml.contains("<Notes>drills &amp; games</Notes>"))
        XCTAssertTrue(xml.contains("<Id>2026-11-18T11:06:40Z</Id>"))
    }
}
