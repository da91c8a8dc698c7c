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
    /// From team setup: a new name for the team.
    case renameTeam
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
    static let playerFields: [Form.Field] = [.firstName, .lastName, .shirtNumber, .birthYear, .weightKg, .restingHR, .maxHR]

    static func reduce(_ form: inout Form?, _ action: FormAction, _ ctx: AppContext) -> Reduction {
        switch action {
        case .newTeam:
            guard ctx.screen == .teamPicker else { return .none }
            form = Form(kind: .newTeam, fields: [.teamName])
        case .editPlayer(let id):
            guard ctx.screen == .teamSetup else { return .none }
            if let id, let line = ctx.line(of: id) {
                let p = line.player
                var edited = Form(kind: .player(id), fields: playerFields, values: [
                    .firstName: p.firstName, .lastName: p.lastName, .shirtNumber: "\(line.shirtNumber)",
                    .birthYear: "\(p.birthYear)", .weightKg: formatWeight(p.weightKg), .restingHR: "\(p.restingHR)",
                    .maxHR: p.measuredMaxHR.map { "\($0)" } ?? "",
                ])
                edited.sex = p.sex
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
        case .typeTagWord:
            guard ctx.screen == .lobby else { return .none }
            form = Form(kind: .tagWord, fields: [.tagWord], values: [.tagWord: ctx.lobby.tags.word ?? ""])
        case .renameTeam:
            guard ctx.screen == .teamSetup, let team = ctx.teams.first(where: { $0.team.id == ctx.teamID }) else { return .none }
            form = Form(kind: .renameTeam, fields: [.teamName], values: [.teamName: team.team.name])
        case .focus(let field):
            guard form?.fields.contains(field) == true else { return .none }
            form?.focus = field
        case .key(let text):
            guard let field = form?.focus, var value = form?.value(field) else { return .none }
            for ch in text {
                guard value.count < field.maxLength else { break }
                if field.isNumeric {
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
                    guard ch.isLetter || ch.isNumber || " -'.".contains(ch) else { continue }
                    if ch == " " && (value.isEmpty || value.hasSuffix(" ")) { continue }
                }
                value.append(ch)
            }
            form?.values[field] = value
            form?.problems = []
        case .backspace:
            guard let field = form?.focus, var value = form?.value(field) else { return .none }
            if !value.isEmpty { value.removeLast() }
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

    static func formatWeight(_ kg: Double) -> String {
        kg == kg.rounded() ? "\(Int(kg))" : "\(kg)"
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
                open?.problems = ["the word: \(problem)"]
                return .none
            }
            open = nil
            return .send(.lobby(.tags(.word(word))))
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
            func number(_ field: Form.Field) -> Int? {
                let v = Int(form.value(field))
                if v == nil { problems.append("\(field.label.lowercased()) needs a number") }
                return v
            }
            let shirt = number(.shirtNumber), born = number(.birthYear), rest = number(.restingHR)
            let weight = Double(form.value(.weightKg))
            if weight == nil { problems.append("weight needs a number") }
            let maxText = form.value(.maxHR)
            let maxHR = maxText.isEmpty ? nil : Int(maxText)
            if !maxText.isEmpty && maxHR == nil { problems.append("max HR needs a number") }
            if let shirt, !(0...99).contains(shirt) { problems.append("shirt number must be 0–99") }
            if let shirt, ctx.roster.contains(where: { $0.shirtNumber == shirt && $0.playerID != id }) {
                problems.append("number \(shirt) is taken")
            }
            let existing = id.flatMap { ctx.line(of: $0) }?.player
            let player = Player(firstName: form.value(.firstName).trimmingCharacters(in: .whitespaces),
                                lastName: form.value(.lastName).trimmingCharacters(in: .whitespaces),
                                birthYear: born ?? 0, sex: form.sex, weightKg: weight ?? 0, restingHR: rest ?? 0,
                                measuredMaxHR: maxHR, photoPath: existing?.photoPath)
            if problems.isEmpty { problems = player.validationProblems }
            guard problems.isEmpty, let shirt else { open?.problems = problems; return .none }
            open = nil
            return .effects(.savePlayer(teamID: teamID, playerID: id, player: player, shirtNumber: shirt))
        }
    }
}
