/// The review screen's taps and the store's answers.
public enum ReviewAction: Sendable, Equatable {
    case sessionsLoaded(teamID: Int64, [SessionCard])
    case loaded(ReviewData)
    case open(sessionID: Int64)
    /// Back to the list of sessions.
    case close
    /// nil: the whole team.
    case selectPlayer(Int64?)
    /// The coach's finger on the graph (ms since the start), nil when lifted.
    case cursor(Int64?)
    /// Every format of the open session to the USB stick.
    case export
}

enum ReviewReducer {
    static func reduce(_ review: inout Review, _ action: ReviewAction, _ ctx: AppContext) -> Reduction {
        switch action {
        case .sessionsLoaded(let teamID, let cards):
            if teamID == ctx.teamID { review.sessions = cards }
            return .none
        case .loaded(let data):
            review.data = data
            review.selectedPlayerID = nil
            review.cursorMs = nil
            return .none
        case .open(let id):
            review.data = nil
            review.selectedPlayerID = nil
            return .effects(.loadReview(sessionID: id), .markReviewed(sessionID: id))
        case .close:
            review.data = nil
            review.selectedPlayerID = nil
            return .effects(ctx.teamID.map { .loadSessions(teamID: $0) })
        case .selectPlayer(let id):
            review.selectedPlayerID = id
            review.cursorMs = nil
            return .none
        case .cursor(let ms):
            let limit = review.data?.durationMs ?? 0
            review.cursorMs = ms.map { min(max(0, $0), limit) }
            return .none
        case .export:
            guard ctx.screen == .review, let id = review.data?.sessionID else { return .none }
            return Reduction(effects: [.exportSession(sessionID: id)], actions: [.inform("Exporting…")])
        }
    }
}
