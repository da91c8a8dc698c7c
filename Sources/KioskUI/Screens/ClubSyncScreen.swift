import Localization
import AppCore

/// Settings → Club sync, behind the PIN: in no club, the server's address and the enrolment code
/// (each opens the keyboard) and Join; joining, the server's host and what holds it up; in a club,
/// its status line, the last problem, Sync now and Leave club. Read from the database and the
/// files each second, so it says the same whether the kiosk or the appliance's service syncs.
extension Frame {
    func clubSyncPage() {
        let page = state.clubSync
        let area = topBar(title: tr("Club sync"), back: (tr("‹ Settings"), .clubSync(.close)))
        if let status = page.status {
            switch status.membership {
            case .none: clubJoinFields(page, in: area)
            case .joining(let host): clubJoining(host, status, in: area)
            case .joined(let club, let kiosk, _): clubJoined(club: club, kiosk: kiosk, status, in: area)
            }
        } else {
            canvas.text(tr("Reading…"), size: metrics.body, colour: Theme.textDim, in: area, align: .center)
        }
        notice()
    }

    private var clubGap: Int { metrics.px(8) }

    private func clubJoinFields(_ page: ClubSyncPage, in area: Rect) {
        let (intro, rest) = area.splitTop(metrics.px(58), gap: clubGap)
        wrappedText(tr("This kiosk is in no club. Type the club server's address and the one-time code its admin printed (sideline-club add-kiosk); finished sessions and the roster then sync by themselves."),
                    size: metrics.small, in: intro, colour: Theme.textDim)
        let rows = rest.rows(3, gap: clubGap)
        clubField(.clubServer, page.server, placeholder: "https://club.example.org", in: rows[0])
        clubField(.enrolmentCode, page.code, placeholder: "enrol_…", in: rows[1])
        let (why, join) = rows[2].splitRight(max(metrics.target * 2, metrics.px(200)), gap: metrics.gap)
        if let problem = page.problem {
            wrappedText("⚠ " + problem.translated, size: metrics.small, in: why.inset(dx: 0, dy: metrics.px(4)), colour: Theme.warning, bold: true)
        } else if let last = page.status?.lastProblem {
            // The last join typed here, refused by the club (or never reached it).
            wrappedText(tr("The last join failed: ") + last.translated, size: metrics.small, in: why.inset(dx: 0, dy: metrics.px(4)), colour: Theme.warning)
        }
        button(tr("Join"), join, .clubSync(.join), style: .primary)
    }

    /// One of the join's two fields: its name, what was typed (its end, when long), and a tap opens the keyboard on it.
    private func clubField(_ field: Form.Field, _ value: String, placeholder: String, in r: Rect) {
        canvas.fillRounded(r, radius: metrics.px(10), Theme.surface)
        let (label, text) = r.inset(dx: metrics.px(14), dy: metrics.px(6)).splitTop(r.h * 2 / 5)
        canvas.text(tr(field.label), size: metrics.small, colour: Theme.textDim, in: label)
        if value.isEmpty {
            canvas.text(placeholder, size: metrics.body, colour: Theme.textDim, in: text)
        } else {
            canvas.text(fittingTail(value, size: metrics.body, bold: true, width: text.w), size: metrics.body, bold: true, in: text)
        }
        hits.add(Hit(rect: r, label: field.label, action: .clubSync(.edit(field))))
    }

    private func clubJoining(_ host: String, _ status: ClubSyncStatus, in area: Rect) {
        let (title, rest) = area.splitTop(metrics.px(56), gap: clubGap)
        canvas.text(tr("Joining {host}…", ["host": "\(host)"]), size: metrics.title, bold: true, in: title)
        let (message, buttons) = rest.splitBottom(metrics.target, gap: clubGap)
        if let problem = status.lastProblem {
            wrappedText(problem.translated, size: metrics.body, in: message, colour: Theme.warning, bold: true)
        } else {
            wrappedText(tr("The next sync pass takes the code to the club. Recording goes on as always."), size: metrics.body,
                        in: message, colour: Theme.textDim)
        }
        button(tr("Cancel joining"), buttons.splitRight(max(metrics.target * 3, metrics.px(240))).1, .clubSync(.cancelJoin))
    }

    private func clubJoined(club: String, kiosk: String, _ status: ClubSyncStatus, in area: Rect) {
        let (heading, rest) = area.splitTop(metrics.px(40), gap: clubGap)
        canvas.text(tr("In the club {club} as {kiosk}", ["club": "\(club)", "kiosk": "\(kiosk)"]), size: metrics.body, bold: true, colour: Theme.textDim, in: heading)
        let (body, buttons) = rest.splitBottom(metrics.target, gap: clubGap)
        // The status line takes what the problem under it leaves: with refusals, consent holds and sessions waiting
        // for a newer server it runs to three or four lines, and its end (the last sync, the host) must still show.
        let below = status.lastProblem != nil ? metrics.px(110) : status.syncing ? metrics.px(40) : 0
        let (line, more) = body.splitTop(max(metrics.px(84), body.h - below - clubGap), gap: clubGap)
        wrappedText(status.line, size: metrics.title, in: line, bold: true)
        if let problem = status.lastProblem {
            wrappedText("⚠ " + problem.translated, size: metrics.small, in: more, colour: Theme.warning, bold: true)
        } else if status.syncing {
            canvas.text(tr("Syncing…"), size: metrics.body, colour: Theme.textDim, in: more.splitTop(metrics.px(34)).0)
        }
        let cells = buttons.columns(2, gap: metrics.gap)
        button(tr("Leave club"), cells[0], .clubSync(.askToLeave), style: .danger)
        button(tr("Sync now"), cells[1], .clubSync(.syncNow), style: .primary)
    }
}
