import Appliance
import Localization
import BlueZTransport
import ClubSync
import CSDL2
import Diagnostics
import Exports
import StoredExports
import Foundation
import Kiosk
import KioskUI
import SensorCore
import SensorHub
import Store
import TeamCore

/// The kiosk as `sideline` starts it, once its options are parsed: SDL's video (on a display, or
/// headless), the fonts, the coach's window and the wall display, the runtime on its source, then
/// the script or the loop until the coach quits, and the state dump.
public struct KioskLaunch {
    /// The `--source`s given: none, `auto`, or the sources to run.
    public var source: [String]
    /// No display: SDL's offscreen driver and software renderer, the script played on the stepped simulation.
    public var headless: Bool
    public var bluetooth: BluetoothSetup
    public var seed: UInt64
    /// The window's size (nil: fullscreen; 800×480 headless).
    public var size: (width: Int, height: Int)?
    public var script: String?
    public var screenshots = "out/screenshots"
    /// `--dump-languages`: the script's dumps also in these languages (tests).
    public var dumpLanguages: [Language] = []
    public var wallDisplay: Int?
    /// The display server shows one window over every output (cage): each view gets its output's part.
    public var oneWindow = false
    public var coachDisplay: Int?
    /// `--export-dir` (nil: the first USB stick under /media, and the stick that is in).
    public var exportDirectory: String?
    public var usbMounts: String?
    /// `--club-ca-file`: the club's own CA for the background sync (nil: the one kept at `club join`).
    public var clubCAFile: String?
    /// `--club-sync`: passes in this process, or by the appliance's sync service.
    public var clubSync = ClubSyncMode.inProcess
    public var dumpPath: String?
    /// The language while Settings has chosen none (`--language`, the config file, else `LANG`).
    public var language = Language.english

    public init(source: [String], headless: Bool, bluetooth: BluetoothSetup, seed: UInt64) {
        self.source = source
        self.headless = headless
        self.bluetooth = bluetooth
        self.seed = seed
    }

    static let log = Diagnostics.logger("kiosk")

    /// The adapter was picked by `--source auto` (or no `--source`), not named by the user: one that
    /// will not start falls back to the simulated team; a named one is waited for.
    var choseAutomatically: Bool { source == ["auto"] || (source.isEmpty && !headless) }

    /// `--source auto` (or none): real straps when the machine has an adapter, else the
    /// simulated team — said on stderr, so nobody mistakes simulated heart rates for real ones.
    /// Without `--source`, the choice stored on the settings screen counts first. Scripted
    /// headless runs stay on the simulated team unless told otherwise: the same every run.
    func resolvedSources(stored: SensorChoice) -> [String] {
        guard source.isEmpty || source == ["auto"] else { return source }
        if headless && source.isEmpty { return ["sim:12"] }
        if source.isEmpty && stored == .simulated { return ["sim:12"] }
        if let adapter = AdapterProbe().preferredSource { return [adapter] }
        Self.log.warning("no Bluetooth adapter found; running on 12 simulated straps (--source sim:12)")
        return ["sim:12"]
    }

