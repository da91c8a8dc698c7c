import TeamCore

/// Forms typed on the on-screen keyboard or number pad.
public enum FormAction: Sendable, Equatable {
    /// From the team picker.
    case newTeam
    /// From team setup; nil: a new player.
    case editPlayer(Int64?)
    /// From the lobby: a session length in minutes.
    case typeDuration
    /// From the lobby's tag sheet: the session's free word.
    case typeTagWord
    /// From the lobby's drill sheet: a new drill for the team's library.
    case newDrill
    /// From team setup: a new name for the team.
    case renameTeam
    /// From the settings' interval page: the preset at this index, on the number pad.
    case editIntervalPreset(Int)
    /// From "All players": a player of the club (nil: a new one, on no team) and their details.
    case editClubPlayer(playerID: Int64?, Player?)
    /// From the strap list: the strap's label as it is now.
    case labelStrap(address: String, current: String?)
    /// From Settings → Club sync: the address and code as typed so far, the keyboard on `focus`.
    case joinClub(server: String, code: String, focus: Form.Field)
    case focus(Form.Field)
    case key(String)
    case backspace
    case setSex(Sex)
    case submit
    case cancel
}

/// Text entry: new team, player editor, custom duration. A submitted form becomes a store
/// effect, or (a duration) the lobby's choice.
enum FormReducer {
    static let playerFields: [Form.Field] = [.firstName, .lastName, .shirtNumber, .birthYear, .weightKg, .restingHR, .maxHR, .consentDay, .consentBy]

    static func reduce(_ form: inout Form?, _ action: FormAction, _ ctx: AppContext) -> Reduction {
        switch action {
        case .newTeam:
            guard ctx.screen == .teamPicker else { return .none }
            form = Form(kind: .newTeam, fields: [.teamName])
        case .editPlayer(let id):
            guard ctx.screen == .teamSetup else { return .none }
            if let id, let line = ctx.line(of: id) {
                var values = values(of: line.player)
                values[.shirtNumber] = "\(line.shirtNumber)"
                var edited = Form(kind: .player(id), fields: playerFields, values: values)
                edited.sex = line.player.sex
                form = edited
            } else {
                let used = Set(ctx.roster.map(\.shirtNumber))
                let next = (1...99).first { !used.contains($0) } ?? 0
                form = Form(kind: .player(nil), fields: playerFields, values: [
                    .shirtNumber: "\(next)", .birthYear: "\(ctx.year - 20)", .weightKg: "70", .restingHR: "60",
                ])
            }
        case .typeDuration:
            guard ctx.screen == .lobby else { return .none }
            form = Form(kind: .customDuration, fields: [.minutes])
        case .newDrill:
            guard ctx.screen == .lobby, ctx.teamID != nil else { return .none }
            form = Form(kind: .newDrill, fields: [.drillName])
        case .typeTagWord:
            guard ctx.screen == .lobby else { return .none }
            form = Form(kind: .tagWord, fields: [.tagWord], values: [.tagWord: ctx.lobby.tags.word ?? ""])
        case .editClubPlayer(let id, let player):
            guard ctx.screen == .settings else { return .none }
            let fields = playerFields.filter { $0 != .shirtNumber }
            if let player {
                var edited = Form(kind: .clubPlayer(id), fields: fields, values: values(of: player))
                edited.sex = player.sex
                form = edited
            } else {
                form = Form(kind: .clubPlayer(nil), fields: fields, values: [.birthYear: "\(ctx.year - 20)", .weightKg: "70", .restingHR: "60"])
            }
        case .labelStrap(let address, let current):
            guard ctx.screen == .settings else { return .none }
            form = Form(kind: .strapLabel(address: address), fields: [.strapLabel], values: [.strapLabel: current ?? ""])
        case .joinClub(let server, let code, let focus):
            guard ctx.screen == .settings else { return .none }
            form = Form(kind: .clubJoin, fields: [.clubServer, .enrolmentCode], values: [.clubServer: server, .enrolmentCode: code])
            form?.focus = focus == .enrolmentCode ? .enrolmentCode : .clubServer
        case .renameTeam:
            guard ctx.screen == .teamSetup, let team = ctx.teams.first(where: { $0.team.id == ctx.teamID }) else { return .none }
            form = Form(kind: .renameTeam, fields: [.teamName], values: [.teamName: team.team.name])
        case .editIntervalPreset(let index):
            guard ctx.screen == .settings, ctx.settings.intervalPresets.indices.contains(index) else { return .none }
            let p = ctx.settings.intervalPresets[index]
            form = Form(kind: .intervalPreset(index), fields: [.repeats, .workSeconds, .restSeconds],
                        values: [.repeats: "\(p.repeats)", .workSeconds: "\(p.workMs / 1000)", .restSeconds: "\(p.restMs / 1000)"])
        case .focus(let field):
            guard form?.fields.contains(field) == true else { return .none }
            form?.focus = field
        case .key(let text):
            guard let field = form?.focus, var value = form?.value(field) else { return .none }
            for ch in text {
                guard value.count < field.maxLength else { break }
                if field.isMachineText {
                    // What an address or a code is made of; no spaces (a code reads as well in groups with hyphens).
                    guard ch.isASCII, ch.isLetter || ch.isNumber || ":/.-_[]".contains(ch) else { continue }
                } else if field == .consentDay {
                    // Digits only, on the number pad; the date's hyphens come after the year and the month.
                    guard ch.isASCII, ch.isNumber else { continue }
                    if value.count == 4 || value.count == 7 { value.append("-") }
                } else if field.isNumeric {
                    guard ch.isNumber || (field == .weightKg && ch == "." && !value.contains(".")) else { continue }
                } else if field == .tagWord {
                    // One word: letters, digits, hyphens (a space becomes one).
                    guard ch.isLetter || ch.isNumber || ch == "-" || ch == " " else { continue }
                    let hyphen: Character = "-"
                    if ch == " " || ch == hyphen {
                        guard !value.isEmpty, !value.hasSuffix("-") else { continue }
                        value.append(hyphen)
                    } else {
                        value += ch.lowercased()
                    }
                    continue
                } else {
                    guard ch.isLetter || ch.isNumber || " -'.".contains(ch) || (field == .strapLabel && "#/".contains(ch)) else { continue }
                    if ch == " " && (value.isEmpty || value.hasSuffix(" ")) { continue }
                }
                value.append(ch)
            }
            form?.values[field] = value
            form?.problems = []
        case .backspace:
            guard let field = form?.focus, var value = form?.value(field) else { return .none }
            if !value.isEmpty { value.removeLast() }
            if field == .consentDay, value.hasSuffix("-") { value.removeLast() }
            form?.values[field] = value
        case .setSex(let sex):
            form?.sex = sex
        case .cancel:
            form = nil
        case .submit:
            guard let submitted = form else { return .none }
            return submit(&form, submitted, ctx)
        }
        return .none
    }

