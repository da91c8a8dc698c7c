import AppCore
import Appliance
import ClubSync
import Diagnostics
import Foundation
import KioskBench
import KioskShell
import Localization
import SensorHub
import TeamCore

/// The kiosk's options as plain values: what `KioskCommand`'s flags hold once ArgumentParser parsed
/// them, and what `init?(parsing:)` reads itself from the kiosk's own command line (a board's every
/// start, the service's `sideline --config …`) without ArgumentParser (decision 103). ArgumentParser
/// builds a command's arguments by reflection, and the Swift runtime scans every protocol-conformance
/// record of the binary for each type it first meets there: ≈ 20 M instructions of the launch.
///
/// The hand parse accepts only a command line it is sure of and returns nil for anything else —
/// `--help`, `--version`, another subcommand, an unknown or repeated option, a value that starts with
/// a dash or is empty, a value that fails the command's checks — which `sideline`'s whole parse then
/// answers in ArgumentParser's words, as before. `KioskCommand` keeps every flag's definition and
/// help; CommandLineTests' KioskOptionsTests holds the two parses to the same values.
struct KioskOptions: Equatable {
    var db: String?
    var adoptDatabase = false
    var headless = false
    var size: String?
    var script: String?
    var screenshots = "out/screenshots"
    var source: [String] = []
    var broadcast = BroadcastPolicy.overBudget.rawValue
    var maxConnections = 7
    var bluetoothVerbose = false
    var seed: UInt64 = 7
    var wallDisplay: Int?
    var oneWindow = false
    var coachDisplay: Int?
    var exportDir: String?
    var usbMounts: String?
    var clubCAFile: String?
    var clubSync: ClubSyncMode = .inProcess
    var language: String?
    var dumpLanguages: String?
    var dumpPath: String?
    var bench = false

    init() {}

    /// The long names of the kiosk's flags (no value) and options (one value each; `source` repeats).
    /// `config` is not among them: `KioskConfigFile.expand` replaced it before any parse.
    static let flags: Set<String> = ["adopt-database", "headless", "bluetooth-verbose", "one-window", "bench"]
    static let options: Set<String> = ["db", "size", "script", "screenshots", "source", "broadcast", "max-connections", "seed",
                                       "wall-display", "coach-display", "export-dir", "usb-mounts", "club-ca-file", "club-sync",
                                       "language", "dump-languages", "dump"]

    /// `sideline [kiosk] --option…` read by hand; nil for anything it is not sure of (see above).
    init?(parsing arguments: [String]) {
        var rest = arguments[...]
        if rest.first == "kiosk" { rest = rest.dropFirst() }
        var seen = Set<String>()
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("--") else { return nil }  // a subcommand, -h, a stray value, `--`…
            var name = Substring(argument.dropFirst(2))
            var attached: String?
            if let equals = name.firstIndex(of: "=") {
                attached = String(name[name.index(after: equals)...])
                name = name[..<equals]
            }
            let key = String(name)
            if Self.flags.contains(key) {
                guard attached == nil, seen.insert(key).inserted else { return nil }
                switch key {
                case "adopt-database": adoptDatabase = true
                case "headless": headless = true
                case "bluetooth-verbose": bluetoothVerbose = true
                case "one-window": oneWindow = true
                default: bench = true
                }
                continue
            }
            guard Self.options.contains(key), key == "source" || seen.insert(key).inserted else { return nil }
            guard let value = attached ?? rest.popFirst(), !value.isEmpty, !value.hasPrefix("-") else { return nil }
            switch key {
            case "db": db = value
            case "size": size = value
            case "script": script = value
            case "screenshots": screenshots = value
            case "source": source.append(value)
            case "broadcast": broadcast = value
            case "max-connections":
                guard let number = Int(value) else { return nil }
                maxConnections = number
            case "seed":
                guard let number = UInt64(value) else { return nil }
                seed = number
            case "wall-display":
                guard let number = Int(value) else { return nil }
                wallDisplay = number
            case "coach-display":
                guard let number = Int(value) else { return nil }
                coachDisplay = number
            case "export-dir": exportDir = value
            case "usb-mounts": usbMounts = value
            case "club-ca-file": clubCAFile = value
            case "club-sync":
                guard let mode = ClubSyncMode(rawValue: value) else { return nil }
                clubSync = mode
            case "language": language = value
            case "dump-languages": dumpLanguages = value
            default: dumpPath = value  // "dump"
            }
        }
        guard isValid else { return nil }
    }

    /// `KioskCommand.validate()`'s and `BluetoothOptions.validate()`'s checks: a command line that fails
    /// one is left to ArgumentParser's parse, which says why.
    var isValid: Bool {
        if headless && script == nil && !bench { return false }
        if let size, Self.parseSize(size) == nil { return false }
        if let language, Language(code: language) == nil { return false }
        if let dumpLanguages, Self.parseLanguages(dumpLanguages) == nil { return false }
        return BroadcastPolicy(rawValue: broadcast) != nil && (1...32).contains(maxConnections)
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
        let store = try DatabaseOptions.open(path: db, adoptingForeign: adoptDatabase, deferringReaders: true)
        let bluetooth = BluetoothOptions.setup(broadcast: broadcast, maxConnections: maxConnections, verbose: bluetoothVerbose)
        var launch = KioskLaunch(source: source, headless: headless, bluetooth: bluetooth, seed: seed)
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
        launch.language = Language.fallback(configured: language, environment: ProcessEnvironment.values(of: Language.environmentNames))
        try launch.run(store: store, startup: startup)
    }
}
