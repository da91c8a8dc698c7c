import Foundation
import Store
import XCTest

/// The `uuid` columns are read by hand (decision 104), with the same answer as `UUID(uuidString:)` for every
/// text, its `sscanf`'s leniencies included (a sign inside a group).
final class UUIDColumnTests: XCTestCase {
    func testWhatFoundationReadsIsReadTheSameAndWhatItRefusesIsRefused() {
        var texts: [String] = []
        for _ in 0..<200 {
            let uuid = UUID().uuidString
            texts += [uuid, uuid.lowercased(), String(uuid.prefix(1)).lowercased() + uuid.dropFirst()]
        }
        let one = "123e4567-e89b-12d3-a456-426614174000"
        texts += ["", "-", one, one.uppercased(), "{\(one)}", " \(one)", "\(one) ", one.replacingOccurrences(of: "-", with: ""),
                  String(one.dropLast()), one + "0", one.replacingOccurrences(of: "e4567-", with: "e4567:"),
                  "123e4567e-89b-12d3-a456-426614174000", "123e4567-e89b-12d3-a456-42661417400g", "123e4567-e89b-12d3-a456-4266141740é",
                  "123e4567-e89b-12d3-a456-426614174\u{0}00", "00000000-0000-0000-0000-000000000000", "ffffffff-FFFF-ffff-FFFF-ffffffffffff",
                  "+23e4567-e89b-12d3-a456-426614174000", "123e4567-+89b-12d3-a456-426614174000"]
        for text in texts {
            XCTAssertEqual(UUIDColumn.decode(text), UUID(uuidString: text), text)
        }
        XCTAssertNil(UUIDColumn.decode(nil))
        let uuid = UUID()
        XCTAssertEqual(UUIDColumn.decode(UUIDColumn.encode(uuid)), uuid)
    }
}
