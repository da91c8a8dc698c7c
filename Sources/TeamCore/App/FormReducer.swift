/// Text entry: new team, player editor, custom duration — typed on the on-screen keyboard.
enum FormReducer {
    static let playerFields: [Form.Field] = [.firstName, .lastName, .shirtNumber, .birthYear, .weightKg, .restingHR, .maxHR]

    static func reduce(_ s: inout AppState, _ action: Action) -> [Effect] {
        switch action {
        case .newTeam:
            guard s.screen == .teamPicker else { return [] }
            s.form = Form(kind: .newTeam, fields: [.teamName])
        case .editPlayer(let id):
            guard s.screen == .teamSetup else { return [] }
            if let id, let line = s.roster.first(where: { $0.playerID == id }) {
                let p = line.player
                var form = Form(kind: .player(id), fields: playerFields, values: [
                    .firstName: p.firstName, .lastName: p.lastName, .shirtNumber: "\(line.shirtNumber)",
                    .birthYear: "\(p.birthYear)", .weightKg: formatWeight(p.weightKg), .restingHR: "\(p.restingHR)",
                    .maxHR: p.measuredMaxHR.map { "\($0)" } ?? "",
                ])
                form.sex = p.sex
                s.form = form
            } else {
                let used = Set(s.roster.map(\.shirtNumber))
                let next = (1...99).first { !used.contains($0) } ?? 0
                s.form = Form(kind: .player(nil), fields: playerFields, values: [
                    .shirtNumber: "\(next)", .birthYear: "\(s.year - 20)", .weightKg: "70", .restingHR: "60",
                ])
            }
        case .focus(let field):
            guard var form = s.form, form.fields.contains(field) else { return [] }
            form.focus = field
            s.form = form
        case .key(let text):
            guard var form = s.form, let field = form.focus else { return [] }
            var value = form.value(field)
            for ch in text {
                guard value.count < field.maxLength else { break }
                if field.isNumeric {
                    guard ch.isNumber || (field == .weightKg && ch == "." && !value.contains(".")) else { continue }
                } else {
                    guard ch.isLetter || ch.isNumber || " -'.".contains(ch) else { continue }
                    if ch == " " && (value.isEmpty || value.hasSuffix(" ")) { continue }
                }
                value.append(ch)
            }
            form.values[field] = value
            form.problems = []
            s.form = form
        case .backspace:
            guard var form = s.form, let field = form.focus else { return [] }
            var value = form.value(field)
            if !value.isEmpty { value.removeLast() }
            form.values[field] = value
            s.form = form
        case .setSex(let sex):
            s.form?.sex = sex
        case .cancelForm:
            s.form = nil
        case .submitForm:
            guard let form = s.form else { return [] }
            return submit(&s, form)
        default:
            break
        }
        return []
    }

    static func formatWeight(_ kg: Double) -> String {
        kg == kg.rounded() ? "\(Int(kg))" : "\(kg)"
    }

    private static func submit(_ s: inout AppState, _ form: Form) -> [Effect] {
        switch form.kind {
        case .newTeam:
            let name = form.value(.teamName).trimmingCharacters(in: .whitespaces)
            var problems: [String] = []
            if name.isEmpty { problems.append("type a team name") }
            if s.teams.contains(where: { $0.team.name.lowercased() == name.lowercased() }) {
                problems.append("a team called \(name) exists already")
            }
            guard problems.isEmpty else { s.form?.problems = problems; return [] }
            s.form = nil
            return [.createTeam(name: name)]
        case .customDuration:
            guard let minutes = Int(form.value(.minutes)), (1...600).contains(minutes) else {
                s.form?.problems = ["minutes must be between 1 and 600"]
                return []
            }
            s.lobby.plannedMs = Int64(minutes) * 60_000
            s.form = nil
            return []
        case .player(let id):
            guard let teamID = s.teamID else { return [] }
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
            if let shirt, s.roster.contains(where: { $0.shirtNumber == shirt && $0.playerID != id }) {
                problems.append("number \(shirt) is taken")
            }
            let existing = s.roster.first { $0.playerID == id }?.player
            let player = Player(id: id, firstName: form.value(.firstName).trimmingCharacters(in: .whitespaces),
                                lastName: form.value(.lastName).trimmingCharacters(in: .whitespaces),
                                birthYear: born ?? 0, sex: form.sex, weightKg: weight ?? 0, restingHR: rest ?? 0,
                                measuredMaxHR: maxHR, photoPath: existing?.photoPath)
            if problems.isEmpty { problems = player.validationProblems }
            guard problems.isEmpty, let shirt else { s.form?.problems = problems; return [] }
            s.form = nil
            return [.savePlayer(teamID: teamID, player: player, shirtNumber: shirt)]
        }
    }
}
