/// The date patterns ICU makes of the skeletons the screens ask for, in each language: what
/// `DateFormatter.dateFormat(fromTemplate:options:locale:)` answers for them, written down, so that no
/// formatter builds ICU's pattern generator to find out (≈ 1.6 M instructions, at the kiosk's launch for
/// the team cards' "last Sat 14 Mar"; decision 104). `DatePatternTests` holds every one to ICU's answer:
/// a Foundation with other locale data fails it rather than drawing dates differently. A skeleton not
/// here is asked of ICU, as before.
enum DatePatterns {
    static func pattern(_ skeleton: String, _ language: Language) -> String? {
        switch (skeleton, language) {
        case ("EEEdMMM", .english), ("EEEdMMM", .french), ("EEEdMMM", .dutch): "EEE d MMM"
        case ("EEEdMMM", .german): "EEE d. MMM"
        case ("EEEdMMM", .spanish): "EEE, d MMM"
        case ("EEEdMMMHHmm", .english): "EEE d MMM 'at' HH:mm"
        case ("EEEdMMMHHmm", .german): "EEE d. MMM, HH:mm"
        case ("EEEdMMMHHmm", .french): "EEE d MMM 'à' HH:mm"
        case ("EEEdMMMHHmm", .spanish): "EEE, d MMM, H:mm"
        case ("EEEdMMMHHmm", .dutch): "EEE d MMM, HH:mm"
        case ("EEEdMMMy", .english): "EEE, d MMM y"
        case ("EEEdMMMy", .german): "EEE d. MMM y"
        case ("EEEdMMMy", .french), ("EEEdMMMy", .dutch): "EEE d MMM y"
        case ("EEEdMMMy", .spanish): "EEE, d MMM y"
        case ("EEEdMMMyyyyHHmm", .english): "EEE, d MMM yyyy 'at' HH:mm"
        case ("EEEdMMMyyyyHHmm", .german): "EEE d. MMM yyyy, HH:mm"
        case ("EEEdMMMyyyyHHmm", .french): "EEE d MMM yyyy 'à' HH:mm"
        case ("EEEdMMMyyyyHHmm", .spanish): "EEE, d MMM yyyy, H:mm"
        case ("EEEdMMMyyyyHHmm", .dutch): "EEE d MMM yyyy, HH:mm"
        case ("dMHHmm", .english): "dd/MM, HH:mm"
        case ("dMHHmm", .german): "d.M., HH:mm"
        case ("dMHHmm", .french): "dd/MM HH:mm"
        case ("dMHHmm", .spanish): "d/M, H:mm"
        case ("dMHHmm", .dutch): "d-M, HH:mm"
        default: nil
        }
    }

    /// Every skeleton written down above.
    static let skeletons = ["EEEdMMM", "EEEdMMMHHmm", "EEEdMMMy", "EEEdMMMyyyyHHmm", "dMHHmm"]
}
