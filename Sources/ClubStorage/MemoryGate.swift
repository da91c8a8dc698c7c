import Foundation

/// At most `width` requests do one kind of memory-heavy work at once — hold a whole session bundle (a
/// commit, an analysis), or a chunk of an upload — each within a ceiling of its own, so the process's is
/// `width` of them whatever kiosks and readers ask for together (docs/decisions/069-a-commit-has-a-memory-ceiling.md).
/// The others wait their turn, holding no database connection (and a chunk not yet read stays in the
/// socket) — for `waitingAtMost`, then they are answered 503.
actor MemoryGate {
    let width: Int
    private var inside = 0
    private var waiting: [(id: UUID, continuation: CheckedContinuation<Bool, Never>)] = []

    init(width: Int) {
        precondition(width >= 1, "a gate lets at least one through")
        self.width = width
    }

    /// `work` once a place is free; `.unavailable` if none was within `limit`.
    @discardableResult
    func through<T: Sendable>(waitingAtMost limit: Duration, _ work: @Sendable () async throws -> T) async throws -> T {
        guard await enter(waitingAtMost: limit) else {
            throw ClubError(.unavailable, "the server is busy with other uploads and analyses; try again")
        }
        defer { leave() }
        return try await work()
    }

    private func enter(waitingAtMost limit: Duration) async -> Bool {
        if inside < width {
            inside += 1
            return true
        }
        let id = UUID()
        return await withCheckedContinuation { continuation in
            waiting.append((id, continuation))
            Task {
                try? await Task.sleep(for: limit)
                self.giveUp(id)
            }
        }
    }

    private func giveUp(_ id: UUID) {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        waiting.remove(at: index).continuation.resume(returning: false)
    }

    /// The place passes straight to the first waiting, if any.
    private func leave() {
        if waiting.isEmpty { inside -= 1 } else { waiting.removeFirst().continuation.resume(returning: true) }
    }
}
