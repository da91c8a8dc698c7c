import Analytics
import Foundation
import TeamCore

/// A player's own data (GDPR Art. 15 and 20) as one ZIP: their profile, every session's samples and
/// RR as CSV, FIT and TCX files and the session's numbers as JSON, their season figures, readiness
/// checks and ratings (session RPE) as JSON, and a README.txt saying what each file is.
///
/// The one builder of the ZIP's contents for both products: `sideline player-data` and the kiosk's
/// stick export read the kiosk's store, `sideline-club player-data` and the club's web read the club's
/// bundles; each hands over the profile and then one session at a time (oldest first), and every kind of
/// data is written here, by the same encoders as the session exports — only the player's own rows:
/// each session is analysed with the player alone, so nothing of a team mate is in the archive.
/// Only one session's rows are held at a time; the archive is written to a file as it grows
/// (`ArchiveFile`: under a temporary name until `finish`, removed by `discard` or when dropped unfinished).
public final class PlayerDataArchive {
    /// Who the player is, as the product knows them.
    public struct Profile: Sendable {
        public struct Membership: Sendable {
            public var team: String
            public var shirtNumber: Int
            public init(team: String, shirtNumber: Int) {
                self.team = team
                self.shirtNumber = shirtNumber
            }
        }

        public var uuid: UUID?
        public var firstName: String
        public var lastName: String
        public var birthYear: Int?
        public var sex: String
        public var weightKg: Double?
        public var restingHR: Int?
        public var measuredMaxHR: Int?
        public var teams: [Membership]
        /// Consent on file (decision 075), nil: none.
        public var consent: Consent?
        /// The stored photo (JPEG), if there is one.
        public var photoJPEG: [UInt8]?

        public init(uuid: UUID?, firstName: String, lastName: String, birthYear: Int?, sex: String, weightKg: Double?, restingHR: Int?,
                    measuredMaxHR: Int?, teams: [Membership], consent: Consent? = nil, photoJPEG: [UInt8]?) {
            self.uuid = uuid
            self.firstName = firstName
            self.lastName = lastName
            self.birthYear = birthYear
            self.sex = sex
            self.weightKg = weightKg
            self.restingHR = restingHR
            self.measuredMaxHR = measuredMaxHR
            self.teams = teams
            self.consent = consent
            self.photoJPEG = photoJPEG
        }

        public var fullName: String { lastName.isEmpty ? firstName : "\(firstName) \(lastName)" }
    }

    /// One session of the player's: the session, the player's place in it and their rows only.
    public struct PlayerSession: Sendable {
        public var session: Session
        public var teamName: String
        /// The stem of the session's export file names ("u17_2026-11-23_s12" on a kiosk, the UUID's start on the club).
        public var stem: String
        /// The raw CSVs' "session" column: the kiosk's number, the club's UUID.
        public var label: String
        public var sessionUUID: UUID?
        public var player: SessionPlayer
        public var samples: [Sample]
        public var rrIntervals: [RRInterval]
        public var laps: [Lap]
        /// The session's drills: its phases beside the interval blocks' laps (decision 077).
        public var drills: [DrillStart]
        /// Strap addresses by strap id (the samples' strap column).
        public var straps: [Int64: String]
        public var rating: SessionRating?

        public init(session: Session, teamName: String, stem: String, label: String, sessionUUID: UUID?, player: SessionPlayer,
                    samples: [Sample], rrIntervals: [RRInterval], laps: [Lap], drills: [DrillStart] = [], straps: [Int64: String],
                    rating: SessionRating?) {
            self.drills = drills
            self.session = session
            self.teamName = teamName
            self.stem = stem
            self.label = label
            self.sessionUUID = sessionUUID
            self.player = player
            self.samples = samples
            self.rrIntervals = rrIntervals
            self.laps = laps
            self.straps = straps
            self.rating = rating
        }
    }

    /// "sideline-player-data_ada-lovelace_2026-11-29.zip": the archive's file name.
    public static func fileName(_ profile: Profile, on date: Date) -> String {
        "\(folderName(profile))_\(ExportNaming.day(date)).zip"
    }

    static func folderName(_ profile: Profile) -> String { "sideline-player-data_\(ExportNaming.slug(profile.fullName))" }

    public var path: String { file.path }

    private let file: ArchiveFile
    private let archive: ZipWriter
    private let profile: Profile
    private let folder: String
    private let thresholds: LoadStatusThresholds
    private let calendar: Calendar
    private let now: Date
    /// What the season, readiness and ratings files are made of, a few numbers a session.
    private var seasonSessions: [[String: Any]] = []
    private var loads: [SessionLoad] = []
    private var checks: [(check: ReadinessCheck, stem: String, uuid: UUID?)] = []
    private var ratings: [[String: Any]] = []
    private var sessionCount = 0

