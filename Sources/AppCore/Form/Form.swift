import Localization
import TeamCore

/// Text entry with the on-screen keyboard: a new team, a player, a custom duration.
public struct Form: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case newTeam
        /// nil: a new player.
        case player(Int64?)
        case customDuration
        /// The lobby's free tag word.
        case tagWord
        /// Team setup: the team's new name.
        case renameTeam
        /// Settings: the interval preset at this index of the list.
        case intervalPreset(Int)
        /// "All players": a player of the club, on no team yet (nil) or one of the list — no shirt number.
        case clubPlayer(Int64?)
        /// The strap list: the club's own name for the strap with this address.
        case strapLabel(address: String)
        /// Settings → Club sync: the club server's address and the enrolment code.
        case clubJoin
        /// The lobby's drill sheet: a new drill for the team's library.
        case newDrill

        /// A player's details (the keyboard, the sex buttons, the zones in bpm).
        public var isPlayer: Bool {
            switch self {
            case .player, .clubPlayer: true
            default: false
            }
        }
    }

    public enum Field: String, Sendable, Equatable, CaseIterable {
        case teamName, firstName, lastName, shirtNumber, birthYear, weightKg, restingHR, maxHR, minutes, tagWord, strapLabel, drillName
        /// Consent on file (decision 075): the day, typed as digits (the hyphens come by themselves), and who gave it.
        case consentDay, consentBy
        case repeats, workSeconds, restSeconds
        case clubServer, enrolmentCode

        public var label: String {
            switch self {
            case .teamName: N_("Team name")
            case .firstName: N_("First name")
            case .lastName: N_("Last name")
            case .shirtNumber: N_("Shirt no.")
            case .birthYear: N_("Born (year)")
            case .weightKg: N_("Weight kg")
            case .restingHR: N_("Resting HR")
            case .maxHR: N_("Max HR (opt.)")
            case .consentDay: N_("Consent date")
            case .consentBy: N_("Consent by")
            case .minutes: N_("Minutes")
            case .tagWord: N_("Word")
            case .repeats: N_("Repeats")
            case .workSeconds: N_("Work (seconds)")
            case .restSeconds: N_("Rest (seconds)")
            case .strapLabel: N_("Label")
            case .clubServer: N_("Server address")
            case .enrolmentCode: N_("Enrolment code")
            case .drillName: N_("Drill name")
            }
        }

        /// Typed as they are printed, in lower case, with the symbols an address or a code has
        /// (`https://club.example.org:8443`, `enrol_abcd-efgh…`): not names.
        public var isMachineText: Bool { self == .clubServer || self == .enrolmentCode }

        /// Text with digits in it ("Box A 7", "SSG 4v4", an address): a row of digits above the letters.
        public var takesDigits: Bool { self == .strapLabel || self == .drillName || isMachineText }

        /// Numbers get the number pad instead of the letter keyboard.
        public var isNumeric: Bool { ![.teamName, .firstName, .lastName, .tagWord, .strapLabel, .clubServer, .enrolmentCode, .consentBy, .drillName].contains(self) }
        public var maxLength: Int {
            if self == .clubServer { return 200 }
            if self == .enrolmentCode { return 100 }
            if self == .tagWord { return SessionTags.maxWordLength }
            if self == .strapLabel { return Strap.maxLabelLength }
            if self == .consentDay { return 10 }  // 2026-09-01
            if self == .consentBy { return Consent.maxGiverLength }
            if self == .drillName { return Drill.maxNameLength }
            return isNumeric ? (self == .weightKg ? 5 : 4) : Player.maxNameLength // team names too
        }
    }

    public var kind: Kind
    public var fields: [Field]
    public var values: [Field: String]
    public var focus: Field?
    public var sex: Sex = .female
    /// Problems shown in place, next to the form, said in the kiosk's language where drawn.
    public var problems: [Message] = []

    public init(kind: Kind, fields: [Field], values: [Field: String] = [:]) {
        self.kind = kind
        self.fields = fields
        self.values = values
        self.focus = fields.first
    }

    public func value(_ field: Field) -> String { values[field] ?? "" }

    /// Whether the next letter key types a capital: at the start of a name's word, unless shift
    /// says otherwise; an address or a code is lower case unless shift says otherwise.
    public func capitalNext(shift: Bool) -> Bool {
        guard let focus else { return shift }
        if focus.isMachineText { return shift }
        let value = value(focus)
        return (value.isEmpty || value.hasSuffix(" ") || value.hasSuffix("-")) != shift
    }

    /// The form's primary button.
    public var submitLabel: String { kind == .clubJoin ? tr("Join") : tr("Save") }

    public var title: String {
        switch kind {
        case .newTeam: tr("New team")
        case .player(nil): tr("New player")
        case .player: tr("Edit player")
        case .customDuration: tr("Custom duration")
        case .tagWord: tr("A word for this session")
        case .renameTeam: tr("Rename team")
        case .intervalPreset(let index): tr("Interval preset {n}", ["n": "\(index + 1)"])
        case .clubPlayer(nil): tr("New player, on no team")
        case .clubPlayer: tr("Edit player")
        case .strapLabel: tr("Label for the strap")
        case .clubJoin: tr("Join a club")
        case .newDrill: tr("New drill")
        }
    }
}
