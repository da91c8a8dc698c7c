import ArgumentParser
import Foundation
import SessionReview
import Store
import TeamCore

struct TeamsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "teams", abstract: "List teams.")
    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let teams = try database.openForReading().teams()
        if teams.isEmpty { print("no teams yet (create one with `sideline import-roster` or `sideline record --source sim:N`)") }
        for t in teams {
            let last = t.lastSessionAt.map { Formatting.dateTime($0) } ?? "never"
            print("\(t.team.name)\t\(t.playerCount) players\tlast session \(last)\t\(t.unreviewedSessions) not reviewed")
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
            let maxHR = p.measuredMaxHR.map { "max \($0)" } ?? "max –"
            let strap = entry.strap.map { "\($0.address) (\($0.name))" } ?? "no strap"
            print("#\(entry.shirtNumber)\t\(p.fullName)\t\(p.birthYear)\t\(p.sex.rawValue)\t\(Formatting.decimal(p.weightKg)) kg\trest \(p.restingHR)\t\(maxHR)\t\(strap)")
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
        do { wanted = try tag.map(SessionTags.normalised) } catch { throw UserError("--tag: \(error.description)") }
        let store = try database.openForReading()
        let teamID = try team.map { try store.requireTeam(named: $0).id }
        let entries = try SessionReview.sessionList(store: store, teamID: teamID, tag: wanted)
        let sessions = entries.map(\.overview)
        // Read-only, so nothing is marked: a session left running with no recorder alive is shown
        // as the next recording or kiosk start will mark it.
        let recorderAlive = sessions.contains { $0.session.state == .running || $0.session.state == .paused }
            && RecorderLock(databasePath: store.path) == nil
        if sessions.isEmpty, let wanted { print("no sessions tagged \(wanted)") }
        for entry in entries {
            let s = entry.overview
            let duration = s.session.endedAt.map { Formatting.duration($0.timeIntervalSince(s.session.startedAt)) } ?? "–"
            var state = s.session.state
            if (state == .running || state == .paused), !recorderAlive { state = .interrupted }
            // Recorded length, then the effort's (without the recovery minute), the team's average, the tags.
            let effort = s.effortMs.map { "effort " + Formatting.duration(Double($0) / 1000) } ?? "effort –"
            let average = entry.averageBPM.map { "avg \(Int($0.rounded())) bpm" } ?? "avg –"
            let tags = s.session.tags.isEmpty ? "no tags" : s.session.tags.joined(separator: ",")
            print("\(s.session.id)\t\(s.teamName)\t\(Formatting.dateTime(s.session.startedAt))\t\(duration)\t\(state.rawValue)\t\(s.playerCount) players\t\(s.sampleCount) samples\t\(effort)\t\(average)\t\(tags)")
        }
    }
}

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

    static func decimal(_ value: Double, digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }
}