    public func run(store: SidelineStore, startup: StartupTimeline) throws {
        let sources = resolvedSources(stored: store.kioskSettings().sensor)
        let specs = try sources.map(SourceSpec.init(parsing:))
        guard let lock = RecorderLock(databasePath: store.path) else {
            throw KioskError(Message(N_("another Sideline process is recording into {path}; stop it first"), ["path": store.path]))
        }
        defer { withExtendedLifetime(lock) {} }
        startup.mark("database")

        if headless {
            SDLVideo.useHeadlessDrivers()
        } else if !SDLVideo.displayFound {
            throw KioskError(Message(N_("no display: DISPLAY and WAYLAND_DISPLAY are unset and there is no /dev/dri; run with --headless --script FILE, or set SDL_VIDEODRIVER")))
        }
        try SDLVideo.start { "no display: SDL could not start video (\($0)); run with --headless --script FILE" }
        defer { SDLVideo.quit() }
        startup.mark("SDL video")
        guard let wake = WakeSignal() else { throw KioskError("SDL has no room for a user event") }
        let fonts = try SDLVideo.fonts()
        startup.mark("fonts")
        let (main, wall) = try openWindows(fonts: fonts)
        startup.mark("windows")

        let launchCount: Int? = if case .simulated(let count) = specs[0] { count } else { nil }
        // An adapter the user named is waited for when it is not there yet (shown on every screen,
        // retried); one `auto` picked that will not start falls back to the simulated team below.
        var setup = bluetooth
        setup.waitsForAdapter = !choseAutomatically
        // The words the sources describe themselves in are made now: the language before them.
        KioskRuntime.use(KioskRuntime.language(store.kioskSettings(), fallback: language))
        let factory = KioskSourceFactory(launchBluetooth: launchCount == nil ? sources : [], simulatedCount: launchCount ?? 12,
                                         seed: seed, bluetooth: setup, store: store)
        let launched = try factory.make(sources: sources, stepped: headless)
        let runtime = KioskRuntime(store: store, source: launched, wake: wake,
                                   wallClockBase: headless && launched.stepped != nil ? Self.scriptEpoch : nil,
                                   exportDirectory: exportDirectory ?? SessionExport.defaultFolder(onStick: UsbStickMounts.desktop().firstWritable(in: .read())),
                                   usbSticks: usbMounts.map { KioskBackups(databasePath: store.path, usbMounts: $0, exportsToStick: exportDirectory == nil) },
                                   clubSync: clubSync, clubCAFile: clubCAFile)
        runtime.sources.factory = factory
        runtime.fallbackLanguage = language
        let app = KioskApp(runtime: runtime, main: main, wall: wall, wake: wake)
        app.noteLayout()
        app.service = ServiceNotifier()
        app.startup = startup
        if getenv("SIDELINE_ANNOUNCE_FIRST_FRAME") != nil { app.observer = FirstFrameAnnouncer() }
        do {
            try runtime.start()
        } catch let error as SensorSourceError {
            // An adapter chosen by `auto` that will not start (no permission, busy): the kiosk
            // still comes up, on the simulated team, and says so; Settings can try again.
            guard choseAutomatically else { throw KioskError(error.message) }
            Self.log.warning("\(error); running on simulated straps instead (Settings → Heart rates → Bluetooth tries again)")
            runtime.sources.switchSource(to: .simulated)
        }
        startup.mark("teams and straps")
        defer { app.shutdown() }
        if let script {
            app.main.view.canvas.recordsTexts = true
            app.wall?.view.canvas.recordsTexts = true
            try app.play(try KioskScript(path: script), screenshots: screenshots, dumpLanguages: dumpLanguages)
        }
        if !headless { app.runEventLoop() }
        if let dumpPath { try StateDump.write(app, to: dumpPath) }
    }

    /// The coach's window and, with `--wall-display`, the wall's: two windows, or one spread over
    /// every output (`--one-window`).
    private func openWindows(fonts: FontBook) throws -> (main: KioskWindow, wall: KioskWindow?) {
        let (width, height) = size ?? (800, 480)
        let fullscreen = !headless && size == nil
        do {
            if oneWindow, !headless {
                // One window over every output (cage): the coach's view and the wall's each in their
                // output's part, so the coach's screen is never stretched over the wall display.
                let (main, wall) = try KioskWindow.spanning(title: "Sideline", coachDisplay: coachDisplay, wallDisplay: wallDisplay,
                                                            software: false, fonts: fonts)
                if let wallDisplay, wall == nil {
                    Self.log.warning("wall-display \(wallDisplay): there is no such output (\(SDL_GetNumVideoDisplays()) connected); the tiles are on the coach's screen only")
                }
                return (main, wall)
            }
            let main = try KioskWindow(title: "Sideline", width: width, height: height, display: nil, fullscreen: fullscreen,
                                       software: headless, fonts: fonts)
            let wall = try wallDisplay.map {
                try KioskWindow(title: "Sideline wall", width: headless ? 1920 : width, height: headless ? 1080 : height,
                                display: $0, fullscreen: !headless, software: headless, fonts: fonts)
            }
            return (main, wall)
        } catch let error as KioskWindow.Failure {
            throw KioskError(Message(N_("{problem}; run with --headless --script FILE"), ["problem": error.description]))
        }
    }

    /// Scripted runs show the same date and time on every run: Saturday 14 March 2026, 17:30 local.
    static let scriptEpoch: Date = {
        var c = DateComponents()
        (c.year, c.month, c.day, c.hour, c.minute) = (2026, 3, 14, 17, 30)
        return Calendar(identifier: .gregorian).date(from: c) ?? Date(timeIntervalSince1970: 1_773_509_400)
    }()
}
