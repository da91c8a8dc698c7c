import CSDL2
import Foundation
import Kiosk
import KioskUI
import Localization
import TeamCore

/// Plays a `KioskScript` through the real input path: taps become SDL mouse
/// events, `wait` advances the (virtual) clock with the sensors and the recorder.
extension KioskApp {
    /// `dumpLanguages`: each `dump X.json` also writes X.<language>.json for each, the screen drawn again in that
    /// language (one play reads every screen in every catalog; words the reducers made when a screen opened stay in
    /// the kiosk's own language).
    public func play(_ script: KioskScript, screenshots: String, dumpLanguages: [Language] = []) throws {
        try FileManager.default.createDirectory(atPath: screenshots, withIntermediateDirectories: true)
        settle()
        for line in script.lines {
            do {
                try execute(line.command, screenshots: screenshots, dumpLanguages: dumpLanguages)
            } catch let error as KioskError {
                throw KioskError("script line \(line.number) (\(line.text)): \(error.description)")
            }
            settle()
            if quitRequested { break }
        }
    }

    /// Handles pending events, drains sensors and draws, so the next command sees the current targets.
    func settle() {
        settleEvents()
        frame()
    }

    private func execute(_ command: ScriptCommand, screenshots: String, dumpLanguages: [Language]) throws {
        switch command {
        case .tapLabel(let label):
            let hit = try target(label)
            tap(hit.rect.midX, hit.rect.midY, holdMs: 60)
        case .tapPoint(let x, let y):
            tap(x, y, holdMs: 60)
        case .longPressLabel(let label):
            let hit = try target(label)
            tap(hit.rect.midX, hit.rect.midY, holdMs: Gestures.longPressMs + 100)
        case .longPressPoint(let x, let y):
            tap(x, y, holdMs: Gestures.longPressMs + 100)
        case .drag(let x1, let y1, let x2, let y2):
            push(mouse: SDL_MOUSEBUTTONDOWN, x: x1, y: y1)
            settleEvents()
            let steps = 8
            for i in 1...steps {
                advance(ms: 16)
                push(motion: x1 + (x2 - x1) * i / steps, y: y1 + (y2 - y1) * i / steps)
                settleEvents()
            }
            push(mouse: SDL_MOUSEBUTTONUP, x: x2, y: y2)
            settleEvents()
            inertia = Inertia() // scripted drags end still, so screenshots are repeatable
        case .type(let text):
            for ch in text {
                let label = ch == " " ? "key:space" : "key:\(String(ch).uppercased())"
                if ch.isLetter, ch.isUppercase != expectsCapital() { try tapKey("key:shift") }
                try tapKey(label)
            }
        case .wait(let ms):
            // Background jobs (exports) finish within a scripted wait: the same every run.
            runtime.waitForJobs()
            advance(ms: ms)
        case .waitUntil(let condition):
            runtime.waitForJobs()
            let since = runtime.nowMs
            while !condition.holds(in: state) {
                guard runtime.nowMs - since < ScriptCondition.limitMs else {
                    throw KioskError("not so within \(ScriptCondition.limitMs / 1000) s")
                }
                advance(ms: 100)
                if condition.happensInRealTime, runtime.sources.stepped != nil { usleep(100_000) }
            }
        case .waitForFile(let name):
            let path = name.hasPrefix("/") ? name : "\(screenshots)/\(name)"
            let since = runtime.nowMs
            while !FileManager.default.fileExists(atPath: path) {
                guard runtime.nowMs - since < ScriptCondition.limitMs else {
                    throw KioskError("\(name) did not appear within \(ScriptCondition.limitMs / 1000) s")
                }
                advance(ms: 50)
                // On virtual time the other program still runs in real time: keep pace with it.
                if runtime.sources.stepped != nil { usleep(50_000) }
            }
        case .screenshot(let name):
            drawIfNeeded(force: true)
            try main.savePNG(to: "\(screenshots)/\(name).png")
            // The wall has something of its own to show: tiles, or who has rated the session or checked in.
            if let wall, state.live != nil || state.review.rating != nil || state.checkIn != nil { try wall.savePNG(to: "\(screenshots)/\(name)-wall.png") }
        case .expectScreen(let name):
            guard state.screen.rawValue == name else { throw KioskError("expected screen \(name), on \(state.screen.rawValue)") }
        case .expectLabel(let label):
            _ = try target(label)
        case .expectPixel(let x, let y, let hex):
            drawIfNeeded(force: true)
            guard let colour = main.pixel(x: x, y: y) else { throw KioskError("cannot read pixel \(x),\(y)") }
            let got = String(format: "#%02X%02X%02X", colour.r, colour.g, colour.b)
            guard got == hex else { throw KioskError("pixel \(x),\(y) is \(got), expected \(hex)") }
        case .dump(let file):
            let path = file.hasPrefix("/") ? file : "\(screenshots)/\(file)"
            try StateDump.write(self, to: path)
            guard !dumpLanguages.isEmpty else { break }
            for language in dumpLanguages {
                runtime.drawWords(in: language)
                drawIfNeeded(force: true)
                try StateDump.write(self, to: Self.path(path, in: language))
            }
            runtime.drawWords(in: nil)
            drawIfNeeded(force: true)
        }
    }

