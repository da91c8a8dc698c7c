import Localization
import AppCore
import TeamCore

/// The lobby's "Readiness check": the whole team at rest at once — how long (2–5 min) and in which
/// posture, one tap each, then Start. Each player's check is read against their own earlier checks
/// in the same posture.
extension Frame {
    func readinessSheet(_ plan: ReadinessCheckPlan) {
        let (buttons, body) = sheet(title: tr("Readiness check"), hint: tr("Everyone at rest, keeping still · HRV of the last 2 minutes"),
                                    buttonsWidth: metrics.px(300))
        // The morning wellness questions fit the check: before it here, or after it from the season.
        let (checkIn, cancel) = buttons.splitRight(metrics.px(146), gap: metrics.gap)
        button(tr("Check-in"), checkIn, .navigate(.checkIn), style: .normal)
        button(tr("Cancel"), cancel, .lobby(.readiness(.open(false))), style: .normal)
        let (choices, startRow) = body.splitBottom(metrics.target + metrics.px(12), gap: metrics.gap)
        let rows = choices.rows(3, gap: metrics.gap)
        choiceRow(rows[0], tr("Length"), nil, hitPrefix: "readiness:", ReadinessCheckPlan.lengthsMs.map { ms in
            ("\(ms / 60_000) min", Action.lobby(.readiness(.length(ms))), plan.lengthMs == ms)
        })
        choiceRow(rows[1], tr("Posture"), nil, hitPrefix: "readiness:", SessionTags.Posture.allCases.map { p in
            (p.label, Action.lobby(.readiness(.posture(p))), plan.posture == p)
        })
        let participants = state.lobbyParticipants
        let streaming = participants.filter { state.sensors.reading(ofStrap: $0.strapID)?.hasSignal(nowMs: state.nowMs) == true }.count
        // The team's other measurement, the fitness test, is one tap away.
        let (words, fitness) = rows[2].splitRight(metrics.px(200), gap: metrics.gap)
        button(tr("Fitness test ›"), fitness.inset(dx: 0, dy: metrics.px(6)), .lobby(.fitness(.open(true))), style: .normal, hitLabel: "Fitness test")
        wrappedText(tr("{n} of {total} players streaming. Compared with each player's own checks in the same posture: fewer than 5 and they are still building a baseline.", ["n": "\(streaming)", "total": "\(participants.count)"]),
                    size: metrics.small, in: words.inset(dx: 0, dy: metrics.px(6)), colour: Theme.textDim)
        let canStart = state.canStartSession
        button(tr("▶  Start check"), startRow, canStart ? .live(.startReadinessCheck) : nil, style: canStart ? .selected : .disabled,
               size: metrics.px(26), hitLabel: "Start check")
    }
}
