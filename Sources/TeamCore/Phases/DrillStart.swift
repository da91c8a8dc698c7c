/// A drill as a session records it: its name (as it was called that day) from `startMs` on, to `endMs` or —
/// when nil — to the next drill's start or the effort's end, whichever is first. What the kiosk writes
/// when the coach starts a drill, and what `sideline record --drill NAME@START[-END]` gives.
/// It is also a session bundle's drill as the club's wire carries it (format 3): its keys are the wire's
/// (`name`, `startMs`, `endMs`, left out when nil), so renaming a property changes every bundle's bytes and hash.
public struct DrillStart: Sendable, Equatable, Hashable, Codable {
    public var name: String
    public var startMs: Int64
    public var endMs: Int64?

    public init(name: String, startMs: Int64, endMs: Int64? = nil) {
        self.name = name
        self.startMs = startMs
        self.endMs = endMs
    }

    /// The phases a session's drills make, in time order, within an effort `effortEndMs` long. A drill that
    /// starts at or after the effort's end makes none (a session stopped early).
    public static func phases(_ drills: [DrillStart], effortEndMs: Int64) -> [SessionPhase] {
        let sorted = drills.sorted { $0.startMs < $1.startMs }
        return sorted.enumerated().compactMap { i, drill in
            let next = i + 1 < sorted.count ? sorted[i + 1].startMs : effortEndMs
            let end = min(drill.endMs ?? next, next, effortEndMs)
            guard end > drill.startMs else { return nil }
            return SessionPhase(kind: .drill, name: drill.name, fromMs: drill.startMs, toMs: end)
        }
    }

    /// Why a session of `effortMs` cannot have these drills, in one line, or nil. Each starts within the
    /// effort and ends after it starts and within it; no two overlap (an open end meets the next start).
    public static func problem(_ drills: [DrillStart], effortMs: Int64?) -> String? {
        for drill in drills {
            if let problem = Drill.nameProblem(drill.name) { return "drill name \(problem)" }
            if drill.startMs < 0 { return "drill '\(drill.name)' starts before the session" }
            if let effortMs, drill.startMs >= effortMs {
                return "drill '\(drill.name)' starts at \(drill.startMs / 1000) s, beyond the session's \(effortMs / 1000) s"
            }
            if let end = drill.endMs {
                if end <= drill.startMs { return "drill '\(drill.name)' ends before it starts" }
                if let effortMs, end > effortMs { return "drill '\(drill.name)' ends at \(end / 1000) s, beyond the session's \(effortMs / 1000) s" }
            }
        }
        let sorted = drills.sorted { $0.startMs < $1.startMs }
        for (a, b) in zip(sorted, sorted.dropFirst()) {
            if a.startMs == b.startMs { return "drills '\(a.name)' and '\(b.name)' start at the same time" }
            if let end = a.endMs, end > b.startMs { return "drills '\(a.name)' and '\(b.name)' overlap" }
        }
        return nil
    }
}