    /// Repeats 1–99, work 5 s to an hour, rest none to an hour: the settings keep it, the lobby offers it.
    private static func submitIntervalPreset(_ open: inout Form?, _ form: Form, index: Int) -> Reduction {
        let repeats = Int(form.value(.repeats)), work = Int64(form.value(.workSeconds)), rest = Int64(form.value(.restSeconds).isEmpty ? "0" : form.value(.restSeconds))
        var problems: [String] = []
        if repeats.map(IntervalProgram.repeatsRange.contains) != true { problems.append("repeats must be between 1 and 99") }
        if work.map({ IntervalProgram.workRangeMs.contains($0 * 1000) }) != true { problems.append("work must be 5 to 3600 seconds") }
        if rest.map({ IntervalProgram.restRangeMs.contains($0 * 1000) }) != true { problems.append("rest must be 0 to 3600 seconds") }
        guard problems.isEmpty, let repeats, let work, let rest else { open?.problems = problems; return .none }
        open = nil
        return .send(.settings(.setIntervalPreset(index: index, IntervalProgram(repeats: repeats, workMs: work * 1000, restMs: rest * 1000))))
    }

    static func formatWeight(_ kg: Double) -> String {
        kg == kg.rounded() ? "\(Int(kg))" : "\(kg)"
    }

    /// A stored player's details as the form's fields show them (no shirt number: that is the team's).
    private static func values(of p: Player) -> [Form.Field: String] {
        [.firstName: p.firstName, .lastName: p.lastName, .birthYear: "\(p.birthYear)", .weightKg: formatWeight(p.weightKg),
         .restingHR: "\(p.restingHR)", .maxHR: p.measuredMaxHR.map { "\($0)" } ?? "",
         .consentDay: p.consent.map { "\($0.day)" } ?? "", .consentBy: p.consent?.givenBy ?? ""]
    }

    /// The player the form describes, and which of its numbers are not numbers (`existing`: the
    /// stored one, whose photo path stays). The player's own checks come after these are fixed.
    private static func player(from form: Form, existing: Player?, today: CalendarDay) -> (Player, [String]) {
        var problems: [String] = []
        func number(_ field: Form.Field) -> Int? {
            let v = Int(form.value(field))
            if v == nil { problems.append("\(field.label.lowercased()) needs a number") }
            return v
        }
        let born = number(.birthYear), rest = number(.restingHR)
        let weight = Double(form.value(.weightKg))
        if weight == nil { problems.append("weight needs a number") }
        let maxText = form.value(.maxHR)
        let maxHR = maxText.isEmpty ? nil : Int(maxText)
        if !maxText.isEmpty && maxHR == nil { problems.append("max HR needs a number") }
        let player = Player(firstName: form.value(.firstName).trimmingCharacters(in: .whitespaces),
                            lastName: form.value(.lastName).trimmingCharacters(in: .whitespaces),
                            birthYear: born ?? 0, sex: form.sex, weightKg: weight ?? 0, restingHR: rest ?? 0,
                            measuredMaxHR: maxHR, photoPath: existing?.photoPath, consent: consent(from: form, today: today, &problems))
        return (player, problems)
    }

