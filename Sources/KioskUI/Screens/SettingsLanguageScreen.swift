import AppCore
import Localization
import TeamCore

/// Settings → Language: the five languages, each in its own name (a coach who reads no English finds
/// theirs), the chosen one highlighted. A tap switches every screen and the wall display at once.
extension Frame {
    func languageSettings() {
        let area = topBar(title: tr("Language"), back: (tr("‹ Settings"), .settings(.showPage(.tilesAndSound))),
                          trailing: [(tr("Done"), .navigate(.home), .normal)])
        let current = Localization.current.language
        let column = area.splitLeft(min(area.w, metrics.px(420))).0
        let rows = column.rows(Language.allCases.count, gap: metrics.px(6))
        for (row, language) in zip(rows, Language.allCases) {
            button(language.nativeName, row, .settings(.setLanguage(language.rawValue)), style: language == current ? .primary : .normal,
                   hitLabel: "language:\(language.rawValue)")
        }
        let help = area.splitLeft(column.w + metrics.margin).1
        wrappedText(tr("The coach's screen, the wall display and the spoken cues speak this language. Until one is chosen here, the kiosk speaks its configuration's language."),
                    size: metrics.small, in: help.inset(dx: metrics.px(4), dy: metrics.px(8)), colour: Theme.textDim)
        notice()
    }
}
