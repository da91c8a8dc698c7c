import AppCore
import Appliance
import ArgumentParser
import BlueZTransport
import CSDL2
import Diagnostics
import Exports
import Foundation
import Kiosk
import KioskUI
import SensorHub
import Store
import TeamCore

/// `sideline` with no subcommand: the touch kiosk.
struct KioskCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiosk",
        abstract: "The touch kiosk: team picker, roster and straps, live tiles, wall display, review.",
        discussion: """
            Headless and scriptable: sideline --headless --size 800x480 --script FILE --screenshots DIR
            runs on SDL's offscreen driver with the software renderer and plays the script (see KioskScript.swift).
            """)

    @OptionGroup var database: DatabaseOptions
    @Flag(help: "Run without a display (SDL offscreen driver, software renderer); needs --script.") var headless = false
    @Option(help: "Window size WxH (default: fullscreen; 800x480 headless).") var size: String?
    @Option(help: "A script of taps, typing, waits and screenshots to play.") var script: String?
    @Option(help: "Folder for the script's screenshots and dumps.") var screenshots: String = "out/screenshots"
    @Option(help: "Where heart rates come from: auto (the default: the first Bluetooth adapter, through bluetoothd when it runs, else 12 simulated straps when there is none), sim:N, hci-tcp:HOST:PORT or hci-user:hciN (repeatable), or bluez:hciN (alone).")
    var source: [String] = []
    @OptionGroup var bluetooth: BluetoothOptions
    @Option(parsing: .unconditional, help: "Seed of the simulation.") var seed: UInt64 = 7
    @Option(name: .customLong("wall-display"), parsing: .unconditional, help: "Open the wall display fullscreen on display N.") var wallDisplay: Int?
    @Flag(name: .customLong("one-window"), help: "The display server shows one window, spread over every output (the service's cage): the kiosk draws the coach's screen and --wall-display's tiles each into its own output's part of that window.")
    var oneWindow = false
    @Option(name: .customLong("coach-display"), parsing: .unconditional, help: "With --one-window: the display the coach's screen goes on (default: the first that is not the wall's; the journal lists them).")
    var coachDisplay: Int?
    @Option(name: .customLong("export-dir"), help: "Where 'Export all' writes (default: the first USB stick under /media).") var exportDir: String?
    @Option(name: .customLong("usb-mounts"), help: "Folder where USB sticks are mounted (the package's udev rule: /media/sideline). A stick that appears there gets a backup, exports go to it, and Settings can restore from it.")
    var usbMounts: String?
    @Option(help: "Read options from this file, one NAME = VALUE a line, NAME a long option here (the service: /etc/sideline/sideline.conf); options given here win.")
    var config: String?
    @Option(name: .customLong("dump"), help: "Write the final state as JSON to this file.") var dumpPath: String?
    @Flag(help: "Measure the kiosk's performance figures (headless) and print them.") var bench = false

    func validate() throws {
        if headless && script == nil && !bench { throw ValidationError("--headless needs a --script to play") }
        if let size, Self.parseSize(size) == nil { throw ValidationError("--size must look like 800x480") }
    }

    static func parseSize(_ text: String) -> (Int, Int)? {
        let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, (320...7680).contains(parts[0]), (240...4320).contains(parts[1]) else { return nil }
        return (parts[0], parts[1])
    }

    func run() throws {
        if bench { return try runBenchmarks() }
        let startup = StartupTimeline()
        let store = try database.open()
        let sources = resolvedSources(stored: store.kioskSettings().sensor)
        let specs = try sources.map(SourceSpec.init(parsing:))
        guard let lock = RecorderLock(databasePath: store.path) else {
            throw UserError("another Sideline process is recording into \(store.path); stop it first")
        }
        defer { withExtendedLifetime(lock) {} }
        startup.mark("database")

        if headless {
            setenv("SDL_VIDEODRIVER", "offscreen", 1)
            setenv("SDL_RENDER_DRIVER", "software", 1)
            // Scripted runs play their sounds into nothing unless a test names a driver (`disk` writes them to a file).
            setenv("SDL_AUDIODRIVER", "dummy", 0)
        } else if ProcessInfo.processInfo.environment["DISPLAY"] == nil && ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] == nil
                    && ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] == nil && !FileManager.default.fileExists(atPath: "/dev/dri/card0") {
            throw UserError("no display: DISPLAY and WAYLAND_DISPLAY are unset and there is no /dev/dri; run with --headless --script FILE, or set SDL_VIDEODRIVER")
        }
        guard SDL_Init(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS)) == 0 else {
            throw UserError("no display: SDL could not start video (\(String(cString: SDL_GetError()))); run with --headless --script FILE")
        }
        defer { SDL_Quit() }
        startup.mark("SDL video")
        guard let wake = WakeSignal() else { throw UserError("SDL has no room for a user event") }
        let fonts: FontBook
        do {
            fonts = try FontBook(assetsDirectory: ProcessInfo.processInfo.environment["SIDELINE_ASSETS"])
        } catch let error as FontBook.Missing {
            throw UserError(error.description)
        }
        startup.mark("fonts")
        let (width, height) = size.flatMap(Self.parseSize) ?? (800, 480)
        let fullscreen = !headless && size == nil
        let main: KioskWindow, wall: KioskWindow?
        do {
            if oneWindow, !headless {
                // One window over every output (cage): the coach's view and the wall's each in their
                // output's part, so the coach's screen is never stretched over the wall display.
                (main, wall) = try KioskWindow.spanning(title: "Sideline", coachDisplay: coachDisplay, wallDisplay: wallDisplay,
                                                        software: false, fonts: fonts)
                if let wallDisplay, wall == nil {
                    Self.log.warning("wall-display \(wallDisplay): there is no such output (\(SDL_GetNumVideoDisplays()) connected); the tiles are on the coach's screen only")
                }
            } else {
                main = try KioskWindow(title: "Sideline", width: width, height: height, display: nil, fullscreen: fullscreen,
                                       software: headless, fonts: fonts)
                wall = try wallDisplay.map {
                    try KioskWindow(title: "Sideline wall", width: headless ? 1920 : width, height: headless ? 1080 : height,
                                    display: $0, fullscreen: !headless, software: headless, fonts: fonts)
                }
            }
        } catch let error as KioskWindow.Failure {
            throw UserError(error.description + "; run with --headless --script FILE")
        }
        startup.mark("windows")

        let launchCount: Int? = if case .simulated(let count) = specs[0] { count } else { nil }
        // An adapter the user named is waited for when it is not there yet (shown on every screen,
        // retried); one `auto` picked that will not start falls back to the simulated team below.
        var setup = bluetooth.setup
        setup.waitsForAdapter = !choseAutomatically
        let factory = KioskSourceFactory(launchBluetooth: launchCount == nil ? sources : [], simulatedCount: launchCount ?? 12,
                                         seed: seed, bluetooth: setup, store: store)
        let launched = try factory.make(sources: sources, stepped: headless)
        let runtime = KioskRuntime(store: store, source: launched, wake: wake,
                                   wallClockBase: headless && launched.stepped != nil ? Self.scriptEpoch : nil,
                                   exportDirectory: exportDir ?? SessionExport.defaultFolder(onStick: UsbStickMounts.desktop().firstWritable(in: .read())))
        runtime.sourceFactory = factory
        runtime.backups = usbMounts.map { KioskBackups(databasePath: store.path, usbMounts: $0, exportsToStick: exportDir == nil) }
        let app = KioskApp(runtime: runtime, main: main, wall: wall, wake: wake)
        app.noteLayout()
        app.service = ServiceNotifier()
        app.startup = startup
        if ProcessInfo.processInfo.environment["SIDELINE_ANNOUNCE_FIRST_FRAME"] != nil { app.observer = FirstFrameAnnouncer() }
        do {
            try runtime.start()
        } catch let error as SensorSourceError {
            // An adapter chosen by `auto` that will not start (no permission, busy): the kiosk
            // still comes up, on the simulated team, and says so; Settings can try again.
            guard choseAutomatically else { throw UserError(error.description) }
            Self.log.warning("\(error); running on simulated straps instead (Settings → Heart rates → Bluetooth tries again)")
            runtime.switchSource(to: .simulated)
        }
        startup.mark("teams and straps")
        defer { app.shutdown() }
        if let script {
            try app.play(try KioskScript(path: script), screenshots: screenshots)
        }
        if !headless { app.runEventLoop() }
        if let dumpPath { try StateDump.write(app, to: dumpPath) }
    }

    /// The adapter was picked by `--source auto` (or no `--source`), not named by the user.
    private var choseAutomatically: Bool { source == ["auto"] || (source.isEmpty && !headless) }

    /// `--source auto` (or none): real straps when the machine has an adapter, else the
    /// simulated team — said on stderr, so nobody mistakes simulated heart rates for real ones.
    /// Without `--source`, the choice stored on the settings screen counts first. Scripted
    /// headless runs stay on the simulated team unless told otherwise: the same every run.
    private func resolvedSources(stored: SensorChoice) -> [String] {
        guard source.isEmpty || source == ["auto"] else { return source }
        if headless && source.isEmpty { return ["sim:12"] }
        if source.isEmpty && stored == .simulated { return ["sim:12"] }
        if let adapter = AdapterProbe().preferredSource { return [adapter] }
        Self.log.warning("no Bluetooth adapter found; running on 12 simulated straps (--source sim:12)")
        return ["sim:12"]
    }

    private func runBenchmarks() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        setenv("SDL_AUDIODRIVER", "dummy", 0)
        guard SDL_Init(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS)) == 0 else {
            throw UserError("SDL could not start the offscreen driver (\(String(cString: SDL_GetError())))")
        }
        defer { SDL_Quit() }
        let fonts: FontBook
        do {
            fonts = try FontBook(assetsDirectory: ProcessInfo.processInfo.environment["SIDELINE_ASSETS"])
        } catch let error as FontBook.Missing {
            throw UserError(error.description)
        }
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
        try KioskBench(fonts: fonts, work: "out/bench-kiosk", binary: binary).run()
    }

    static let log = Diagnostics.logger("kiosk")

    /// Scripted runs show the same date and time on every run: Saturday 14 March 2026, 17:30 local.
    static let scriptEpoch: Date = {
        var c = DateComponents()
        (c.year, c.month, c.day, c.hour, c.minute) = (2026, 3, 14, 17, 30)
        return Calendar(identifier: .gregorian).date(from: c) ?? Date(timeIntervalSince1970: 1_773_509_400)
    }()
}
