/// A JSON decoding failure as one plain sentence: where, and what was wrong.
package enum DecodingMessage {
    package static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not valid JSON" }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the body" : keys.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context)): '\(key.stringValue)' is missing"
        case .typeMismatch(_, let context): return "\(path(context)): \(context.debugDescription)"
        case .valueNotFound(_, let context): return "\(path(context)): a value is missing"
        case .dataCorrupted(let context): return "\(path(context)): \(context.debugDescription)"
        @unknown default: return "not valid JSON"
        }
    }
}
