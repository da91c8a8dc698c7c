import ArgumentParser
import Foundation
import Localization
import SessionReview
import Store
import TeamCore

struct TeamsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "teams", abstract: "List teams.")
    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let teams = try database.openForReading().teams()
        if teams.isEmpty { print(tr("no teams yet (create one with `sideline import-roster` or `sideline record --source sim:N`)")) }
        for t in teams {
            let last = t.lastSessionAt.map { tr("last session {when}", ["when": Formatting.dateTime($0)]) } ?? tr("no session yet")
            print([t.team.name, trn("{n} player", "{n} players", n: t.playerCount), last,
                   trn("{n} not reviewed", "{n} not reviewed", n: t.unreviewedSessions)].joined(separator: "\t"))
        }
    }
}

struct PlayersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "players", abstract: "List a team's players.")
    @OptionGroup var database: DatabaseOptions
    @Option(help: "Team name.") var team: String

    func run() throws {
        let store = try database.openForReading()
        let team = try store.requireTeam(named: team)
        for entry in try store.roster(teamID: team.id) {
            let p = entry.player
            let maxHR = tr("max {bpm}", ["bpm": p.measuredMaxHR.map { "\($0)" } ?? "–"])
            let strap = entry.strap.map { "\($0.address) (\($0.name))" } ?? tr("no strap")
            print(["#\(entry.shirtNumber)", p.fullName, "\(p.birthYear)", p.sex.rawValue, "\(Formatting.decimal(p.weightKg)) kg",
                   tr("rest {bpm}", ["bpm": "\(p.restingHR)"]), maxHR, strap].joined(separator: "\t"))
        }
    }
}

struct SessionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "sessions", abstract: "List sessions, newest first.")
    @OptionGroup var database: DatabaseOptions
    @Option(help: "Only this team's sessions.") var team: String?
    @Option(help: "Only sessions with this tag (as `record --tag` takes it, e.g. match, before, sitting).") var tag: String?

    func run() throws {
        let wanted: String?
        do { wanted = try tag.map(SessionTags.normalised) } catch { throw UserError("--tag: " + error.message.translated) }
        let store = try database.openForReading()
        let teamID = try team.map { try store.requireTeam(named: $0).id }
        let entries = try SessionReview.sessionList(store: store, teamID: teamID, tag: wanted)
        let sessions = entries.map(\.overview)
        // Read-only, so nothing is marked: a session left running with no recorder alive is shown
        // as the next recording or kiosk start will mark it.
        let recorderAlive = sessions.contains { $0.session.state == .running || $0.session.state == .paused }
            && RecorderLock(databasePath: store.path) == nil
        if sessions.isEmpty, let wanted { print(tr("no sessions tagged {tag}", ["tag": wanted])) }
        for entry in entries {
            let s = entry.overview
            let duration = s.session.endedAt.map { Formatting.duration($0.timeIntervalSince(s.session.startedAt)) } ?? "–"
            var state = s.session.state
            if (state == .running || state == .paused), !recorderAlive { state = .interrupted }
            // Recorded length, then the effort's (without the recovery minute), the team's average, the tags.
            let effort = tr("effort {duration}", ["duration": s.effortMs.map { Formatting.duration(Double($0) / 1000) } ?? "–"])
            let average = entry.averageBPM.map { tr("avg {n} bpm", ["n": "\(Int($0.rounded()))"]) } ?? tr("avg –")
            let tags = s.session.tags.isEmpty ? tr("no tags") : s.session.tags.joined(separator: ",")
            print(["\(s.session.id)", s.teamName, Formatting.dateTime(s.session.startedAt), duration, tr(state.word),
                   trn("{n} player", "{n} players", n: s.playerCount), trn("{n} sample", "{n} samples", n: s.sampleCount, ["n": "\(s.sampleCount)"]),
                   effort, average, tags].joined(separator: "\t"))
        }
    }
}

/// How the command line writes numbers and times for people. Dates and clock times stay ISO in every language
/// (sortable columns, what the exports write); decimals follow the language ("1.5", "1,5").
enum Formatting {
    static func dateTime(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_GB_POSIX")
        f.dateFormat = "yyyy-MM-dd HH:mm"
        return f.string(from: date)
    }

    static func duration(_ seconds: TimeInterval) -> String {
        let s = max(0, Int(seconds.rounded()))
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }

    /// A decimal as the command's language writes it ("61.5", "61,5"), ungrouped (a column of figures).
    static func decimal(_ value: Double, digits: Int = 1) -> String { Localization.current.formatted(value, digits: digits) }

    /// With a point in every language: where the text is data (an export's window label).
    static func plainDecimal(_ value: Double, digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }
}

extension Session.State {
    /// The state in a list for people (a message; its raw value is what JSON and the database keep).
    var word: String {
        switch self {
        case .running: N_("running")
        case .paused: N_("paused")
        case .ended: N_("ended")
        case .interrupted: N_("interrupted")
        }
    }
}
