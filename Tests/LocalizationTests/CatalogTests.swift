import Foundation
import Localization
import XCTest

/// Catalogs compiled by GNU msgfmt (the independent writer of the format) and read back here.
final class CatalogTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sideline-l10n-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Compiles `po` with msgfmt into `<folder>/<lang>/LC_MESSAGES/sideline.mo`.
    @discardableResult
    private func compile(_ po: String, language: String, extra: [String] = []) throws -> String {
        let dir = folder.appendingPathComponent("\(language)/LC_MESSAGES")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let source = folder.appendingPathComponent("\(language).po")
        try po.write(to: source, atomically: true, encoding: .utf8)
        let mo = dir.appendingPathComponent("sideline.mo").path
        let msgfmt = Process()
        msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
        msgfmt.arguments = ["--check"] + extra + ["-o", mo, source.path]
        try msgfmt.run()
        msgfmt.waitUntilExit()
        XCTAssertEqual(msgfmt.terminationStatus, 0, "msgfmt")
        return mo
    }

    private static func header(_ plural: String) -> String {
        """
        msgid ""
        msgstr ""
        "Project-Id-Version: test\\n"
        "PO-Revision-Date: 2026-11-29 12:00+0000\\n"
        "Last-Translator: test\\n"
        "Language-Team: test\\n"
        "Language: xx\\n"
        "MIME-Version: 1.0\\n"
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Content-Transfer-Encoding: 8bit\\n"
        "Plural-Forms: \(plural)\\n"

        """
    }

    private static let french = header("nplurals=2; plural=(n > 1);") + """
        msgid "Settings"
        msgstr "Réglages"

        msgctxt "button, short"
        msgid "Stop the session"
        msgstr "Arrêter"

        msgid "Stop the session"
        msgstr "Arrêter la séance"

        #, python-brace-format
        msgid "{name} has no strap"
        msgstr "{name} n'a pas de ceinture"

        #, python-brace-format
        msgid "{n} player"
        msgid_plural "{n} players"
        msgstr[0] "{n} joueur"
        msgstr[1] "{n} joueurs"

        msgid "Untranslated"
        msgstr ""

        #, python-brace-format
        msgid "{item} {value} vs {mean}"
        msgstr "{item} {value} contre {mean}"

        msgid "sleep"
        msgstr "sommeil"

        msgid "mood"
        msgstr "humeur"
        """

    func testMessagesContextsPlaceholdersAndPluralsAsMsgfmtWroteThem() throws {
        for order in ["little", "big"] {
            try compile(Self.french, language: "fr", extra: ["--endianness=\(order)"])
            let fr = Translator.load(.french, directories: [folder.path]) { XCTFail("no log expected: \($0)") }
            XCTAssertEqual(fr("Settings"), "Réglages", order)
            XCTAssertEqual(fr("Stop the session"), "Arrêter la séance")
            XCTAssertEqual(fr("Stop the session", context: "button, short"), "Arrêter")
            XCTAssertEqual(fr("{name} has no strap", ["name": "Léa"]), "Léa n'a pas de ceinture")
            // French says "0 joueur" (n > 1), English "0 players".
            XCTAssertEqual(fr.plural("{n} player", "{n} players", n: 0), "0 joueur")
            XCTAssertEqual(fr.plural("{n} player", "{n} players", n: 2), "2 joueurs")
            XCTAssertEqual(Translator.english.plural("{n} player", "{n} players", n: 0), "0 players")
        }
    }

    func testAMessageKeptAsDataIsEnglishForJSONAndTranslatedWhereDrawn() throws {
        try compile(Self.french, language: "fr")
        let fr = Translator.load(.french, directories: [folder.path])
        let reason = Message("{item} {value} vs {mean}", ["value": "2", "mean": "3.4"], words: ["item": "sleep"],
                             following: [Message("{item} {value} vs {mean}", ["value": "1", "mean": "3.0"], words: ["item": "mood"])])
        XCTAssertEqual(reason.english, "sleep 2 vs 3.4; mood 1 vs 3.0")
        let before = Localization.current
        Localization.use(fr)
        defer { Localization.use(before) }
        // The sentence and its words from the catalog, the decimals as French writes them; a value is never looked up.
        XCTAssertEqual(reason.translated, "sommeil 2 contre 3,4; humeur 1 contre 3,0")
        XCTAssertEqual(reason.translatedBriefly, "sommeil 2 contre 3,4; humeur")
        // Only plain decimals: a day, a version, a word, a lone point stay as they are.
        XCTAssertEqual(Message("{a} {b} {c} {d} {e} {f}", ["a": "2026-03-14", "b": "1.2.3", "c": "-0.25", "d": "+1.4", "e": ".", "f": "1."]).translated,
                       "2026-03-14 1.2.3 -0,25 +1,4 . 1.")
        XCTAssertEqual(Message("Not in the catalog {n}", ["n": "sleep"]).translated, "Not in the catalog sleep")
    }

    func testAnErrorInsideASentenceIsEnglishForTheLogAndTranslatedForThePerson() throws {
        try compile(Self.french + """

            #, python-brace-format
            msgid "{host} unreachable ({reason})"
            msgstr "{host} injoignable ({reason})"

            msgid "connection refused"
            msgstr "connexion refusée"
            """, language: "fr")
        let fr = Translator.load(.french, directories: [folder.path])
        let line = Message("{host} unreachable ({reason})", ["host": "club.example.org"], nested: ["reason": Message("connection refused")])
        XCTAssertEqual(line.english, "club.example.org unreachable (connection refused)")
        XCTAssertEqual(line.text(in: fr), "club.example.org injoignable (connexion refusée)")
        // A nested message the catalog lacks stays English inside the translated sentence; a value is never looked up.
        let other = Message("{host} unreachable ({reason})", ["host": "Settings"], nested: ["reason": Message("no route to host")])
        XCTAssertEqual(other.text(in: fr), "Settings injoignable (no route to host)")
        let before = Localization.current
        Localization.use(fr)
        defer { Localization.use(before) }
        XCTAssertEqual(line.translated, line.text(in: fr))
        XCTAssertEqual(line.english, "club.example.org unreachable (connection refused)", "English whatever the current language")
    }

    func testAMessageKeptAsDataPicksItsPluralAndWritesItsDaysInTheLanguageWhereDrawn() throws {
        try compile(Self.french + """

            #, python-brace-format
            msgid "last seen {day}"
            msgstr "vue le {day}"
            """, language: "fr")
        let fr = Translator.load(.french, directories: [folder.path])
        // The form is picked where the message is said: French "0 joueur", English "0 players".
        let none = Message(Nn_("{n} player", "{n} players"), n: 0)
        XCTAssertEqual(none.english, "0 players")
        XCTAssertEqual(none.text(in: fr), "0 joueur")
        XCTAssertEqual(Message(Nn_("{n} player", "{n} players"), n: 2).text(in: fr), "2 joueurs")
        // A day: ISO in the log's and the JSON's English, the language's short day for a person (English's too).
        let seen = Message("last seen {day}", days: ["day": "2026-03-12"])
        XCTAssertEqual(seen.english, "last seen 2026-03-12")
        XCTAssertEqual(seen.text(in: .english), "last seen Thu 12 Mar")
        XCTAssertEqual(seen.text(in: fr), "vue le jeu. 12 mars")
        // Kept in a file or a column and read back, it is the same message.
        var counted = Message(Nn_("{n} player", "{n} players"), n: 3)
        counted.following = [seen]
        let kept = try JSONDecoder().decode(Message.self, from: JSONEncoder().encode(counted))
        XCTAssertEqual(kept.text(in: fr), "3 joueurs; vue le jeu. 12 mars")
    }

    func testAMissingMessageOrCatalogIsEnglishNeverEmptyNorAKey() throws {
        try compile(Self.french, language: "fr")
        let fr = Translator.load(.french, directories: [folder.path])
        XCTAssertEqual(fr("Untranslated"), "Untranslated")
        XCTAssertEqual(fr("Not in the catalog"), "Not in the catalog")
        XCTAssertEqual(fr("Not in the catalog", context: "button, short"), "Not in the catalog")
        XCTAssertEqual(fr.plural("{n} lap", "{n} laps", n: 3), "3 laps")
        // No Dutch catalog at all: English words, Dutch numbers.
        let nl = Translator.load(.dutch, directories: [folder.path]) { XCTFail("a missing catalog is not logged: \($0)") }
        XCTAssertEqual(nl("Settings"), "Settings")
        XCTAssertEqual(nl.formatted(1.5, digits: 1), "1,5")
    }

    func testABrokenCatalogIsIgnoredWithOneLogLine() throws {
        let mo = try compile(Self.french, language: "fr")
        let whole = try Data(contentsOf: URL(fileURLWithPath: mo))
        let cases: [(String, Data)] = [
            ("truncated", whole.prefix(whole.count / 2)),
            ("not a catalog", Data("Réglages, c'est pas un .mo".utf8)),
            ("empty", Data()),
            ("tables pointing far away", { var d = whole; d.replaceSubrange(12..<16, with: [0xff, 0xff, 0xff, 0x7f]); return d }()),
        ]
        for (name, bytes) in cases {
            try bytes.write(to: URL(fileURLWithPath: mo))
            var lines: [String] = []
            let fr = Translator.load(.french, directories: [folder.path]) { lines.append($0) }
            XCTAssertEqual(lines.count, 1, name)
            XCTAssertTrue(lines.first?.contains("sideline.mo ignored") ?? false, "\(name): \(lines)")
            XCTAssertEqual(fr("Settings"), "Settings", name)
            XCTAssertEqual(fr.language, .french, "\(name): the language stays (its numbers and dates)")
        }
    }

    func testPluralRulesAsGettextEvaluatesThem() {
        let polish = PluralRule(header: "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);")
        XCTAssertEqual([1, 2, 4, 5, 12, 22, 25, 0].map { polish?.index(for: $0) }, [0, 1, 1, 2, 2, 1, 2, 2])
        let french = PluralRule(header: " nplurals=2; plural=(n > 1);")
        XCTAssertEqual([0, 1, 2].map { french?.index(for: $0) }, [0, 0, 1])
        XCTAssertEqual(PluralRule(header: "nplurals=1; plural=0;")?.index(for: 7), 0)
        for broken in ["nplurals=2; plural=(n > ;", "nplurals=2;", "plural=n!=1;", "nplurals=2; plural=n / 0 ((", "nplurals=99; plural=n;",
                       "nplurals=2; plural=" + String(repeating: "(", count: 500) + "n" + String(repeating: ")", count: 500) + ";"] {
            XCTAssertNil(PluralRule(header: broken), broken)
        }
        // Division by zero and an index past the forms: the first form, never a crash.
        XCTAssertEqual(PluralRule(header: "nplurals=2; plural=n % 0;")?.index(for: 5), 0)
        XCTAssertEqual(PluralRule(header: "nplurals=2; plural=n;")?.index(for: 5), 0)
    }

    func testLanguageFromSettingsConfigAndEnvironment() {
        XCTAssertEqual(Language(code: "de"), .german)
        XCTAssertEqual(Language(code: "fr_BE.UTF-8@euro"), .french)
        XCTAssertEqual(Language(code: "it:nl"), .dutch)
        XCTAssertNil(Language(code: "C.UTF-8"))
        XCTAssertEqual(Language.fromEnvironment(["LANG": "es_ES.UTF-8"]), .spanish)
        XCTAssertEqual(Language.fromEnvironment(["LANG": "es_ES.UTF-8", "LC_ALL": "nl_NL.UTF-8"]), .dutch)
        XCTAssertEqual(Language.fromEnvironment(["LANG": "C"]), .english)
        XCTAssertEqual(Language.allCases.map(\.nativeName), ["English", "Deutsch", "Français", "Español", "Nederlands"])
        // One resolver for the kiosk and the command line (decision 087): Settings, else the config file, else LANG.
        XCTAssertEqual(Language.fallback(configured: "nl", environment: ["LANG": "de_DE.UTF-8"]), .dutch)
        XCTAssertEqual(Language.fallback(configured: nil, environment: ["LANG": "de_DE.UTF-8"]), .german)
        XCTAssertEqual(Language.fallback(configured: "it", environment: [:]), .english)
        XCTAssertEqual(Language.chosen(setting: "fr", fallback: .dutch), .french)
        XCTAssertEqual(Language.chosen(setting: "", fallback: .dutch), .dutch)
    }

    func testNumbersDatesAndWeeksAsTheLocaleWritesThem() {
        let de = Translator(language: .german, catalog: .english)
        let en = Translator.english
        XCTAssertEqual(de.formatted(1.25, digits: 1).filter { $0 != "3" && $0 != "2" }, "1,")
        XCTAssertEqual(en.formatted(2.5, digits: 1), "2.5")
        XCTAssertEqual(de.formatted(12345), "12.345")
        // What the coach typed, kept with a point, shown with the language's mark (the player form's weight).
        XCTAssertEqual(de.withDecimalMark("66.6"), "66,6")
        XCTAssertEqual(Translator(language: .dutch, catalog: .english).decimalMark, ",")
        XCTAssertEqual(en.withDecimalMark("66.6"), "66.6")
        XCTAssertEqual(de.firstWeekday, 2)
        XCTAssertEqual(Translator(language: .english, catalog: .english).shortDay(year: 2026, month: 3, day: 14).contains("14"), true)
        XCTAssertTrue(de.shortDay(year: 2026, month: 3, day: 14).contains("März"), de.shortDay(year: 2026, month: 3, day: 14))
        XCTAssertTrue(Translator(language: .french, catalog: .english).shortDay(year: 2026, month: 3, day: 14).contains("mars"))
    }
}

final class PlaceholderTests: XCTestCase {
    func testPlaceholdersAreFilledAndUnknownBracesKept() {
        let en = Translator.english
        XCTAssertEqual(en("{n} of {total} — {n}", ["n": "3", "total": "12"]), "3 of 12 — 3")
        XCTAssertEqual(en("Zones · {model} · max {n} ({source})", ["model": "%HRmax", "n": "194"]), "Zones · %HRmax · max 194 ({source})")
        XCTAssertEqual(en("{unclosed and {n}", ["n": "Ärger"]), "{unclosed and Ärger")
        XCTAssertEqual(en("Émilie {name} ✓", ["name": "Zoë"]), "Émilie Zoë ✓")
        XCTAssertEqual(en("no braces", ["n": "1"]), "no braces")
        XCTAssertEqual(en("{n}", [:]), "{n}")
    }
}
