import Analytics
import Appliance
import ArgumentParser
import Foundation
import Localization
import Recording
import SensorCore
import SensorHub
import SensorSimulation
import SessionReview
import Store
import TeamCore

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a session of a team's straps to the database.",
        discussion: "With --source sim:N a team that does not exist yet is created with N generated players and straps. --recovery 60 records the minute after the effort, for heart-rate recovery. --readiness 180 records a readiness check instead of a session: the team at rest for 3 minutes, tagged with its posture (--tag lying, sitting or standing; sitting if none). --fitness-test 240 records a submaximal fitness test: a 240-s run at the --pace (default 12kmh-20m: 20 m shuttles at 12 km/h), then 60 s standing still; see `sideline fitness`. Ctrl-C ends the session early and keeps it.")
    @OptionGroup var database: DatabaseOptions
    @Option(help: "Where heart rates come from: sim:N (N simulated straps), hci-tcp:HOST:PORT or hci-user:hciN (repeat for several controllers), or bluez:hciN (through bluetoothd; alone).") var source: [String] = []
    @OptionGroup var bluetooth: BluetoothOptions
    @Option(parsing: .unconditional, help: "Seed of the simulation (same seed, same data).") var seed: UInt64 = 1
    @Option(parsing: .unconditional, help: "Simulation speed: 60 records a minute per second (1 to 100000).") var speed: Double = 1
    @Option(help: "Team name.") var team: String
    @Option(parsing: .unconditional, help: "Session length in minutes.") var minutes: Double?
    @Option(parsing: .unconditional, help: "Record a readiness check of this many seconds (120 to 300) instead of a session: lnRMSSD of each player's last two minutes at rest.")
    var readiness: Double?
    @Option(parsing: .unconditional, help: "Record a fitness test whose run lasts this many seconds (120 to 600) instead of a session, then 60 s standing still: HRex and HRR60.")
    var fitnessTest: Double?
    @Option(help: "With --fitness-test: the pace as KMHkmh-METRESm (6 to 20 km/h, 10 to 100 m shuttles).") var pace: String?
    @Option(parsing: .unconditional, help: "Seconds to record on after the effort, while the players rest (60: the 1-minute heart-rate recovery).") var recovery: Double = 0
    @Option(help: "Context tag (repeatable), as the kiosk's lobby offers them: before-training or after-training; training, match, test or recovery-day; lying, sitting or standing; plus one free word (letters, digits, hyphens).") var tag: [String] = []
    @Option(help: "When the session started, as local time YYYY-MM-DDTHH:MM (default: now); lets scripted set-ups match the kiosk's fixed clock.")
    var startedAt: String?
    @Option(help: "A drill the session runs (repeatable): NAME@SECONDS from the start, to the next drill or the end, or NAME@FROM-TO; e.g. --drill 'Warm-up@0' --drill 'SSG 4v4@600-1080'. A name the team's library lacks is added to it.")
    var drill: [String] = []
    @Flag(help: "Print no per-player summary at the end.") var quiet = false
    @Flag(help: "Print what the session takes as it takes it, 'heard STRAP bpm N' (or 'battery N', 'link STATE'), and 'committed N ms' each time a second of it is safely in the database.") var progress = false

    func validate() throws {
        guard !source.isEmpty else { throw ValidationError(tr("give a --source, e.g. --source sim:12")) }
        if let fitnessTest {
            guard minutes == nil, readiness == nil else { throw ValidationError(tr("--fitness-test: a fitness test, not a session or a readiness check as well")) }
            guard fitnessTest.isFinite, fitnessTest > 0, fitnessTest < 1e6 else { throw ValidationError(tr("--fitness-test must be between 120 and 600 seconds")) }
            if let problem = try fitnessPlan()?.problem { throw ValidationError("--fitness-test: " + tr(problem)) }
            guard recovery == 0 else { throw ValidationError(tr("--recovery: a fitness test always records its 60 s standing still")) }
            guard tag.isEmpty else { throw ValidationError(tr("--tag: a fitness test is tagged with its pace only (--pace)")) }
            guard drill.isEmpty else { throw ValidationError(tr("--drill: a fitness test has no drills")) }
        } else if pace != nil {
            throw ValidationError(tr("--pace goes with --fitness-test"))
        }
        switch (minutes, readiness) {
        case (nil, nil) where fitnessTest != nil: break
        case (nil, nil): throw ValidationError(tr("give --minutes for a session, --readiness SECONDS for a readiness check or --fitness-test SECONDS for a fitness test"))
        case (.some, .some): throw ValidationError(tr("--minutes and --readiness: a session or a readiness check, not both"))
        case (let minutes?, nil):
            guard minutes > 0, minutes <= 24 * 60 else { throw ValidationError(tr("--minutes must be between 0 and 1440")) }
        case (nil, let seconds?):
            guard ReadinessCheckPlan.allows(lengthMs: Int64(seconds * 1000)) else {
                throw ValidationError(tr("--readiness must be between 120 and 300 seconds"))
            }
            guard recovery == 0 else { throw ValidationError(tr("--recovery: a readiness check has no recovery (the players are at rest)")) }
        }
        // Below real time a simulated session would take longer than it lasts (1e-9: never ends).
        guard speed >= 1, speed <= 100_000 else { throw ValidationError(tr("--speed must be between 1 (real time) and 100000")) }
        guard recovery >= 0, recovery <= 600 else { throw ValidationError(tr("--recovery must be between 0 and 600 seconds")) }
        // The kiosk's tags: the same words, one of each kind, one free word.
        let tags: SessionTags
        do { tags = try SessionTags.parse(tag) } catch { throw ValidationError("--tag: " + error.message.translated) }
        if readiness != nil, tags != SessionTags(posture: tags.posture) {
            throw ValidationError(tr("--tag: a readiness check is tagged with its posture only (lying, sitting or standing)"))
        }
        if readiness == nil, tags.isReadinessCheck {
            throw ValidationError(tr("--tag readiness: record a readiness check with --readiness SECONDS"))
        }
        if tags.isFitnessTest {
            throw ValidationError(tr("--tag fitness-test: record a fitness test with --fitness-test SECONDS"))
        }
        if !drill.isEmpty {
            guard readiness == nil else { throw ValidationError(tr("--drill: a readiness check has no drills")) }
            if let problem = DrillStart.problem(try drillStarts(), effortMs: minutes.map { Int64($0 * 60_000) }) {
                throw ValidationError("--drill: " + tr(problem))
            }
        }
        if let startedAt, Self.localTime(startedAt) == nil {
            throw ValidationError(tr("--started-at: '{time}' is not a local time like 2026-03-14T17:30", ["time": startedAt]))
        }
    }

    /// The `--drill` options read: "NAME@SECONDS" or "NAME@FROM-TO" (the last "@" splits, so a name may hold one).
    func drillStarts() throws -> [DrillStart] {
        try drill.map { text in
            guard let at = text.lastIndex(of: "@") else {
                throw ValidationError(tr("--drill: '{drill}' is not NAME@SECONDS or NAME@FROM-TO", ["drill": String(text.prefix(40))]))
            }
            let times = text[text.index(after: at)...].split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            func ms(_ s: Substring) -> Int64? { Double(s).flatMap { $0.isFinite && $0 >= 0 && $0 < 1e7 ? Int64(($0 * 1000).rounded()) : nil } }
            guard let from = times.first.flatMap(ms), times.count == 1 || ms(times[1]) != nil else {
                throw ValidationError(tr("--drill: '{drill}' is not NAME@SECONDS or NAME@FROM-TO (seconds from the session's start)", ["drill": String(text.prefix(40))]))
            }
            return DrillStart(name: String(text[..<at]), startMs: from, endMs: times.count == 2 ? ms(times[1]) : nil)
        }
    }

    /// The `--fitness-test` asked for, at the `--pace` given or the standard one; nil for a session or a check.
    func fitnessPlan() throws -> FitnessTestPlan? {
        guard let fitnessTest else { return nil }
        let runMs = Int64((fitnessTest * 1000).rounded())
        guard let pace else { return FitnessTestPlan(runMs: runMs, speedKmh: FitnessTestPlan.standard.speedKmh, shuttleMetres: FitnessTestPlan.standard.shuttleMetres) }
        guard let plan = FitnessTestPlan(runMs: runMs, paceWord: String(pace.prefix(40))) else {
            throw ValidationError(tr("--pace: '{pace}' is not a pace like 12kmh-20m", ["pace": String(pace.prefix(40))]))
        }
        return plan
    }

    /// "2026-03-14T17:30" in this machine's time zone (as the kiosk's scripted clock is), or nil.
    static func localTime(_ text: String) -> Date? {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyy-MM-dd'T'HH:mm"
        f.isLenient = false
        return f.date(from: text)
    }

    func run() throws {
        let specs = try source.map(SourceSpec.init(parsing:))
        let store = try database.open()
        guard let lock = RecorderLock(databasePath: store.path) else {
            throw UserError(tr("another Sideline process is recording into {path}; stop it first", ["path": store.path]))
        }
        defer { withExtendedLifetime(lock) {} }

        let teamRecord = try resolveTeam(store: store, specs: specs)
        // The players who wear a strap, each with theirs.
        let roster = try store.roster(teamID: teamRecord.id).compactMap { entry in entry.strap.map { (entry: entry, strap: $0) } }
        guard !roster.isEmpty else {
            throw UserError(tr("team '{team}' has no straps assigned; assign straps in the kiosk or in the roster CSV", ["team": teamRecord.name]))
        }
        let plan = try fitnessPlan()
        let effortMs = plan?.runMs ?? readiness.map { Int64($0 * 1000) } ?? Int64((minutes ?? 0) * 60_000)
        // A fitness test's standing still is its recovery minute.
        let recoveryMs = plan != nil ? FitnessTestPlan.standingMs : Int64(recovery * 1000)
        let recording = TimedRecording(wearers: roster.map { ($0.entry.playerID, $0.strap) }, source: try makeSource(specs: specs, roster: roster),
                                       effortMs: effortMs, recoveryMs: recoveryMs)
        // Simulated players keep still through a readiness check.
        if readiness != nil { recording.pump.setWorkload(.still, atNs: recording.startNs) }
        do {
            try recording.startSource()
        } catch let error as SensorSourceError {
            throw UserError(error.message.translated)
        }
        defer { recording.stopSource() }
        let recorder = try SessionRecorder(store: store, teamID: teamRecord.id, lineup: recording.lineup, plannedMs: recording.effortMs,
                                           tags: try sessionTags().tags, date: startedAt.flatMap(Self.localTime) ?? Date(),
                                           nowNs: recording.startNs)
        let sessionID = recorder.start.sessionID
        if progress {
            let straps = recording.pump.straps
            recorder.onTaken = { event in
                print("heard \(straps[event.strap].address) \(Self.progressText(event))")
                fflush(nil)
            }
        }
        StopSignal.install()
        let what = ["id": "\(sessionID)", "team": teamRecord.name]
        if let plan {
            print(trn("recording fitness test {id} of {team}: {n} player, {plan}, then 60 s standing still (Ctrl-C ends it early)",
                      "recording fitness test {id} of {team}: {n} players, {plan}, then 60 s standing still (Ctrl-C ends it early)",
                      n: roster.count, what.merging(["plan": plan.label]) { $1 }))
        } else if let readiness {
            print(trn("recording readiness check {id} of {team}: {n} player, {seconds} s, {posture} (Ctrl-C ends it early)",
                      "recording readiness check {id} of {team}: {n} players, {seconds} s, {posture} (Ctrl-C ends it early)", n: roster.count,
                      what.merging(["seconds": Formatting.decimal(readiness, digits: 0), "posture": try sessionTags().posture.map { tr($0.word) } ?? ""]) { $1 }))
        } else {
            let length = what.merging(["minutes": Formatting.decimal(minutes ?? 0), "recovery": Formatting.decimal(recovery)]) { $1 }
            print(recording.recoveryMs > 0
                  ? trn("recording session {id} of {team}: {n} player, {minutes} min + {recovery} s recovery (Ctrl-C ends it early)",
                        "recording session {id} of {team}: {n} players, {minutes} min + {recovery} s recovery (Ctrl-C ends it early)", n: roster.count, length)
                  : trn("recording session {id} of {team}: {n} player, {minutes} min (Ctrl-C ends it early)",
                        "recording session {id} of {team}: {n} players, {minutes} min (Ctrl-C ends it early)", n: roster.count, length))
        }
        fflush(nil)
        do {
            try recording.run(into: recorder, shouldStop: { StopSignal.requested }, effortEnded: {
                guard recording.recoveryMs > 0 else { return }
                print(tr("effort over: recording {seconds} s of recovery (Ctrl-C ends it)", ["seconds": Formatting.decimal(Double(recording.recoveryMs) / 1000)]))
                fflush(nil)
            }, committed: { ms in
                guard progress else { return }
                print("committed \(ms) ms")
                fflush(nil)
            })
        } catch let error as StoreError {
            throw UserError(tr("{problem}; session {id} is kept up to its last committed second ({duration})",
                               ["problem": error.message.translated, "id": "\(sessionID)", "duration": Formatting.duration(Double(recorder.writer.committedTMs) / 1000)]))
        }
        // A controller that never came up recorded nothing: say why, and leave no empty session behind.
        if let why = recording.neverCameUp {
            try store.deleteSession(sessionID)
            throw UserError(tr("{problem}; nothing was recorded", ["problem": why]))
        }
        let c = recorder.recording.counters
        print(tr("session {id} saved: {samples} samples, {rr} RR intervals, {events} strap events; {dropped} events dropped",
                 ["id": "\(sessionID)", "samples": "\(c.samples)", "rr": "\(c.rrIntervals)", "events": "\(c.strapEvents)", "dropped": "\(recording.pump.ring.dropped)"]))
        if let line = recording.bluetoothLine { print(line) }
        try keepDrills(store: store, sessionID: sessionID)
        // A strap of the roster never heard: said by name, not left to a session of zeros.
        let names = Dictionary(roster.map { ($0.strap.address.uppercased(), "\($0.entry.player.fullName) #\($0.entry.shirtNumber)") },
                               uniquingKeysWith: { first, _ in first })
        for strap in recording.unheardStraps {
            print(tr("strap {address} ({player}): never heard during the session; is it worn, charged, within range, not held by a phone?",
                     ["address": strap.address, "player": names[strap.address.uppercased()] ?? "?"]))
        }
        if !quiet {
            try printSummary(store: store, sessionID: sessionID)
        } else {
            // What the season reads of it, kept now (the summary's analysis keeps it too).
            try SessionReview.keepSeasonFigures(store: store, sessionID: sessionID)
        }
    }

    /// The `--drill`s of the session as it ran: one that would start after an effort cut short (Ctrl-C) is left
    /// out, one it cut short ends with it; said so either way.
    private func keepDrills(store: SidelineStore, sessionID: Int64) throws {
        guard !drill.isEmpty else { return }
        let effortMs = try store.session(sessionID).recordedMs.map { try store.session(sessionID).effortEndMs(recordedMs: $0) } ?? 0
        var drills: [DrillStart] = []
        for d in try drillStarts() {
            guard d.startMs < effortMs else {
                print(tr("drill '{drill}' not kept: the session ended before it started", ["drill": d.name]))
                continue
            }
            drills.append(DrillStart(name: d.name, startMs: d.startMs, endMs: d.endMs.map { min($0, effortMs) }))
        }
        let kept = try store.recordDrills(sessionID, drills)
        for name in kept.added { print(tr("drill '{drill}' added to the team's library", ["drill": name])) }
        print(tr("drills: {list}", ["list": kept.kept.map { tr("{drill} from {clock}", ["drill": $0.name, "clock": DrillsCommand.clock($0.startMs)]) }.joined(separator: ", ")]))
    }

    /// The session's tags: as given, a fitness test's (its pace), or a readiness check's (its posture; sitting if none given).
    private func sessionTags() throws -> SessionTags {
        if let plan = try fitnessPlan() { return plan.tags }
        let tags = try SessionTags.parse(tag)
        return readiness == nil ? tags : .readinessCheck(posture: tags.posture ?? .sitting)
    }

    /// What `--progress` says of an event the session took.
    private static func progressText(_ event: SensorEvent) -> String {
        switch event.kind {
        case .measurement, .advert: "bpm \(event.bpm)"
        case .battery: "battery \(event.battery)"
        case .link: "link \(event.link)"
        }
    }

    private func resolveTeam(store: SidelineStore, specs: [SourceSpec]) throws -> Team {
        if let existing = try store.team(named: team) { return existing }
        guard case .simulated(let count)? = specs.first else { throw StoreError.unknownTeam(team) }
        let generated = SimulatedTeam(count: count, seed: seed)
        let rows = generated.members.enumerated().map { i, m in
            RosterCSV.Row(line: i + 1, shirtNumber: m.shirtNumber, player: m.player, strapAddress: m.strap.address, strapName: m.strap.name)
        }
        let created = try store.importRoster(rows, teamNamed: team)
        print(trn("created team {team} with {n} simulated player", "created team {team} with {n} simulated players", n: count, ["team": created.name]))
        return created
    }

    private func makeSource(specs: [SourceSpec], roster: [(entry: RosterEntry, strap: Strap)]) throws -> any SensorSource {
        switch specs[0] {
        case .controller, .bluez:
            return try bluetooth.setup.makeSource(specs: specs)
        case .simulated:
            let members = roster.map {
                SimulatedTeam.Member(player: $0.entry.player, shirtNumber: $0.entry.shirtNumber,
                                     strap: StrapAddress(address: $0.strap.address, name: $0.strap.name))
            }
            return SimulatedSource(team: SimulatedTeam(members: members), seed: seed, speed: speed)
        }
    }

    /// The review numbers of every player, ranked by training load (Banister TRIMP); HRV over the stated window.
    private func printSummary(store: SidelineStore, sessionID: Int64) throws {
        let context = try SessionReview.load(store: store, sessionID: sessionID)
        // The recovery column only when the recording went on past the effort (--recovery).
        let recovery = context.analysis.totalsEndMs != nil
        // A fitness test's HRex (% HRmax over the run's last 30 s); none for a run cut short.
        let hrex = context.analysis.session.isFitnessTest ? FitnessTest.hrex(of: context.analysis) : nil
        // HRV over a stated window (the recovery minute, a check's last two minutes…), not over the exercise.
        if let window = context.analysis.players.first?.reportedHRV.window { print(tr("RMSSD over the {window}", ["window": tr(window.label)])) }
        print([pad("#", 3), pad(tr("player"), 20), pad(tr("signal"), 6, right: true), pad(tr("avg"), 4, right: true), pad("max", 4, right: true),
               pad(tr("%max"), 5, right: true), pad("kcal", 6, right: true), pad("TRIMP", 6, right: true),
               " " + pad(tr("z1-z5 (s, {model})", ["model": context.analysis.zoneModel == .percentOfMax ? tr("%HRmax") : tr("%HRR")]), 24),
               pad("RMSSD", 6, right: true), pad(tr("RR fixed"), 10, right: true)].joined(separator: " ")
              + (recovery ? "  HRR60" : "") + (hrex != nil ? "   HRex" : ""))
        for p in context.analysis.ranked() {
            let s = p.stats
            let zones = HeartRateZone.allCases.dropFirst().map { String(format: "%4.0f", Double(s.zones(context.analysis.zoneModel)[$0]) / 1000) }
            let columns = [
                pad("\(p.shirtNumber)", 3), pad(String(context.name(of: p).prefix(20)), 20),
                pad(Formatting.duration(Double(s.signalMs) / 1000), 6, right: true),
                pad(s.averageBPM.value.map { String(format: "%.0f", $0) } ?? "–", 4, right: true),
                pad(s.maxBPM.value.map { "\($0)" } ?? "–", 4, right: true),
                pad(s.peakPercentOfMax.value.map { Formatting.decimal($0, digits: 0) + "%" } ?? "–", 5, right: true),
                pad(s.kcal.value.map { String(format: "%.0f", $0) } ?? "–", 6, right: true),
                pad(s.banisterTRIMP.value.map { String(format: "%.0f", $0) } ?? "–", 6, right: true), " " + zones.joined(separator: " "),
                pad(p.reportedHRV.timeDomain.value.map { String(format: "%.0f", $0.rmssdMs) } ?? "–", 6, right: true),
                pad("\(p.rr.corrected)/\(p.rr.recorded)", 10, right: true),
            ] + (recovery ? [pad(p.recoveryBPM.value.map { String(format: "%.0f", $0) } ?? "–", 6, right: true)] : [])
              + (hrex.map { [pad($0[p.playerID].map { Formatting.decimal($0, digits: 1) + "%" } ?? "–", 6, right: true)] } ?? [])
            print(columns.joined(separator: " "))
        }
    }
}

/// A table cell: `text` filled with spaces to `width` characters (on the left when `right`).
func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let fill = String(repeating: " ", count: max(0, width - text.count))
    return right ? fill + text : text + fill
}
