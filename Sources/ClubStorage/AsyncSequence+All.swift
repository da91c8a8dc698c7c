extension AsyncSequence {
    /// Every element, in order (query results are small or wanted whole).
    package func all() async throws -> [Element] {
        var out: [Element] = []
        for try await element in self { out.append(element) }
        return out
    }

    /// The first element, or nil.
    package func firstElement() async throws -> Element? {
        for try await element in self { return element }
        return nil
    }
}
