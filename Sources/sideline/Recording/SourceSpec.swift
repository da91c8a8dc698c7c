import SensorHub
import TeamCore

/// A `--source` value: where heart rates come from.
enum SourceSpec: Equatable {
    /// N simulated straps.
    case simulated(count: Int)

    init(parsing text: String) throws {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        switch parts.first {
        case "sim":
            guard parts.count == 2, let n = Int(parts[1]), (1...200).contains(n) else {
                throw UserError("--source sim:N needs a number of straps from 1 to 200, e.g. sim:12")
            }
            self = .simulated(count: n)
        default:
            throw UserError("unknown --source '\(text)'; use sim:N")
        }
    }
}