    /// Starts the archive `fileName(profile, on: now)` in `directory` (which must exist) with the profile.
    /// `thresholds`: the club's load status ratios; `calendar`: the days sessions count for (the device's).
    public init(directory: String, profile: Profile, thresholds: LoadStatusThresholds, calendar: Calendar = .current, now: Date = Date()) throws {
        file = try ArchiveFile(path: (directory as NSString).appendingPathComponent(Self.fileName(profile, on: now)))
        archive = ZipWriter(sink: file, modified: now, calendar: calendar)
        self.profile = profile
        folder = Self.folderName(profile)
        self.thresholds = thresholds
        self.calendar = calendar
        self.now = now
        try add("profile.json", json(profileJSON()))
        if let photo = profile.photoJPEG { try add("photo.jpg", photo) }
    }

    /// One session's files, and what the season, readiness and ratings files keep of it.
    public func add(_ s: PlayerSession) throws {
        let id = s.player.playerID
        sessionCount += 1
        var csv = RawCSVWriter(session: s.session, who: .init(sessionLabel: s.label, names: [id: profile.fullName],
                                                                numbers: [id: s.player.shirtNumber], straps: s.straps))
        // Another's row handed over by mistake stays out.
        let samples = s.samples.filter { $0.playerID == id }, beats = s.rrIntervals.filter { $0.playerID == id }
        for sample in samples { csv.append(sample) }
        for beat in beats { csv.append(beat) }
        for f in csv.files(stem: s.stem) { try add("sessions/\(f.name)", f.bytes) }

        var input = SessionInput(session: s.session, players: [s.player], samples: [id: samples], rrIntervals: [id: beats], laps: s.laps)
        input.drills = s.drills
        let analysed = AnalysedSession(teamName: s.teamName, playerNames: [id: profile.fullName], analysis: SessionAnalysis(input),
                                       uuids: s.sessionUUID.map { .init(session: $0, players: profile.uuid.map { [id: $0] } ?? [:]) },
                                       ratings: s.rating.map { [id: $0] } ?? [:])
        let files = AnalysedFiles(context: analysed, stem: s.stem)
        for format in [ExportFormat.json, .fit, .tcx] {
            for f in try files.files(format) { try add("sessions/\(f.name)", f.bytes) }
        }
        keepSeasonFigures(s, analysed)
    }

    private func keepSeasonFigures(_ s: PlayerSession, _ analysed: AnalysedSession) {
        guard let figures = analysed.analysis.seasonFigures.first else { return }
        let day = CalendarDay(s.session.startedAt, in: calendar)
        let ordinal = Int64(sessionCount)
        let uuid: Any = s.sessionUUID.map { $0.uuidString.lowercased() as Any } ?? NSNull()
        let minutes = s.session.effortMinutes
        if s.session.isReadinessCheck {
            let tags = SessionTags(stored: s.session.tags)
            checks.append((ReadinessCheck(sessionID: ordinal, day: day, posture: tags.posture?.rawValue ?? "", lnRMSSD: figures.lnRMSSD,
                                          restingBPM: figures.restingBPM, correctedShare: figures.correctedShare), s.stem, s.sessionUUID))
        } else if !s.session.isFitnessTest { // a fitness test is a measurement, not load (decision 079)
            loads.append(SessionLoad(sessionID: ordinal, day: day, cardioLoad: figures.cardioLoad, zones: figures.zones,
                                     rpe: s.rating?.rpe, effortMinutes: minutes ?? 0))
        }
        let zoneNames = HeartRateZone.allCases.map { $0 == .rest ? "rest" : "z\($0.rawValue)" }
        var entry: [String: Any] = [
            "session": s.stem, "sessionUUID": uuid, "date": day.description, "team": s.teamName,
            "kind": s.session.isReadinessCheck ? "readiness check" : s.session.isFitnessTest ? "fitness test" : "training", "tags": s.session.tags,
            "cardioLoad": figures.cardioLoad, "recovery60sBPM": SeasonJSON.value(figures.recoveryBPM),
            "zoneSeconds": Dictionary(uniqueKeysWithValues: zip(zoneNames, figures.zoneMs.map { Double($0) / 1000 })),
        ]
        if s.session.isFitnessTest { entry["hrex"] = SeasonJSON.value(figures.hrex) }
        seasonSessions.append(entry)
        if let r = s.rating {
            ratings.append(["session": s.stem, "sessionUUID": uuid, "date": day.description, "rpe": r.rpe, "byCoach": r.byCoach,
                            "ratedAt": ISOTime.string(unixMs: r.ratedAt.unixMs), "effortMinutes": SeasonJSON.value(minutes),
                            "srpeLoad": SeasonJSON.value(minutes.map { SessionRPE.load(rpe: r.rpe, effortMinutes: $0) })])
        }
    }

