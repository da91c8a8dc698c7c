import AppCore
import Localization
import ClubSync
import Appliance
import ArgumentParser
import Foundation
import KioskBench
import KioskShell
import SensorHub
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
    @Option(name: .customLong("club-ca-file"), help: "The club's own CA certificate (PEM) for its server, over the one `sideline club join --ca-file` kept (the service: club-ca-file = … in /etc/sideline/sideline.conf).")
    var clubCAFile: String?
    @Option(name: .customLong("club-sync"), help: "Where club sync passes run: in-process (the default: a background worker in the kiosk) or service (the appliance's sideline-club-sync.service; the kiosk only writes <database>.club-sync-request). The config file: club-sync = service.")
    var clubSync: ClubSyncMode = .inProcess
    @Option(help: "Read options from this file, one NAME = VALUE a line, NAME a long option here (the service: /etc/sideline/sideline.conf); options given here win.")
    var config: String?
    @Option(help: "The screens' language until one is chosen in Settings: en, de, fr, es or nl (default: from LANG; the service: language = … in /etc/sideline/sideline.conf).")
    var language: String?
    @Option(name: .customLong("dump-languages"), help: "With --script: each of its dumps (X.json) also in these languages, comma-separated (X.de.json…), the screen drawn again in each: one play read in every catalog.")
    var dumpLanguages: String?
    @Option(name: .customLong("dump"), help: "Write the final state as JSON to this file.") var dumpPath: String?
    @Flag(help: "Measure the kiosk's performance figures (headless) and print them.") var bench = false

    func validate() throws {
        if headless && script == nil && !bench { throw ValidationError("--headless needs a --script to play") }
        if let size, Self.parseSize(size) == nil { throw ValidationError("--size must look like 800x480") }
        if let language, Language(code: language) == nil {
            throw ValidationError("--language must be one of \(Language.allCases.map(\.rawValue).joined(separator: ", ")), not '\(language)'")
        }
        if let dumpLanguages, Self.parseLanguages(dumpLanguages) == nil {
            throw ValidationError("--dump-languages must be a comma-separated list of \(Language.allCases.map(\.rawValue).joined(separator: ", ")), not '\(dumpLanguages)'")
        }
    }

    /// The kiosk's own command line (`sideline [kiosk] --option…`: the service's, a board's every start)
    /// parsed by this command alone, without the tree of every subcommand that `sideline`'s parse builds
    /// first (decision 083). Nil for anything else — another subcommand, help, version, any mistake —
    /// which the whole command's parse then answers in its own words.
    static func parsedAlone(_ arguments: [String]) -> KioskCommand? {
        var options = arguments[...]
        if options.first == "kiosk" {
            options = options.dropFirst()
        } else if let first = options.first, !first.hasPrefix("-") {
            return nil  // a subcommand's name, `help`, or a stray value
        }
        let answeredByTheRoot = ["-h", "-help", "--help", "--version", "--experimental-dump-help"]
        guard !options.contains(where: { answeredByTheRoot.contains($0) || $0.hasPrefix("--generate-completion") }) else { return nil }
        return try? parseAsRoot(Array(options)) as? KioskCommand
    }

    static func parseLanguages(_ text: String) -> [Language]? {
        let languages = text.split(separator: ",").map { Language(code: String($0)) }
        return languages.isEmpty || languages.contains(nil) ? nil : languages.compactMap { $0 }
    }

    static func parseSize(_ text: String) -> (Int, Int)? {
        let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, (320...7680).contains(parts[0]), (240...4320).contains(parts[1]) else { return nil }
        return (parts[0], parts[1])
    }

    func run() throws {
        if bench {
            return try KioskBench.run(binary: URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path)
        }
        let startup = StartupTimeline()
        // Its reads share the writer's connection until the first frame is up (`KioskApp.firstFrameShown`).
        let store = try database.open(deferringReaders: true)
        var launch = KioskLaunch(source: source, headless: headless, bluetooth: bluetooth.setup, seed: seed)
        launch.size = size.flatMap(Self.parseSize)
        launch.script = script
        launch.screenshots = screenshots
        launch.dumpLanguages = dumpLanguages.flatMap(Self.parseLanguages) ?? []
        launch.dumpPath = dumpPath
        launch.wallDisplay = wallDisplay
        launch.oneWindow = oneWindow
        launch.coachDisplay = coachDisplay
        launch.exportDirectory = exportDir
        launch.usbMounts = usbMounts
        launch.clubCAFile = clubCAFile
        launch.clubSync = clubSync
        launch.language = Language.fallback(configured: language, environment: ProcessInfo.processInfo.environment)
        try launch.run(store: store, startup: startup)
    }
}

/// `--club-sync in-process|service`: the mode's own names.
extension ClubSyncMode: ExpressibleByArgument {}