    /// Consent on file as the form has it: none when both fields are empty; a name alone is consent given today.
    private static func consent(from form: Form, today: CalendarDay, _ problems: inout [String]) -> Consent? {
        let text = form.value(.consentDay), by = form.value(.consentBy).trimmingCharacters(in: .whitespaces)
        if text.isEmpty && by.isEmpty { return nil }
        guard !by.isEmpty else {
            problems.append("consent by: a guardian's name, or \"\(Consent.byThePlayer)\"")
            return nil
        }
        guard let day = text.isEmpty ? today : CalendarDay(iso: text) else {
            problems.append("consent date: a date like 2026-09-01")
            return nil
        }
        if let problem = Consent.problem(day: day, givenBy: by, today: today) {
            problems.append(problem)
            return nil
        }
        return Consent(day: day, givenBy: by)
    }

    /// Problems stay in the form, next to its fields; a valid form closes.
    private static func submit(_ open: inout Form?, _ form: Form, _ ctx: AppContext) -> Reduction {
        switch form.kind {
        case .newTeam, .renameTeam:
            let renaming = form.kind == .renameTeam ? ctx.teamID : nil
            let name = form.value(.teamName).trimmingCharacters(in: .whitespaces)
            var problems: [String] = []
            if name.isEmpty { problems.append("type a team name") }
            if ctx.teams.contains(where: { $0.team.name.lowercased() == name.lowercased() && $0.team.id != renaming }) {
                problems.append("a team called \(name) exists already")
            }
            guard problems.isEmpty else { open?.problems = problems; return .none }
            open = nil
            if let renaming { return .effects(.renameTeam(teamID: renaming, name: name)) }
            return .effects(.createTeam(name: name))
        case .tagWord:
            let word = SessionTags.word(from: form.value(.tagWord))
            if !word.isEmpty, let problem = SessionTags.wordProblem(word) {
                open?.problems = ["the word: \(problem.english)"]
                return .none
            }
            open = nil
            return .send(.lobby(.tags(.word(word))))
        case .intervalPreset(let index):
            return submitIntervalPreset(&open, form, index: index)
        case .customDuration:
            guard let minutes = Int(form.value(.minutes)), (1...600).contains(minutes) else {
                open?.problems = ["minutes must be between 1 and 600"]
                return .none
            }
            open = nil
            return .send(.lobby(.chooseDuration(Int64(minutes) * 60_000)))
        case .player(let id):
            guard let teamID = ctx.teamID else { return .none }
            var problems: [String] = []
            let shirt = Int(form.value(.shirtNumber))
            if shirt == nil { problems.append("\(Form.Field.shirtNumber.label.lowercased()) needs a number") }
            let (player, numbers) = player(from: form, existing: id.flatMap { ctx.line(of: $0) }?.player, today: ctx.today)
            problems += numbers
            if let shirt, !(0...99).contains(shirt) { problems.append("shirt number must be 0–99") }
            if let shirt, ctx.roster.contains(where: { $0.shirtNumber == shirt && $0.playerID != id }) {
                problems.append("number \(shirt) is taken")
            }
            if problems.isEmpty { problems = player.validationProblems }
            guard problems.isEmpty, let shirt else { open?.problems = problems; return .none }
            open = nil
            return .effects(.savePlayer(teamID: teamID, playerID: id, player: player, shirtNumber: shirt))
        case .clubPlayer(let id):
            let (player, numbers) = player(from: form, existing: nil, today: ctx.today)
            let problems = numbers.isEmpty ? player.validationProblems : numbers
            guard problems.isEmpty else { open?.problems = problems; return .none }
            open = nil
            return .effects(.saveClubPlayer(playerID: id, player: player))
        case .strapLabel(let address):
            let label = form.value(.strapLabel).trimmingCharacters(in: .whitespaces)
            open = nil
            return .effects(.labelStrap(address: address, label: label.isEmpty ? nil : label))
        case .newDrill:
            guard let teamID = ctx.teamID else { return .none }
            let name = Drill.trimmed(form.value(.drillName))
            if let problem = Drill.nameProblem(name) {
                open?.problems = ["the name \(problem)"]
                return .none
            }
            if let twin = ctx.lobby.drillLibrary.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) {
                open?.problems = ["the team has \(twin.name) already"]
                return .none
            }
            open = nil
            return .effects(.addDrill(teamID: teamID, name: name))
        case .clubJoin:
            // Checked by the join itself (the command line's rule), its problem on the page.
            open = nil
            return .send(.clubSync(.typed(server: form.value(.clubServer), code: form.value(.enrolmentCode))))
        }
    }
}
