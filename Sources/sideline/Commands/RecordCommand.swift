import Analytics
import Appliance
import ArgumentParser
import Foundation
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
        guard !source.isEmpty else { throw ValidationError("give a --source, e.g. --source sim:12") }
        if let fitnessTest {
            guard minutes == nil, readiness == nil else { throw ValidationError("--fitness-test: a fitness test, not a session or a readiness check as well") }
            guard fitnessTest.isFinite, fitnessTest > 0, fitnessTest < 1e6 else { throw ValidationError("--fitness-test must be between 120 and 600 seconds") }
            if let problem = try fitnessPlan()?.problem { throw ValidationError("--fitness-test: \(problem)") }
            guard recovery == 0 else { throw ValidationError("--recovery: a fitness test always records its 60 s standing still") }
            guard tag.isEmpty else { throw ValidationError("--tag: a fitness test is tagged with its pace only (--pace)") }
            guard drill.isEmpty else { throw ValidationError("--drill: a fitness test has no drills") }
        } else if pace != nil {
            throw ValidationError("--pace goes with --fitness-test")
        }
        switch (minutes, readiness) {
        case (nil, nil) where fitnessTest != nil: break
        case (nil, nil): throw ValidationError("give --minutes for a session, --readiness SECONDS for a readiness check or --fitness-test SECONDS for a fitness test")
        case (.some, .some): throw ValidationError("--minutes and --readiness: a session or a readiness check, not both")
        case (let minutes?, nil):
            guard minutes > 0, minutes <= 24 * 60 else { throw ValidationError("--minutes must be between 0 and 1440") }
        case (nil, let seconds?):
            guard ReadinessCheckPlan.allows(lengthMs: Int64(seconds * 1000)) else {
                throw ValidationError("--readiness must be between 120 and 300 seconds")
            }
            guard recovery == 0 else { throw ValidationError("--recovery: a readiness check has no recovery (the players are at rest)") }
        }
        // Below real time a simulated session would take longer than it lasts (1e-9: never ends).
        guard speed >= 1, speed <= 100_000 else { throw ValidationError("--speed must be between 1 (real time) and 100000") }
        guard recovery >= 0, recovery <= 600 else { throw ValidationError("--recovery must be between 0 and 600 seconds") }
        // The kiosk's tags: the same words, one of each kind, one free word.
        let tags: SessionTags
        do { tags = try SessionTags.parse(tag) } catch { throw ValidationError("--tag: \(error.description)") }
        if readiness != nil, tags != SessionTags(posture: tags.posture) {
            throw ValidationError("--tag: a readiness check is tagged with its posture only (lying, sitting or standing)")
        }
        if readiness == nil, tags.isReadinessCheck {
            throw ValidationError("--tag readiness: record a readiness check with --readiness SECONDS")
        }
        if tags.isFitnessTest {
            throw ValidationError("--tag fitness-test: record a fitness test with --fitness-test SECONDS")
        }
        if !drill.isEmpty {
            guard readiness == nil else { throw ValidationError("--drill: a readiness check has no drills") }
            if let problem = DrillStart.problem(try drillStarts(), effortMs: minutes.map { Int64($0 * 60_000) }) {
                throw ValidationError("--drill: \(problem)")
            }
        }
        if let startedAt, Self.localTime(startedAt) == nil {
            throw ValidationError("--started-at: '\(startedAt)' is not a local time like 2026-03-14T17:30")
        }
    }

    /// The `--drill` options read: "NAME@SECONDS" or "NAME@FROM-TO" (the last "@" splits, so a name may hold one).
    func drillStarts() throws -> [DrillStart] {
        try drill.map { text in
            guard let at = text.lastIndex(of: "@") else { throw ValidationError("--drill: '\(text.prefix(40))' is not NAME@SECONDS or NAME@FROM-TO") }
            let times = text[text.index(after: at)...].split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            func ms(_ s: Substring) -> Int64? { Double(s).flatMap { $0.isFinite && $0 >= 0 && $0 < 1e7 ? Int64(($0 * 1000).rounded()) : nil } }
            guard let from = times.first.flatMap(ms), times.count == 1 || ms(times[1]) != nil else {
                throw ValidationError("--drill: '\(text.prefix(40))' is not NAME@SECONDS or NAME@FROM-TO (seconds from the session's start)")
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
            throw ValidationError("--pace: '\(pace.prefix(40))' is not a pace like 12kmh-20m")
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
            throw UserError("another Sideline process is recording into \(store.path); stop it first")
        }
        defer { withExtendedLifetime(lock) {} }

        let teamRecord = try resolveTeam(store: store, specs: specs)
        // The players who wear a strap, each with theirs.
        let roster = try store.roster(teamID: teamRecord.id).compactMap { entry in entry.strap.map { (entry: entry, strap: $0) } }
        guard !roster.isEmpty else {
            throw UserError("team '\(teamRecord.name)' has no straps assigned; assign straps in the kiosk or in the roster CSV")
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
            throw UserError(error.description)
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
        let recoveryNote = recording.recoveryMs > 0 ? " + \(Formatting.decimal(recovery)) s recovery" : ""
        if let plan {
            print("recording fitness test \(sessionID) of \(teamRecord.name): \(roster.count) players, \(plan.label), then 60 s standing still (Ctrl-C ends it early)")
        } else if let readiness {
            print("recording readiness check \(sessionID) of \(teamRecord.name): \(roster.count) players, \(Formatting.decimal(readiness, digits: 0)) s, \(try sessionTags().posture?.rawValue ?? "") (Ctrl-C ends it early)")
        } else {
            print("recording session \(sessionID) of \(teamRecord.name): \(roster.count) players, \(Formatting.decimal(minutes ?? 0)) min\(recoveryNote) (Ctrl-C ends it early)")
        }
        fflush(nil)
        do {
            try recording.run(into: recorder, shouldStop: { StopSignal.requested }, effortEnded: {
                guard recording.recoveryMs > 0 else { return }
                print("effort over: recording \(Formatting.decimal(Double(recording.recoveryMs) / 1000)) s of recovery (Ctrl-C ends it)")
                fflush(nil)
            }, committed: { ms in
                guard progress else { return }
                print("committed \(ms) ms")
                fflush(nil)
            })
        } catch let error as StoreError {
            throw UserError("\(error); session \(sessionID) is kept up to its last committed second (\(Formatting.duration(Double(recorder.writer.committedTMs) / 1000)))")
        }
        // A controller that never came up recorded nothing: say why, and leave no empty session behind.
        if let why = recording.neverCameUp {
            try store.deleteSession(sessionID)
            throw UserError("\(why); nothing was recorded")
        }
        let c = recorder.recording.counters
        print("session \(sessionID) saved: \(c.samples) samples, \(c.rrIntervals) RR intervals, \(c.strapEvents) strap events; \(recording.pump.ring.dropped) events dropped")
        if let line = recording.bluetoothLine { print(line) }
        try keepDrills(store: store, sessionID: sessionID)
        // A strap of the roster never heard: said by name, not left to a session of zeros.
        let names = Dictionary(roster.map { ($0.strap.address.uppercased(), "\($0.entry.player.fullName) #\($0.entry.shirtNumber)") },
                               uniquingKeysWith: { first, _ in first })
        for strap in recording.unheardStraps {
            print("strap \(strap.address) (\(names[strap.address.uppercased()] ?? "?")): never heard during the session; is it worn, charged, within range, not held by a phone?")
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
                print("drill '\(d.name)' not kept: the session ended before it started")
                continue
            }
            drills.append(DrillStart(name: d.name, startMs: d.startMs, endMs: d.endMs.map { min($0, effortMs) }))
        }
        let kept = try store.recordDrills(sessionID, drills)
        for name in kept.added { print("drill '\(name)' added to the team's library") }
        print("drills: " + kept.kept.map { "\($0.name) from \(DrillsCommand.clock($0.startMs))" }.joined(separator: ", "))
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
        print("created team \(created.name) with \(count) simulated players")
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
        if let window = context.analysis.players.first?.reportedHRV.window { print("RMSSD over the \(window.label)") }
        print("#   player               signal  avg  max  %max   kcal  TRIMP  z1-z5 (s, \(context.analysis.zoneModel.rawValue))       RMSSD  RR fixed"
              + (recovery ? "  HRR60" : "") + (hrex != nil ? "   HRex" : ""))
        for p in context.analysis.ranked() {
            let s = p.stats
            let zones = HeartRateZone.allCases.dropFirst().map { String(format: "%4.0f", Double(s.zones(context.analysis.zoneModel)[$0]) / 1000) }
            let columns = [
                pad("\(p.shirtNumber)", 3), pad(String(context.name(of: p).prefix(20)), 20),
                pad(Formatting.duration(Double(s.signalMs) / 1000), 6, right: true),
                pad(s.averageBPM.value.map { String(format: "%.0f", $0) } ?? "–", 4, right: true),
                pad(s.maxBPM.value.map { "\($0)" } ?? "–", 4, right: true),
                pad(s.peakPercentOfMax.value.map { String(format: "%.0f%%", $0) } ?? "–", 5, right: true),
                pad(s.kcal.value.map { String(format: "%.0f", $0) } ?? "–", 6, right: true),
                pad(s.banisterTRIMP.value.map { String(format: "%.0f", $0) } ?? "–", 6, right: true), " " + zones.joined(separator: " "),
                pad(p.reportedHRV.timeDomain.value.map { String(format: "%.0f", $0.rmssdMs) } ?? "–", 6, right: true),
                pad("\(p.rr.corrected)/\(p.rr.recorded)", 10, right: true),
            ] + (recovery ? [pad(p.recoveryBPM.value.map { String(format: "%.0f", $0) } ?? "–", 6, right: true)] : [])
              + (hrex.map { [pad($0[p.playerID].map { String(format: "%.1f%%", $0) } ?? "–", 6, right: true)] } ?? [])
            print(columns.joined(separator: " "))
        }
    }
}

/// A table cell: `text` filled with spaces to `width` characters (on the left when `right`).
func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let fill = String(repeating: " ", count: max(0, width - text.count))
    return right ? fill + text : text + fill
}
