/// Time columns travel as differences from the previous value (the first from zero): a
/// reading a second apart is "1000" however long the session has run, which JSON writes
/// in a few digits and gzip squeezes further.
public enum DeltaCoding {
    public static func encode(_ values: [Int64]) -> [Int64] {
        var previous: Int64 = 0
        return values.map { value in
            defer { previous = value }
            return value &- previous
        }
    }

    public static func decode(_ deltas: [Int64]) -> [Int64] {
        var running: Int64 = 0
        return deltas.map { delta in
            running = running &+ delta
            return running
        }
    }
}
