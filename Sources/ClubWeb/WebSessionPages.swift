import Analytics
import ClubProtocol
import ClubStorage
import Exports
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import NIOCore
import TeamCore

/// The sessions list and a session's page with its graph, numbers and files.
struct WebSessionPages: Sendable {
    let storage: any WebSessionStorage

    // MARK: Sessions

    typealias Row = SessionListRow

    /// Where a page of the sessions list begins: after this session in the list's order (newest first,
    /// then by UUID), "<startedMs>_<uuid>" in the address. A keyset, so a page costs the same however old.
    struct ListCursor: Equatable {
        var startedMs: Int64
        var uuid: UUID

        init(startedMs: Int64, uuid: UUID) {
            self.startedMs = startedMs
            self.uuid = uuid
        }

        init?(_ text: Substring) {
            let parts = text.split(separator: "_", omittingEmptySubsequences: false)
            guard parts.count == 2, let ms = Int64(parts[0]), let uuid = UUID(uuidString: String(parts[1])) else { return nil }
            self.init(startedMs: ms, uuid: uuid)
        }

        var text: String { "\(startedMs)_\(uuid.uuidString.lowercased())" }
    }

    /// Rows a page of the sessions list shows.
    static let pageSize = 100

    /// The sessions the user may see (a coach: their team's), newest first; `after`: those after it in that order.
    func rows(_ user: WebUser, session: UUID? = nil, after: ListCursor? = nil, limit: Int) async throws -> [Row] {
        try await storage.sessionRows(visibleTo: user, session: session, after: after.map { ($0.startedMs, $0.uuid) }, limit: limit)
    }

    static func zoneModel(_ raw: String) -> String {
        switch ZoneModel(rawValue: raw) {
        case .percentOfMax: WebLanguage.words.tr("zones by % of max HR")
        case .heartRateReserve: WebLanguage.words.tr("zones by % of heart-rate reserve")
        case nil: raw
        }
    }

    static func tags(_ tags: [String]) -> HTML {
        tags.isEmpty ? "<span class=\"muted\">\(WebLanguage.words.tr("no tags"))</span>" : tags.map { tag -> HTML in "<span class=\"tag\">\(tag)</span>" }.joined()
    }

    /// The kiosk's sessions list: when, the team, the effort's length, the players, the team's average heart rate, the tags;
    /// `pageSize` a page, "Older sessions" to the next.
    func list(_ user: WebUser, request: Request) async throws -> Response {
        var after: ListCursor?
        if let text = request.uri.queryParameters["after"] {
            guard let cursor = ListCursor(text) else { throw ClubError.badRequest("after= is <startedMs>_<uuid>, as the list's own link gives it") }
            after = cursor
        }
        var rows = try await rows(user, after: after, limit: Self.pageSize + 1)
        let more = rows.count > Self.pageSize
        rows = Array(rows.prefix(Self.pageSize))
        return Self.listPage(user, rows: rows, after: after, more: more).response
    }

