import ClubProtocol
import ClubStorage
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import NIOCore
import TeamCore

/// Teams and their rosters, editable: a player added or changed here goes into the club's roster
/// change feed like a kiosk's edit (its origin the user), so every kiosk of the club pulls it.
package struct WebTeamPages: Sendable {
    let storage: any WebRosterStorage

    package init(storage: any WebRosterStorage) { self.storage = storage }

    func list(_ user: WebUser) async throws -> Response {
        let (teams, roster) = try await storage.teams(visibleTo: user)
        return Self.listPage(user, teams: teams.map { ($0.uuid, $0.name, roster.roster(of: $0.uuid).count) }).response
    }

    /// The teams page over its data: each team and the players on its roster.
    static func listPage(_ user: WebUser, teams: [(uuid: UUID, name: String, players: Int)]) -> WebPage {
        let words = WebLanguage.words
        let rows = teams.map { t -> HTML in
            "<tr><td><a href=\"/teams/\(t.uuid.uuidString.lowercased())\">\(t.name)</a></td><td class=\"num\">\(t.players)</td>"
                + "<td><a href=\"/teams/\(t.uuid.uuidString.lowercased())/season\">\(words.tr("Season"))</a></td></tr>"
        }.joined()
        let heading: HTML = "<h1>\(words.tr("Teams"))</h1>"
        let body: HTML = teams.isEmpty ? heading + "<p class=\"muted\">\(words.tr("No team yet: teams come from the kiosks' rosters."))</p>" : """
            \(heading)<div class="scroll"><table id="teams"><thead><tr><th>\(words.tr("Team"))</th><th class="num">\(words.tr("Players"))</th><th>\(words.tr("Load"))</th></tr></thead>
            <tbody>\(rows)</tbody></table></div>
            """
        return WebPage(title: words.tr("Teams"), user: user, section: .teams, body: body)
    }

    /// The roster; `saved`: the player just saved, said at the top.
    func roster(_ user: WebUser, team uuid: UUID, saved: UUID? = nil, erased: Bool = false) async throws -> Response {
        let (name, roster) = try await storage.team(uuid, visibleTo: user)
        let savedName = saved.flatMap { roster.players[$0]?.fullName }
        try await storage.record(.view("roster page", team: uuid), by: .web(user))
        return Self.rosterPage(user, team: uuid, name: name, players: roster.roster(of: uuid), savedName: savedName, erased: erased).response
    }

    /// The roster page over its data; `savedName`: the player just saved, said at the top.
    static func rosterPage(_ user: WebUser, team uuid: UUID, name: String, players: [(member: ClubRoster.Member, player: ClubRoster.Player)],
                           savedName: String?, erased: Bool) -> WebPage {
        let t = uuid.uuidString.lowercased()
        let words = WebLanguage.words
        let rows = players.map { m, p -> HTML in
            let photo: HTML = p.hasPhoto ? "<img class=\"photo\" src=\"/teams/\(t)/players/\(p.uuid.uuidString.lowercased())/photo\" alt=\"\">" : "<span class=\"photo\"></span>"
            return "<tr data-player=\"\(p.uuid.uuidString.lowercased())\"><td class=\"pic\">\(photo)</td><td class=\"num\">\(m.shirtNumber)</td>"
                + "<td><a href=\"/teams/\(t)/players/\(p.uuid.uuidString.lowercased())\">\(p.fullName)</a></td>"
                + "<td class=\"num opt\">\(p.birthYear.map(String.init) ?? "–")</td><td class=\"opt\">\(p.sex)</td>"
                + "<td class=\"num opt\">\(p.weightKg.map { WebFormat.one($0) } ?? "–")</td><td class=\"num opt\">\(p.restingHR.map(String.init) ?? "–")</td>"
                + "<td class=\"num opt\">\(p.maxHR.map(String.init) ?? words.tr("formula", context: "HRmax from the club's formula"))</td>"
                + "<td class=\"opt consent\">\(p.consent.map { HTML("\($0.day.description)") } ?? "<span class=\"muted\">\(words.tr("none", context: "no consent on file"))</span>")</td></tr>"
        }.joined()
        var message = savedName.map { name -> HTML in
            "<div class=\"message ok\" role=\"status\">\(words.tr("Saved {name}: the kiosks get it with their next sync.", ["name": name]))</div>"
        } ?? .empty
        if erased {
            message = "<div class=\"message ok\" role=\"status\">\(words.tr("The player is erased from the club; every kiosk erases them at its next sync."))</div>"
        }
        func th(_ label: String, _ className: String) -> HTML { "<th class=\"\(className)\">\(label)</th>" }
        let body: HTML = """
            <h1>\(name)</h1>\(message)
            <div class="actions"><a class="button" href="/teams/\(t)/players/new">\(words.tr("Add a player"))</a><a href="/teams/\(t)/season">\(words.tr("Season: load and readiness"))</a></div>
            \(players.isEmpty ? HTML("<p class=\"muted\">\(words.tr("No player on this roster yet."))</p>") : """
            <div class="scroll"><table id="roster"><thead><tr><th class="pic"></th><th class="num">#</th>\(th(words.tr("Player"), ""))\(th(words.tr("Born"), "num opt"))\(th(words.tr("Sex"), "opt"))
            <th class="num opt">kg</th>\(th(words.tr("Rest HR"), "num opt"))\(th(words.tr("Max HR"), "num opt"))\(th(words.tr("Consent"), "opt"))</tr></thead><tbody>\(rows)</tbody></table></div>
            """)
            """
        return WebPage(title: name, user: user, section: .teams, body: body)
    }

    func playerForm(_ user: WebUser, team uuid: UUID, player: UUID?, typed: WebPlayerForm? = nil, problems: [String] = [],
                    status: HTTPResponse.Status = .ok) async throws -> Response {
        let (name, roster) = try await storage.team(uuid, visibleTo: user)
        var form = typed ?? WebPlayerForm.blank(shirtNumber: (roster.roster(of: uuid).map(\.member.shirtNumber).max() ?? 0) + 1)
        var hasPhoto = false
        if let player {
            guard let p = roster.players[player], !p.deleted, let m = roster.member(team: uuid, player: player) else {
                throw ClubError.notFound("No player \(player.uuidString.lowercased()) on \(name).")
            }
            if typed == nil { form = WebPlayerForm(p, member: m) }
            hasPhoto = p.hasPhoto
            try await storage.record(.view("player page", team: uuid, player: player), by: .web(user))
        }
        return Self.playerFormPage(user, team: uuid, name: name, player: player, form: form, hasPhoto: hasPhoto, problems: problems, status: status).response
    }

    /// The player form over its data: `form` as typed (or as stored), `problems` the sentences it was refused with.
    static func playerFormPage(_ user: WebUser, team uuid: UUID, name: String, player: UUID?, form: WebPlayerForm, hasPhoto: Bool,
                               problems: [String], status: HTTPResponse.Status) -> WebPage {
        let t = uuid.uuidString.lowercased()
        let action = player.map { "/teams/\(t)/players/\($0.uuidString.lowercased())" } ?? "/teams/\(t)/players"
        let words = WebLanguage.words
        let errors: HTML = problems.isEmpty ? "" : "<div class=\"message error\" role=\"alert\"><ul>\(problems.map { problem -> HTML in "<li>\(problem)</li>" })</ul></div>"
        func field(_ label: String, _ key: String, _ value: String, type: String = "text", extra: HTML = .empty) -> HTML {
            "<label>\(label)<input type=\"\(type)\" name=\"\(key)\" value=\"\(value)\"\(extra)></label>"
        }
        let photo: HTML = hasPhoto ? "<img class=\"photo big\" src=\"\(action)/photo\" alt=\"\(words.tr("The player's photo"))\">"
            + "<label><span><input type=\"checkbox\" name=\"removePhoto\"> \(words.tr("remove the photo"))</span></label>" : ""
        // Consent on file (decision 075): an admin records or clears it; a coach sees it.
        let consent: HTML = user.isAdmin ? """
            <fieldset class="stack" id="consent"><legend>\(words.tr("Consent on file (both, or neither; a club may require it before the player's sessions sync)"))</legend>
            <div class="pair">\(field(words.tr("Given on"), "consentDay", form.consentDay, type: "date"))\(field(words.tr("By (a guardian's name, or \u{201C}{player}\u{201D})", ["player": Consent.byThePlayer]), "consentBy", form.consentBy, extra: HTML(" maxlength=\"\(Consent.maxGiverLength)\"")))</div></fieldset>
            """ : "<p id=\"consent\" class=\"muted\">\((form.consentDay.isEmpty ? words.tr("Consent not on file (an admin records it).") : words.tr("Consent on file: {day}, by {giver} (an admin records it).", ["day": form.consentDay, "giver": form.consentBy])))</p>"
        let body: HTML = """
            <h1>\((player == nil ? words.tr("Add a player to {team}", ["team": name]) : words.tr("Edit a player of {team}", ["team": name])))</h1>\(errors)
            <form class="stack card" method="post" action="\(action)" enctype="multipart/form-data">\(WebPage.csrfField(user))
            <div class="pair">\(field(words.tr("First name"), "firstName", form.firstName, extra: HTML(" required maxlength=\"24\"")))\(field(words.tr("Last name"), "lastName", form.lastName, extra: HTML(" maxlength=\"24\"")))</div>
            <div class="pair">\(field(words.tr("Shirt number"), "shirtNumber", form.shirtNumber, type: "number", extra: HTML(" min=\"0\" max=\"999\" required")))
            \(field(words.tr("Birth year"), "birthYear", form.birthYear, type: "number", extra: HTML(" min=\"1900\" max=\"2100\" required")))</div>
            <div class="pair"><label>\(words.tr("Sex"))<select name="sex"><option value="F"\(form.sex == "F" ? HTML(" selected") : "")>F</option><option value="M"\(form.sex == "M" ? HTML(" selected") : "")>M</option></select></label>
            \(field(words.tr("Weight (kg)"), "weightKg", form.weightKg, extra: HTML(" inputmode=\"decimal\" required")))</div>
            <div class="pair">\(field(words.tr("Resting heart rate"), "restingHR", form.restingHR, type: "number", extra: HTML(" min=\"25\" max=\"120\" required")))
            \(field(words.tr("Maximum heart rate (empty: from the club's formula)"), "maxHR", form.maxHR, type: "number", extra: HTML(" min=\"120\" max=\"240\"")))</div>
            \(consent)
            \(photo)<label>\(words.tr("Photo (JPEG, at most {n} KiB)", ["n": "\(RosterSchema.maxPhotoBytes / 1024)"]))<input type="file" name="photo" accept="image/jpeg"></label>
            <div class="actions"><button class="primary" type="submit">\(words.tr("Save"))</button><a href="/teams/\(t)">\(words.tr("Cancel"))</a></div></form>
            \(player != nil && user.isAdmin ? HTML("<p><a id=\"player-data\" href=\"\(action)/data.zip\" download>\(words.tr("Download this player's data (ZIP)"))</a> · "
                + "<a class=\"danger\" href=\"\(action)/erase\">\(words.tr("Erase this player everywhere…"))</a></p>") : "")
            """
        return WebPage(title: player == nil ? words.tr("Add a player") : words.tr("Edit {name}", ["name": form.firstName]), user: user, section: .teams, body: body, status: status)
    }

    /// A player added or changed: only the fields that changed become edits (`WebRosterEdits`: stamped
    /// so the person's latest word wins); every kiosk of the club pulls them with its next sync.
    func save(_ user: WebUser, team uuid: UUID, player: UUID?, form: FormData) async throws -> Response {
        let typed = WebPlayerForm(form)
        var (values, number, problems) = typed.values()
        // Only an admin records consent; a coach's form does not carry it.
        if !user.isAdmin { values["consent"] = nil }
        let (name, roster) = try await storage.team(uuid, visibleTo: user)
        let playerUUID = player ?? UUID()
        if let player, roster.players[player] == nil || roster.member(team: uuid, player: player) == nil {
            throw ClubError.notFound("No player \(player.uuidString.lowercased()) on \(name).")
        }
        if let number, roster.roster(of: uuid).contains(where: { $0.member.shirtNumber == number && $0.player.uuid != playerUUID }) {
            problems.append(WebLanguage.words.tr("Shirt number: {number} is someone else's on {team}.", ["number": "\(number)", "team": name]))
        }
        guard problems.isEmpty, let number else {
            return try await playerForm(user, team: uuid, player: player, typed: typed, problems: problems, status: .badRequest)
        }
        let key = playerUUID.uuidString.lowercased(), membership = RosterSchema.membershipKey(team: uuid, player: playerUUID)
        let current = player.flatMap { roster.players[$0] }.map { WebPlayerForm($0, member: roster.member(team: uuid, player: playerUUID)).values().player } ?? [:]
        var changes: [WebRosterEdits.Change] = []
        for field in RosterSchema.fields(of: .player) where field != "deleted" {
            guard let value = values[field], current[field] != value else { continue }
            // A photo's "unchanged" is not known without reading it: it is an edit only when one was sent or removed.
            changes.append((.player, key, field, value))
        }
        if roster.member(team: uuid, player: playerUUID)?.shirtNumber != number || player == nil {
            changes.append((.membership, membership, "shirtNumber", .integer(Int64(number))))
        }
        guard !changes.isEmpty else { return WebPage.redirect("/teams/\(uuid.uuidString.lowercased())") }
        let result = try await storage.applyEdits(changes, by: user)
        storage.logger.info("web: '\(user.email)' \(player == nil ? "added" : "changed") player \(key) on team \(uuid.uuidString.lowercased()): \(changes.map(\.field).joined(separator: ", ")) (feed \(result.lastSeq))")
        // After a POST, a GET: reloading the page does not send the form again.
        return WebPage.redirect("/teams/\(uuid.uuidString.lowercased())?saved=\(key)")
    }

    /// An admin's "Erase this player everywhere": what goes, and a box to tick before the button does anything.
    func eraseForm(_ user: WebUser, team uuid: UUID, player: UUID, problem: String? = nil) async throws -> Response {
        guard user.isAdmin else { throw ClubError.notFound(N_("There is no such page.")) }
        let (name, roster, sessions) = try await storage.team(uuid, visibleTo: user, sessionsOf: player)
        guard let p = roster.players[player], roster.member(team: uuid, player: player) != nil else {
            throw ClubError.notFound("No player \(player.uuidString.lowercased()) on \(name).")
        }
        return Self.erasePage(user, team: uuid, player: p, sessions: Int(sessions), problem: problem).response
    }

    /// The erase form over its data: the player, the sessions erasing them rewrites, the problem it was refused with.
    static func erasePage(_ user: WebUser, team uuid: UUID, player p: ClubRoster.Player, sessions count: Int, problem: String?) -> WebPage {
        let player = p.uuid
        let t = uuid.uuidString.lowercased(), action = "/teams/\(t)/players/\(player.uuidString.lowercased())/erase"
        let words = WebLanguage.words
        let what = words.trn("Their profile, photo and memberships, and their heart rates, RR intervals and figures in {n} session are removed from the club for good; those sessions keep the others' readings and their team figures are computed again without them. Every kiosk of the club erases them at its next sync. The club's backups keep a copy until they age out. This cannot be undone.",
                             "Their profile, photo and memberships, and their heart rates, RR intervals and figures in {n} sessions are removed from the club for good; those sessions keep the others' readings and their team figures are computed again without them. Every kiosk of the club erases them at its next sync. The club's backups keep a copy until they age out. This cannot be undone.", n: count)
        let body: HTML = """
            <h1>\(words.tr("Erase {name} everywhere", ["name": p.fullName]))</h1>\(problem.map { problem -> HTML in "<div class=\"message error\" role=\"alert\">\(words.tr(problem))</div>" } ?? "")
            <div class="card"><p>\(what)</p>
            <form class="stack" method="post" action="\(action)">\(WebPage.csrfField(user))
            <label><span><input type="checkbox" name="confirm" value="yes" required> \(words.tr("I want {name} erased for good", ["name": p.fullName]))</span></label>
            <div class="actions"><button class="danger" type="submit">\(words.tr("Erase for good"))</button><a href="/teams/\(t)/players/\(player.uuidString.lowercased())">\(words.tr("Cancel"))</a></div></form></div>
            """
        return WebPage(title: words.tr("Erase {name} everywhere", ["name": p.fullName]), user: user, section: .teams, body: body, status: problem == nil ? .ok : .badRequest)
    }

    /// The erasure, confirmed (the box ticked, the CSRF token checked before this runs).
    func erase(_ user: WebUser, team uuid: UUID, player: UUID, form: FormData) async throws -> Response {
        guard user.isAdmin else { throw ClubError.notFound(N_("There is no such page.")) }
        guard form["confirm"] == "yes" else {
            return try await eraseForm(user, team: uuid, player: player, problem: N_("Tick the box to confirm: nothing was erased."))
        }
        let (name, roster) = try await storage.team(uuid, visibleTo: user)
        guard roster.players[player] != nil, roster.member(team: uuid, player: player) != nil else {
            throw ClubError.notFound("No player \(player.uuidString.lowercased()) on \(name).")
        }
        let erased = try await storage.erase(player: player, by: "club web, admin " + String(user.email.prefix(60)), club: user.club, loggedAs: .web(user))
        storage.logger.notice("web: '\(user.email)' erased a player of team \(uuid.uuidString.lowercased()): \(erased.sessions) sessions rewritten")
        return WebPage.redirect("/teams/\(uuid.uuidString.lowercased())?erased=1")
    }

    func photo(_ user: WebUser, team uuid: UUID, player: UUID) async throws -> Response {
        let jpeg = try await storage.photo(of: player, team: uuid, visibleTo: user)
        guard let jpeg else { throw ClubError.notFound("No photo.") }
        try await storage.record(.view("photo", team: uuid, player: player), by: .web(user))
        return Response(status: .ok, headers: [.contentType: "image/jpeg", .cacheControl: "private, no-cache"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: jpeg)))
    }
}
