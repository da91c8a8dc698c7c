import Foundation
import Localization

/// A script that drives the kiosk like a coach would: taps, long presses,
/// drags, typing on the on-screen keyboard, clock advances, screenshots.
///
///     # comment
///     tap "New team"          tap the target with this label (exact, prefix, then substring)
///     tap 400,240             tap a point
///     longpress "Mia Berg"
///     drag 400,300 400,100    drag from one point to another
///     type "Eagles"           tap the on-screen keyboard keys
///     wait 30s | wait 500ms   advance the clock (virtual in headless runs)
///     wait until problem      advance it until the coach's line shows a sensor problem (at most 60 s, else an error)
///     wait until no problem   … until none is shown
///     wait until connected    … until every strap the source listens to is connected and subscribed
///     wait until disconnected … until every one has no link
///     wait until streaming    … until every one has a live heart rate
///                             (connected, disconnected, streaming "Strap 2": only the strap with this name or address)
///     wait until signal       … until every tile of the live session shows a heart rate
///     wait until club "nothing waiting"  … until Settings → Club sync shows this (its status line, its
///                             problem, "joining HOST"), keeping pace with the real time the sync passes take
///     wait for "go"           advance it until another program creates the file "go" in the screenshots folder
///     screenshot 01-teams     save DIR/01-teams.png (and 01-teams-wall.png with a wall display)
///     expect screen live      stop with an error unless the screen is `live`
///     expect label "Start"    stop with an error unless a target with this label is on screen
///     expect pixel 10,80 #1C7A36   stop with an error unless that pixel has that colour
///     dump state.json         write the state as JSON (relative to the screenshots folder)
public enum ScriptCommand: Equatable, Sendable {
    case tapLabel(String)
    case tapPoint(Int, Int)
    case longPressLabel(String)
    case longPressPoint(Int, Int)
    case drag(Int, Int, Int, Int)
    case type(String)
    case wait(ms: Int64)
    case waitUntil(ScriptCondition)
    case waitForFile(String)
    case screenshot(String)
    case expectScreen(String)
    case expectLabel(String)
    case expectPixel(Int, Int, String)
    case dump(String)
}

public struct KioskScript: Sendable {
    public struct Line: Sendable {
        public var number: Int
        public var text: String
        public var command: ScriptCommand
    }

    public var lines: [Line]

    public init(path: String) throws {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw KioskError(Message(N_("cannot read the script {path}"), ["path": path]))
        }
        try self.init(text: text, name: path)
    }

    public init(text: String, name: String = "script") throws {
        lines = []
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            do {
                lines.append(Line(number: i + 1, text: line, command: try Self.parse(line)))
            } catch let error as KioskError {
                throw KioskError("\(name):\(i + 1): \(error.description)")
            }
        }
    }

    static func parse(_ line: String) throws -> ScriptCommand {
        let (verb, rest) = splitVerb(line)
        switch verb {
        case "tap":
            if let label = quoted(rest) { return .tapLabel(label) }
            let p = try point(rest)
            return .tapPoint(p.0, p.1)
        case "longpress":
            if let label = quoted(rest) { return .longPressLabel(label) }
            let p = try point(rest)
            return .longPressPoint(p.0, p.1)
        case "drag":
            let parts = rest.split(separator: " ").map(String.init)
            guard parts.count == 2 else { throw KioskError("drag needs two points: drag X,Y X2,Y2") }
            let a = try point(parts[0]), b = try point(parts[1])
            return .drag(a.0, a.1, b.0, b.1)
        case "type":
            guard let text = quoted(rest) else { throw KioskError("type needs quoted text: type \"Mia\"") }
            return .type(text)
        case "wait":
            let (how, what) = splitVerb(rest)
            switch how {
            case "until": return .waitUntil(try condition(what))
            case "for":
                guard let file = quoted(what), !file.isEmpty else { throw KioskError("wait for needs a quoted file name: wait for \"go\"") }
                return .waitForFile(file)
            default: return .wait(ms: try duration(rest))
            }
        case "screenshot":
            guard !rest.isEmpty, !rest.contains("/") else { throw KioskError("screenshot needs a plain name") }
            return .screenshot(rest)
        case "expect":
            let (what, value) = splitVerb(rest)
            switch what {
            case "screen": return .expectScreen(value)
            case "label":
                guard let label = quoted(value) else { throw KioskError("expect label needs a quoted label") }
                return .expectLabel(label)
            case "pixel":
                let parts = value.split(separator: " ").map(String.init)
                guard parts.count == 2 else { throw KioskError("expect pixel X,Y #RRGGBB") }
                let p = try point(parts[0])
                return .expectPixel(p.0, p.1, parts[1].uppercased())
            default: throw KioskError("expect screen|label|pixel")
            }
        case "dump":
            guard !rest.isEmpty else { throw KioskError("dump needs a file name") }
            return .dump(rest)
        default:
            throw KioskError("unknown command '\(verb)'")
        }
    }

    private static func splitVerb(_ s: String) -> (String, String) {
        guard let space = s.firstIndex(of: " ") else { return (s.lowercased(), "") }
        return (s[..<space].lowercased(), s[space...].trimmingCharacters(in: .whitespaces))
    }

    private static func quoted(_ s: String) -> String? {
        guard s.count >= 2, s.hasPrefix("\""), s.hasSuffix("\"") else { return nil }
        return String(s.dropFirst().dropLast())
    }

    private static func point(_ s: String) throws -> (Int, Int) {
        let parts = s.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2 else { throw KioskError("'\(s)' is not a point X,Y") }
        return (parts[0], parts[1])
    }

    private static func condition(_ s: String) throws -> ScriptCondition {
        if s == "problem" { return .problem }
        if s == "no problem" { return .noProblem }
        if s == "signal" { return .signal }
        let (what, rest) = splitVerb(s)
        let strap = quoted(rest)
        let usage = KioskError("wait until problem | no problem | connected [\"strap\"] | disconnected [\"strap\"] | streaming [\"strap\"] | signal | club \"text\"")
        guard rest.isEmpty || strap != nil else { throw usage }
        switch what {
        case "connected": return .connected(strap)
        case "disconnected": return .disconnected(strap)
        case "streaming": return .streaming(strap)
        case "club" where strap != nil: return .clubSync(strap!)
        default: throw usage
        }
    }

    private static func duration(_ s: String) throws -> Int64 {
        let t = s.lowercased()
        if t.hasSuffix("ms"), let v = Int64(t.dropLast(2)) { return v }
        if t.hasSuffix("min"), let v = Double(t.dropLast(3)) { return Int64(v * 60_000) }
        if t.hasSuffix("s"), let v = Double(t.dropLast()) { return Int64(v * 1000) }
        throw KioskError("'\(s)' is not a duration like 500ms, 30s or 2min")
    }
}