    /// A page of the sessions list over its rows; `after`: where it begins (nil: the newest), `more`: older rows follow.
    static func listPage(_ user: WebUser, rows: [Row], after: ListCursor?, more: Bool) -> WebPage {
        let words = WebLanguage.words
        let lines = rows.map { r -> HTML in
            "<tr data-uuid=\"\(r.uuid.uuidString.lowercased())\"><td class=\"nowrap\"><a href=\"/sessions/\(r.uuid.uuidString.lowercased())\">\(WebFormat.dateTime(unixMs: r.startedMs))</a></td>"
                + "<td>\(r.teamName)</td><td class=\"num\">\(r.effortMs.map(WebFormat.duration) ?? "–")</td><td class=\"num opt\">\(r.players)</td>"
                + "<td class=\"num\">\(r.averageBPM.map { words.tr("{bpm} bpm", ["bpm": WebFormat.whole($0)]) } ?? "–")</td><td class=\"opt\">\(Self.tags(r.tags))</td>"
                + "<td class=\"opt\">\(r.kiosk ?? "–")</td></tr>"
        }
        let none = after == nil ? words.tr("No session yet: kiosks upload theirs when they sync.") : words.tr("No older session.")
        let table: HTML = rows.isEmpty ? "<p class=\"muted\">\(none)</p>" : """
            <div class="scroll"><table id="sessions"><thead><tr><th>\(words.tr("When"))</th><th>\(words.tr("Team"))</th><th class="num">\(words.tr("Effort"))</th><th class="num opt">\(words.tr("Players"))</th>
            <th class="num">\(words.tr("Avg", context: "average heart rate, a column"))</th><th class="opt">\(words.tr("Tags"))</th><th class="opt">\(words.tr("Kiosk"))</th></tr></thead><tbody>
            \(lines.joined())
            </tbody></table></div>
            """
        var pages: [HTML] = []
        if after != nil { pages.append("<a href=\"/sessions\">\(words.tr("Newest sessions"))</a>") }
        if more, let last = rows.last {
            pages.append("<a id=\"older\" href=\"/sessions?after=\(ListCursor(startedMs: last.startedMs, uuid: last.uuid).text)\">\(words.tr("Older sessions →"))</a>")
        }
        let nav: HTML = pages.isEmpty ? "" : "<p class=\"pages\">\(pages.joined(separator: " · "))</p>"
        return WebPage(title: words.tr("Sessions"), user: user, section: .sessions, body: "<h1>\(words.tr("Sessions"))</h1>" + table + nav)
    }

    /// One session the user may see; a session of another team (or none) is "not found" either way.
    func visible(_ user: WebUser, _ uuid: UUID) async throws -> Row {
        guard let row = try await rows(user, session: uuid, limit: 1).first else {
            throw ClubError.notFound("No session \(uuid.uuidString.lowercased()) that you can see.")
        }
        return row
    }

    func session(_ user: WebUser, _ uuid: UUID) async throws -> Response {
        let row = try await visible(user, uuid)
        // The graph needs the whole bundle in memory: through the gate, like a commit (decision 069).
        guard let data = try await storage.sessionDocument(uuid, club: user.club),
              let graph = try await storage.withSessionBundle(uuid, club: user.club, { SessionGraphSVG.draw($0.analysisInput()) })
        else { throw ClubError.notFound("Session \(uuid.uuidString.lowercased()) was deleted.") }
        let document = try SessionPageDocument(data), drills = try DocumentDrills(data)
        try await storage.record(.view("session page", team: row.team, session: uuid), by: .web(user))
        return Self.sessionPage(user, row: row, document: document, drills: drills, graph: graph).response
    }

