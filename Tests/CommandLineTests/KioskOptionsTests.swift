import ArgumentParser
import Foundation
import XCTest
@testable import sideline

/// The kiosk's own command line read by hand (`KioskOptions(parsing:)`, decision 103) against
/// ArgumentParser's parse of `KioskCommand`, which keeps every flag's definition: the same values where
/// the hand parse answers, and nil (ArgumentParser's parse and words) wherever it is not sure.
final class KioskOptionsTests: XCTestCase {
    /// ArgumentParser's values for `sideline [kiosk] …`, or nil where it refuses the line.
    private func parsedByArgumentParser(_ arguments: [String]) -> KioskOptions? {
        let options = arguments.first == "kiosk" ? Array(arguments.dropFirst()) : arguments
        return ((try? KioskCommand.parseAsRoot(options)) as? KioskCommand)?.options
    }

    func testEveryOptionOfTheKioskCommandIsOneTheHandParseKnows() {
        // The help's option column: two spaces, then the option (`-h, --help` has its short name first).
        let help = KioskCommand.helpMessage(columns: 200)
        let regex = try! NSRegularExpression(pattern: "^  (?:-[a-z], )?--([a-z0-9-]+)", options: .anchorsMatchLines)
        let named = Set(regex.matches(in: help, range: NSRange(help.startIndex..., in: help)).map {
            String(help[Range($0.range(at: 1), in: help)!])
        })
        // `config` is gone before any parse (`KioskConfigFile.expand`); help is ArgumentParser's.
        XCTAssertEqual(named.subtracting(["help", "config"]), KioskOptions.flags.union(KioskOptions.options), help)
        XCTAssert(KioskOptions.flags.isDisjoint(with: KioskOptions.options))
    }

    func testWhatTheHandParseReadsArgumentParserReadsTheSame() {
        let lines: [[String]] = [
            [], ["kiosk"],
            ["--headless", "--size", "800x480", "--script", "s.kiosk", "--screenshots", "out/x", "--db", "/tmp/a.sqlite"],
            ["kiosk", "--headless", "--size=1920X1080", "--script=s.kiosk", "--db=a b.sqlite", "--adopt-database"],
            ["--source", "sim:5", "--source", "hci-tcp:127.0.0.1:9000", "--source=hci-user:hci1", "--seed", "42"],
            ["--broadcast", "always", "--max-connections", "3", "--bluetooth-verbose", "--wall-display", "1", "--one-window",
             "--coach-display", "0"],
            ["--export-dir", "/media/x", "--usb-mounts", "/media/sideline", "--club-ca-file", "ca.pem", "--club-sync", "service"],
            ["--language", "de", "--dump-languages", "fr,nl", "--dump", "state.json", "--headless", "--script", "s"],
            ["--bench"], ["--headless", "--bench"], ["--max-connections=32", "--seed=+5", "--wall-display", "+2"],
            ["--db", "kiosk"], ["--script", "teams", "--headless"],
        ]
        for line in lines {
            let byHand = KioskOptions(parsing: line)
            XCTAssertNotNil(byHand, "\(line)")
            XCTAssertEqual(byHand, parsedByArgumentParser(line), "\(line)")
        }
        var expected = KioskOptions()
        expected.source = ["sim:5", "hci-tcp:127.0.0.1:9000", "hci-user:hci1"]
        expected.seed = 42
        XCTAssertEqual(KioskOptions(parsing: lines[4]), expected)
    }

    func testAnythingElseIsLeftToArgumentParser() {
        let lines: [[String]] = [
            // Help, version, completion and another subcommand: the root command's.
            ["--help"], ["-h"], ["kiosk", "--help"], ["help"], ["--version"], ["--generate-completion-script", "bash"],
            ["--experimental-dump-help"], ["teams"], ["record", "--source", "sim:3"], ["kiosk", "kiosk"],
            // Mistakes: ArgumentParser's words for them.
            ["--headless"], ["--size", "1x1"], ["--size", "800by480"], ["--db"], ["--db", "--headless"], ["--db="],
            ["--seed", "-1"], ["--seed", "x"], ["--wall-display", "one"], ["--coach-display", "-1"], ["--colour", "red"],
            ["--headless=yes", "--script", "s"], ["--club-sync", "sideways"], ["--broadcast", "sometimes"],
            ["--max-connections", "40"], ["--max-connections", "0"], ["--language", "xx"], ["--dump-languages", "de,xx"],
            ["--dump-languages", ","], ["--", "--headless"], ["-headless"], ["--script", "s", "stray"], ["--config", "file"],
            // Repeated: left to ArgumentParser rather than guessing which one wins.
            ["--size", "800x480", "--size", "1024x600"], ["--headless", "--headless", "--script", "s"],
        ]
        for line in lines {
            XCTAssertNil(KioskOptions(parsing: line), "\(line)")
        }
    }
}