    /// Writes the season, readiness and ratings files and the README, and gives the archive its name.
    /// Returns its path.
    @discardableResult
    public func finish() throws -> String {
        let today = CalendarDay(now, in: calendar)
        let row = SeasonTable.rows([.init(playerID: 0, name: profile.fullName, number: profile.teams.first?.shirtNumber ?? 0,
                                          loads: loads, checks: checks.map(\.check))], on: today, thresholds: thresholds)[0]
        try add("season.json", json(["format": "sideline-player-season/1", "player": profile.fullName, "on": today.description,
                                     "today": SeasonJSON.figures(row), "sessions": seasonSessions]))
        let history = checks.map(\.check)
        try add("readiness.json", json(["format": "sideline-player-readiness/1", "player": profile.fullName, "checks": checks.map { c in
            var out = SeasonJSON.readiness(Readiness.assess(c.check, history: history))
            out.removeValue(forKey: "sessionID")
            out["session"] = c.stem
            out["sessionUUID"] = c.uuid.map { $0.uuidString.lowercased() as Any } ?? NSNull()
            return out
        }]))
        try add("ratings.json", json(["format": "sideline-player-ratings/1", "player": profile.fullName, "ratings": ratings]))
        try add("README.txt", Array(readme().utf8))
        try archive.finish()
        try file.commit()
        return file.path
    }

    /// Removes the unfinished archive.
    public func discard() { file.discard() }

    private func add(_ name: String, _ bytes: [UInt8]) throws { try archive.add("\(folder)/\(name)", bytes) }

    private func json(_ object: [String: Any]) throws -> [UInt8] {
        Array(try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]))
    }

    private func profileJSON() -> [String: Any] {
        func value<T>(_ x: T?) -> Any { x.map { $0 as Any } ?? NSNull() }
        return ["format": "sideline-player-profile/1", "playerUUID": value(profile.uuid?.uuidString.lowercased()),
                "firstName": profile.firstName, "lastName": profile.lastName, "birthYear": value(profile.birthYear), "sex": profile.sex,
                "weightKg": value(profile.weightKg), "restingHR": value(profile.restingHR), "measuredMaxHR": value(profile.measuredMaxHR),
                "teams": profile.teams.map { ["team": $0.team, "shirtNumber": $0.shirtNumber] },
                "consent": value(profile.consent.map { ["day": $0.day.description, "givenBy": $0.givenBy] }),
                "photo": profile.photoJPEG == nil ? "none" : "photo.jpg", "exportedAt": ISOTime.string(unixMs: now.unixMs)]
    }

    private func readme() -> String {
        """
        \(profile.fullName): all data Sideline keeps about you
        Written \(ISOTime.string(unixMs: now.unixMs, fractional: false)), \(sessionCount) session\(sessionCount == 1 ? "" : "s").

        Every file is yours alone: each session's numbers are worked out from your own readings, and
        nothing of your team mates is in this archive. Text files are UTF-8; times are ISO 8601 with
        the device's offset from UTC.

        profile.json
            Who you are to Sideline: name, birth year, sex, weight, resting and measured maximum heart
            rate (the physiology your zones and calories are worked out from), your teams and shirt numbers,
            and the consent on file (the day it was given and who gave it; null: none recorded).
        photo.jpg (if you have one)
            The photo shown on your tile.
        sessions/<team>_<date>_<session>_samples.csv
            Every heart-rate reading of yours in that session as it was recorded: one row a second or so
            (time from the start in ms, clock time, bpm, skin contact, energy, the session's tags).
        sessions/<team>_<date>_<session>_rr.csv
            Every beat-to-beat (RR) interval of yours in that session, in 1/1024 s as the strap sent it and in ms.
        sessions/<team>_<date>_<session>_summary.json
            Your numbers of that session, as the review screen shows them: average and maximum heart rate,
            time in zones, training load (TRIMP), calories, recovery, heart-rate variability, your rating.
        sessions/<team>_<date>_<session>_<name>_<number>.fit and .tcx
            The session as an activity for Garmin Connect, Strava, GoldenCheetah and other training tools
            (only for sessions with a heart rate of yours).
        season.json
            Your season: each session's cardio load (Banister TRIMP), time in zones and recovery, and on the
            day of this export your load, Strain (7 days), Tolerance (28 days), load status and ACWR.
        readiness.json
            Your readiness checks (short resting measurements): lnRMSSD, resting heart rate, and how each
            compared with your own normal range.
        ratings.json
            Your ratings of sessions (session RPE, 0-10), who gave them (you, or the coach correcting), and the
            session load they make (RPE x the session's minutes).

        How the numbers are computed: docs/ANALYTICS.md of Sideline. File formats: CSV opens in any
        spreadsheet, JSON in any text editor, FIT and TCX in training tools.

        """
    }
}