    /// A session's page over its data: its row of the list, its document's numbers and drills, its graph.
    static func sessionPage(_ user: WebUser, row: Row, document: SessionPageDocument, drills: DocumentDrills, graph: HTML) -> WebPage {
        let uuid = row.uuid
        let stem = Self.stem(row, uuid)
        let base = "/sessions/\(uuid.uuidString.lowercased())/files/"
        func link(_ name: String, _ label: String) -> HTML { "<a href=\"\(base)\(name)\" download>\(label)</a>" }
        let players = document.players.sorted { $0.shirtNumber < $1.shirtNumber }
        let perPlayer = players.filter { $0.avgBPM != nil }.map { p -> HTML in
            let playerStem = AnalysedFiles.playerStem(stem: stem, name: p.name, shirtNumber: p.shirtNumber)
            return "<li>#\(p.shirtNumber) \(p.name): \(link(playerStem + ".tcx", "TCX")) \(link(playerStem + ".fit", "FIT"))</li>"
        }.joined()
        func cell(_ field: String, _ value: Double?, _ text: String, optional: Bool = false) -> HTML {
            "<td class=\"num\(optional ? " opt" : "")\" data-field=\"\(field)\">\(text)</td>"
        }
        let table = players.map { p -> HTML in
            "<tr data-player=\"\(p.playerUUID)\"><td class=\"num\">\(p.shirtNumber)</td><td>\(p.name)</td>"
                + cell("avgBPM", p.avgBPM, WebFormat.whole(p.avgBPM)) + cell("maxBPM", p.maxBPM, WebFormat.whole(p.maxBPM))
                + cell("peakPercentOfMax", p.peak, WebFormat.whole(p.peak), optional: true)
                + cell("trimpBanister", p.trimp, WebFormat.whole(p.trimp)) + cell("kcal", p.kcal, WebFormat.whole(p.kcal), optional: true)
                + cell("effortPoints", p.effortPoints, WebFormat.whole(p.effortPoints), optional: true)
                + cell("recovery60sBPM", p.recovery, WebFormat.whole(p.recovery), optional: true)
                + cell("rmssdMs", p.rmssd, WebFormat.whole(p.rmssd), optional: true)
                + cell("rpe", p.rpe, p.rpe.map { WebFormat.whole($0) + (p.rpeByCoach ? "*" : "") } ?? "–")
                + cell("srpeLoad", p.srpeLoad, WebFormat.whole(p.srpeLoad)) + "</tr>"
        }.joined()
        let drillTables = Self.drillsSection(drills, team: row.team)
        let words = WebLanguage.words
        let average = row.averageBPM.map { words.tr("{bpm} bpm", ["bpm": WebFormat.whole($0)]) } ?? "–"
        let effort = words.tr("effort {time}", ["time": row.effortMs.map(WebFormat.duration) ?? "–"])
        let sub: HTML = """
            \(effort) · \(words.trn("{n} player", "{n} players", n: row.players)) · \(words.tr("team average {bpm}", ["bpm": average])) · \
            \(Self.zoneModel(document.zoneModel)) · \(Self.tags(row.tags))
            """
        func th(_ label: String, _ className: String = "num") -> HTML { "<th class=\"\(className)\">\(label)</th>" }
        let note = words.tr("Heart rates in bpm; TRIMP is Banister's over the effort; HRR 60 s is the drop in the minute after it; RMSSD in ms, over the {window}. RPE is the player's own rating of the session (CR-10, 0–10; * set or corrected by the coach), sRPE that rating × the effort's minutes (Foster 2001).",
                            ["window": words.tr(document.hrvWindow)])
        let body: HTML = """
            <h1>\(row.teamName) · \(WebFormat.dateTime(unixMs: row.startedMs))</h1>
            <p class="sub">\(sub)</p>
            \(graph)
            <h2>\(words.tr("Players"))</h2>
            <div class="scroll"><table id="players"><thead><tr><th class="num">#</th>\(th(words.tr("Player"), ""))\(th(words.tr("Avg", context: "average heart rate, a column")))\(th(words.tr("Max", context: "maximum heart rate, a column")))
            \(th(words.tr("Peak %"), "num opt"))<th class="num">TRIMP</th><th class="num opt">kcal</th>\(th(words.tr("Effort pts"), "num opt"))
            \(th(words.tr("HRR 60 s"), "num opt"))<th class="num opt">RMSSD</th>\(th(words.tr("RPE")))\(th(words.tr("sRPE")))</tr></thead><tbody>\(table)</tbody></table></div>
            <p class="muted">\(note)</p>
            \(drillTables)
            <h2>\(words.tr("Files"))</h2>
            <div class="card downloads"><p>\(link(stem + "_summary.json", words.tr("JSON (every number)"))) \(link(stem + "_summary.csv", words.tr("Summary CSV")))
            \(link(stem + "_samples.csv", words.tr("Samples CSV"))) \(link(stem + "_rr.csv", words.tr("RR CSV")))</p><ul>\(perPlayer)</ul></div>
            """
        return WebPage(title: "\(row.teamName) \(WebFormat.dateTime(unixMs: row.startedMs))", user: user, section: .sessions, body: body)
    }

