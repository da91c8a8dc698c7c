import Foundation

/// Environment variables read one at a time with `getenv`. `ProcessInfo.processInfo.environment` copies
/// the whole environment into a new dictionary on every call (≈ 375 k instructions with a shell's 35
/// variables): a launch that asked it for one variable a dozen times paid for it a dozen times (issue 34).
public enum ProcessEnvironment {
    /// The variable's value, nil when it is not set.
    public static func value(of name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The variables among `names` that are set, as the whole environment's dictionary would have them.
    public static func values(of names: [String]) -> [String: String] {
        var values: [String: String] = [:]
        for name in names { values[name] = value(of: name) }
        return values
    }
}