    /// "shots/01-teams.json" in French: "shots/01-teams.fr.json".
    static func path(_ path: String, in language: Language) -> String {
        let url = URL(fileURLWithPath: path)
        let ext = url.pathExtension
        return url.deletingPathExtension().appendingPathExtension(language.rawValue).appendingPathExtension(ext.isEmpty ? "json" : ext).path
    }

    private func expectsCapital() -> Bool {
        state.form?.capitalNext(shift: main.view.view.shift) ?? false
    }

    private func tapKey(_ label: String) throws {
        let hit = try target(label)
        tap(hit.rect.midX, hit.rect.midY, holdMs: 40)
        settle()
    }

    private func target(_ label: String) throws -> Hit {
        if let hit = main.view.hits.find(label: label), hit.action != nil || hit.longPress != nil || hit.label == "key:shift" {
            return hit
        }
        let labels = main.view.hits.hits.filter { $0.action != nil }.map(\.label)
        throw KioskError("no enabled target labelled \"\(label)\" on the \(state.screen.rawValue) screen; there are: \(labels.joined(separator: ", "))")
    }

    private func tap(_ x: Int, _ y: Int, holdMs: Int64) {
        push(mouse: SDL_MOUSEBUTTONDOWN, x: x, y: y)
        settleEvents()
        advance(ms: holdMs)
        push(mouse: SDL_MOUSEBUTTONUP, x: x, y: y)
        settleEvents()
    }

    private func settleEvents() {
        var e = SDL_Event()
        while SDL_PollEvent(&e) != 0 { handle(e) }
    }

    /// Moves the clock on; with a stepped source in 100 ms slices so the recorder commits each second as live.
    public func advance(ms: Int64) {
        var left = ms
        while left > 0 {
            let step = min(left, 100)
            if !runtime.advanceSteppedClock(byNs: UInt64(step) * 1_000_000) {
                usleep(UInt32(step * 1000))
            }
            left -= step
            // The window's own events too: a compositor sizes and exposes the window while a script waits.
            settleEvents()
            if let out = gestures.poll(atMs: runtime.nowMs) { apply(out) }
            runtime.update()
            runtime.commitRecording()
        }
    }

    private func push(mouse type: SDL_EventType, x: Int, y: Int) {
        let (x, y) = main.windowPoint(x: x, y: y)
        var e = SDL_Event()
        e.type = type.rawValue
        e.button.windowID = main.windowID
        e.button.which = 0
        e.button.button = UInt8(SDL_BUTTON_LEFT)
        e.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED)
        e.button.clicks = 1
        e.button.x = Int32(x)
        e.button.y = Int32(y)
        SDL_PushEvent(&e)
    }

    private func push(motion x: Int, y: Int) {
        let (x, y) = main.windowPoint(x: x, y: y)
        var e = SDL_Event()
        e.type = SDL_MOUSEMOTION.rawValue
        e.motion.windowID = main.windowID
        e.motion.which = 0
        e.motion.state = 1
        e.motion.x = Int32(x)
        e.motion.y = Int32(y)
        SDL_PushEvent(&e)
    }
}