    /// The session's drills, a table each: every player's minutes with a heart rate, mean and peak HR, % of that
    /// time above 85 % HRmax and TRIMP, then the team's mean of its players; a link to the drill across the season.
    static func drillsSection(_ document: DocumentDrills, team: UUID) -> HTML {
        guard !document.drills.isEmpty else { return .empty }
        let words = WebLanguage.words
        func th(_ label: String) -> HTML { "<th class=\"num\">\(label)</th>" }
        func cells(_ minutes: Double?, _ mean: Double?, _ peak: Double?, _ high: Double?, _ trimp: Double?) -> HTML {
            [minutes.map { WebFormat.one($0) } ?? "–", WebFormat.whole(mean), WebFormat.whole(peak), high.map { "\(WebFormat.whole($0)) %" } ?? "–",
             WebFormat.whole(trimp)].map { text -> HTML in "<td class=\"num\">\(text)</td>" }.joined()
        }
        let tables = document.drills.map { drill -> HTML in
            let figures = drill.players.map { DrillFigures($0.stats, zoneModel: document.zoneModel) }
            let rows = zip(drill.players, figures).map { p, f -> HTML in
                "<tr data-player=\"\(p.uuid)\"><td class=\"num\">\(p.number)</td><td>\(p.name)</td>"
                    + cells(f.minutes, f.meanBPM, f.peakBPM.map(Double.init), f.highIntensityPercent, f.signalMs > 0 ? f.trimp : nil) + "</tr>"
            }.joined()
            let t = TeamDrillFigures(figures)
            let link = "/teams/\(team.uuidString.lowercased())/drills?name=\(drill.phase.name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
            return """
                <h3>\(drill.phase.name) · \(WebFormat.duration(ms: drill.phase.fromMs))–\(WebFormat.duration(ms: drill.phase.toMs)) <a href="\(link)">\(words.tr("across the season ›"))</a></h3>
                <div class="scroll"><table class="drill" data-drill="\(drill.phase.name)"><thead><tr><th class="num">#</th><th>\(words.tr("Player"))</th>\(th(words.tr("Min", context: "minutes, a column")))
                \(th(words.tr("Mean", context: "mean heart rate, a column")))\(th(words.tr("Peak", context: "peak heart rate, a column")))<th class="num">&gt;85 %</th><th class="num">TRIMP</th></tr></thead>
                <tbody>\(rows)<tr class="team"><td></td><td>\(words.tr("Team (mean of {n})", ["n": "\(t.players)"]))</td>\(cells(t.minutes, t.meanBPM, t.peakBPM, t.highIntensityPercent, t.trimp))</tr></tbody></table></div>
                """
        }.joined()
        return "<h2>\(words.tr("Drills"))</h2>" + tables
            + "<p class=\"muted\">\(words.tr("Minutes with a heart rate in the drill; >85 % is the share of them above 85 % HRmax; TRIMP is Banister's; the team row is the mean of its players (docs/ANALYTICS.md, \"Drills\")."))</p>"
    }

    /// The start of the session's export files' names.
    static func stem(_ row: Row, _ uuid: UUID) -> String {
        SessionDocument.stem(team: row.teamName, startedAt: Date(timeIntervalSince1970: Double(row.startedMs) / 1000), session: uuid)
    }

