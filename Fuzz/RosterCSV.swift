import TeamCore

/// A roster's bytes end in rows or in named problems, never a trap: rows are within the limits, each
/// a valid player with a shirt number of its own; a refusal names at least one line and prints at
/// most 20 problems and a count.
func fuzzOne(_ bytes: [UInt8]) {
    guard let text = try? RosterText.decode(bytes) else { return }
    switch RosterCSV.parse(text) {
    case .success(let rows):
        check(rows.count <= RosterCSV.maxPlayers && Set(rows.map(\.shirtNumber)).count == rows.count
              && rows.allSatisfy { $0.player.validationProblems.isEmpty && (0...999).contains($0.shirtNumber) }, "rows \(rows)")
    case .failure(let rejection):
        check(!rejection.errors.isEmpty && rejection.report().count <= 21, "rejection \(rejection)")
    }
}
