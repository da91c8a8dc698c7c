/// At most `width` commits inflate and decode a bundle (or analyse the session just stored) at once.
/// Each has a memory ceiling of its own (`InputBounds.bundleShape`), so the server's is `width` of them
/// whatever the kiosks send together; the others wait their turn without holding a database connection.
actor CommitGate {
    let width: Int
    private var inside = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(width: Int) {
        precondition(width >= 1, "a gate lets at least one through")
        self.width = width
    }

    /// `work` once a place is free.
    @discardableResult
    func through<T: Sendable>(_ work: @Sendable () async throws -> T) async throws -> T {
        await enter()
        defer { leave() }
        return try await work()
    }

    private func enter() async {
        if inside < width {
            inside += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// The place passes straight to the first waiting, if any.
    private func leave() {
        if waiting.isEmpty { inside -= 1 } else { waiting.removeFirst().resume() }
    }
}