    /// One file of the session's exports, by the name the kiosk would give it.
    func file(_ user: WebUser, _ uuid: UUID, name: String) async throws -> Response {
        let row = try await visible(user, uuid)
        let format: ExportFormat, contentType: String
        switch name {
        case _ where name.hasSuffix("_summary.json"): (format, contentType) = (.json, "application/json")
        case _ where name.hasSuffix("_summary.csv"): (format, contentType) = (.summaryCSV, "text/csv; charset=utf-8")
        case _ where name.hasSuffix("_samples.csv") || name.hasSuffix("_rr.csv"): (format, contentType) = (.rawCSV, "text/csv; charset=utf-8")
        case _ where name.hasSuffix(".tcx"): (format, contentType) = (.tcx, "application/vnd.garmin.tcx+xml")
        case _ where name.hasSuffix(".fit"): (format, contentType) = (.fit, "application/vnd.ant.fit")
        default: throw ClubError.notFound("No file '\(name.prefix(80))' here.")
        }
        let bytes: [UInt8]
        if format == .json {
            // The kept document: the same bytes as GET /api/v1/sessions/{uuid}.
            guard let data = try await storage.sessionDocument(uuid, club: user.club) else { throw ClubError.notFound("The session was deleted.") }
            bytes = [UInt8](data)
        } else {
            // The whole bundle in memory, and its files: through the gate, like a commit (decision 069).
            let loaded = try await storage.withSessionBundle(uuid, club: user.club) { bundle -> [ExportedFile] in
                let source = bundle.analysisInput()
                return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[ExportedFile], any Error>) in
                    DispatchQueue.global().async { continuation.resume(with: Result { try SessionDocument.files(format, of: source) }) }
                }
            }
            guard let files = loaded else { throw ClubError.notFound("The session was deleted.") }
            guard let file = files.first(where: { $0.name == name }) else { throw ClubError.notFound("No file '\(name.prefix(80))' in this session's exports.") }
            bytes = file.bytes
        }
        // Logged by its format and player, not its name (which holds the player's name).
        var player: UUID?
        if format == .tcx || format == .fit, let data = try await storage.sessionDocument(uuid, club: user.club) {
            let stem = Self.stem(row, uuid)
            player = try SessionPageDocument(data).players.first {
                name.hasPrefix(AnalysedFiles.playerStem(stem: stem, name: $0.name, shirtNumber: $0.shirtNumber) + ".")
            }.flatMap { UUID(uuidString: $0.playerUUID) }
        }
        try await storage.record(.download("file \(format.rawValue)\(name.hasSuffix("_rr.csv") ? " (RR)" : "")", team: row.team, session: uuid, player: player), by: .web(user))
        let safeName = name.filter { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
        return Response(status: .ok, headers: [.contentType: contentType, .cacheControl: "private, no-store",
                                               .contentDisposition: "attachment; filename=\"\(safeName)\""],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

/// What the session page reads of the session's JSON document: the very numbers the read API gives.
struct SessionPageDocument {
    struct Player {
        var playerUUID: String, name: String, shirtNumber: Int
        var avgBPM: Double?, maxBPM: Double?, peak: Double?, trimp: Double?, kcal: Double?, effortPoints: Double?, recovery: Double?, rmssd: Double?
        /// The player's session RPE and its sRPE load; nil: not rated.
        var rpe: Double? = nil, rpeByCoach = false, srpeLoad: Double? = nil
    }

    var zoneModel: String
    /// The HRV window's label (`HRVWindow.label`), a message of the web's catalog; `WebLanguageTests` checks each
    /// window the analysis reports is here.
    var hrvWindow: String
    static let windowLabels = [N_("first 5 min"), N_("session"), N_("recovery minute"), N_("last 2 min")]
    var players: [Player]

    init(_ data: Data) throws {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw ClubError.unprocessable("the session's document is not an object") }
        zoneModel = root["zoneModel"] as? String ?? ""
        var window = N_("first 5 min")
        players = (root["players"] as? [[String: Any]] ?? []).map { p in
            let s = p["session"] as? [String: Any] ?? [:]
            let hrv = p["reportedHRV"] as? [String: Any]
            if let label = hrv?["window"] as? String { window = label }
            let time = hrv?["time"] as? [String: Any]
            func n(_ d: [String: Any]?, _ k: String) -> Double? { (d?[k] as? NSNumber)?.doubleValue }
            let rating = p["rpe"] as? [String: Any]
            var player = Player(playerUUID: p["playerUUID"] as? String ?? "", name: p["name"] as? String ?? "", shirtNumber: (p["shirtNumber"] as? NSNumber)?.intValue ?? 0,
                          avgBPM: n(s, "avgBPM"), maxBPM: n(s, "maxBPM"), peak: n(s, "peakPercentOfMax"), trimp: n(s, "trimpBanister"),
                          kcal: n(s, "kcal"), effortPoints: n(s, "effortPoints"), recovery: n(s, "recovery60sBPM"), rmssd: n(time, "rmssdMs"))
            player.rpe = n(rating, "value")
            player.rpeByCoach = (rating?["byCoach"] as? Bool) ?? false
            player.srpeLoad = n(p, "srpeLoad")
            return player
        }
        hrvWindow = window
    }
}
