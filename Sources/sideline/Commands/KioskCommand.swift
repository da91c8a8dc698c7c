import ArgumentParser
import ClubSync
import Localization

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
        if let size, KioskOptions.parseSize(size) == nil { throw ValidationError("--size must look like 800x480") }
        if let language, Language(code: language) == nil {
            throw ValidationError("--language must be one of \(Language.allCases.map(\.rawValue).joined(separator: ", ")), not '\(language)'")
        }
        if let dumpLanguages, KioskOptions.parseLanguages(dumpLanguages) == nil {
            throw ValidationError("--dump-languages must be a comma-separated list of \(Language.allCases.map(\.rawValue).joined(separator: ", ")), not '\(dumpLanguages)'")
        }
    }

    /// The values parsed, as the hand parse of the kiosk's own command line gives them (`KioskOptions`).
    var options: KioskOptions {
        var options = KioskOptions()
        options.db = database.db
        options.adoptDatabase = database.adoptDatabase
        options.headless = headless
        options.size = size
        options.script = script
        options.screenshots = screenshots
        options.source = source
        options.broadcast = bluetooth.broadcast
        options.maxConnections = bluetooth.maxConnections
        options.bluetoothVerbose = bluetooth.bluetoothVerbose
        options.seed = seed
        options.wallDisplay = wallDisplay
        options.oneWindow = oneWindow
        options.coachDisplay = coachDisplay
        options.exportDir = exportDir
        options.usbMounts = usbMounts
        options.clubCAFile = clubCAFile
        options.clubSync = clubSync
        options.language = language
        options.dumpLanguages = dumpLanguages
        options.dumpPath = dumpPath
        options.bench = bench
        return options
    }

    func run() throws {
        try options.run()
    }
}

/// `--club-sync in-process|service`: the mode's own names.
extension ClubSyncMode: ExpressibleByArgument {}
