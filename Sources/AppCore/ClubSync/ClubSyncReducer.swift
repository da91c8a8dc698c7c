import Localization
/// Settings → Club sync (`ClubSyncPage`).
public enum ClubSyncAction: Sendable, Equatable {
    /// From the settings screen.
    case open
    case close
    /// The shell read the status.
    case statusLoaded(ClubSyncStatus)
    /// The keyboard for the join's fields, on this one.
    case edit(Form.Field)
    /// The keyboard's fields came back (the form's Join).
    case typed(server: String, code: String)
    case join
    /// The shell found what was typed no server address or code (the command line's rule).
    case joinRejected(Message)
    /// The join waits for a pass, which was asked for.
    case joinQueued
    case syncNow
    case askToLeave
    /// Confirmed: the token goes; every session stays.
    case leave
    /// Gives up a join that waits (the club unreachable, a wrong address).
    case cancelJoin
}

enum ClubSyncReducer {
    static func reduce(_ page: inout ClubSyncPage, _ action: ClubSyncAction, _ ctx: AppContext) -> Reduction {
        switch action {
        case .open:
            guard ctx.screen == .settings else { return .none }
            page.problem = nil
            page.lastReadMs = ctx.nowMs
            return .send(.settings(.showPage(.clubSync))) + .effects(.loadClubSyncStatus)
        case .close:
            return .send(.settings(.showPage(.general)))
        case .statusLoaded(let status):
            page.status = status
            return .none
        case .edit(let field):
            guard isOpen(ctx), page.status?.membership == ClubSyncStatus.Membership.none else { return .none }
            return .send(.form(.joinClub(server: page.server, code: page.code, focus: field)))
        case .typed(let server, let code):
            page.server = server
            page.code = code
            return isOpen(ctx) ? .send(.clubSync(.join)) : .none
        case .join:
            guard isOpen(ctx), page.status?.membership == ClubSyncStatus.Membership.none else { return .none }
            page.problem = nil
            return .effects(.joinClub(server: page.server, code: page.code))
        case .joinRejected(let why):
            page.problem = why
            return .none
        case .joinQueued:
            // The page itself says "Joining HOST…" until the pass has taken the code.
            page.code = ""
            page.problem = nil
            return .effects(.loadClubSyncStatus)
        case .syncNow:
            guard isOpen(ctx), case .joined? = page.status?.membership else { return .none }
            // Asked for, not seen running (the appliance's service runs it): the status line tells when it went.
            return .effects(.syncClubNow) + .send(.inform(Message(N_("Sync pass asked for"))))
        case .askToLeave:
            guard isOpen(ctx), case .joined(let club, _, let host)? = page.status?.membership else { return .none }
            let question = Message(N_("Leave the club {club} ({host})? Every session and the roster stay on this kiosk, synced or not; joining again needs a new code."),
                              ["club": "\(club)", "host": "\(host)"])
            return .send(.confirmation(.ask(Confirmation(question: question, confirmLabel: Message(N_("Leave club")), onConfirm: .clubSync(.leave)))))
        case .leave:
            guard isOpen(ctx) else { return .none }
            return .effects(.leaveClub, .loadClubSyncStatus)
        case .cancelJoin:
            guard isOpen(ctx), case .joining? = page.status?.membership else { return .none }
            return .effects(.leaveClub, .loadClubSyncStatus)
        }
    }

    /// Each second while the page shows: read the status again (cheap: two files and two counts).
    static func tick(_ page: inout ClubSyncPage, nowMs: Int64, open: Bool) -> Reduction {
        guard open else { return .none }
        if let last = page.lastReadMs, nowMs - last < ClubSyncPage.refreshMs { return .none }
        page.lastReadMs = nowMs
        return .effects(.loadClubSyncStatus)
    }

    private static func isOpen(_ ctx: AppContext) -> Bool { ctx.screen == .settings && ctx.settingsPage == .clubSync }
}
