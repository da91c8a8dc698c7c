import Localization
import TeamCore

/// The review screen's taps and the store's answers.
public enum ReviewAction: Sendable, Equatable {
    case sessionsLoaded(teamID: Int64, [SessionCard])
    case loaded(ReviewData)
    case open(sessionID: Int64)
    /// Back to the list of sessions.
    case close
    /// nil: the whole team.
    case selectPlayer(Int64?)
    /// The team graph draws this player's line over the team's band (nil: the band alone).
    case spotlight(Int64?)
    case showPanel(ReviewPanel)
    /// The coach's finger on the graph (ms since the start), nil when lifted.
    case cursor(Int64?)
    /// Every format of the open session to the USB stick.
    case export
    /// Only sessions with this tag in the list (nil: all).
    case filter(tag: String?)
    /// "Delete" on the open session: the PIN, then a question.
    case askToDelete
    /// Confirmed: the session and everything recorded in it, for good.
    case delete(sessionID: Int64)
    /// "Rate the session" over the open session.
    indirect case rating(RatingAction)
    /// The held peak becomes the player's measured HRmax (from their next session on).
    case acceptMaxHR(playerID: Int64)
    /// Not this value: the player is not asked again up to it.
    case dismissMaxHR(playerID: Int64)
    /// "Across the season" of one of the session's drills (nil: the sheet closes); answered by `drillSeasonLoaded`.
    case drillSeason(String?)
    case drillSeasonLoaded(DrillSeasonSheet)
}

enum ReviewReducer {
    /// The open session's suggestion for this player, taken off the list (answered once).
    private static func takeSuggestion(_ review: inout Review, _ playerID: Int64) -> MaxHeartRateSuggestion? {
        guard let i = review.data?.maxHRSuggestions.firstIndex(where: { $0.playerID == playerID }) else { return nil }
        return review.data?.maxHRSuggestions.remove(at: i)
    }

    static func reduce(_ review: inout Review, _ action: ReviewAction, _ ctx: AppContext) -> Reduction {
        switch action {
        case .rating(let rating):
            return RatingReducer.reduce(&review.rating, sessionID: review.data?.sessionID, rating, ctx)
        case .sessionsLoaded(let teamID, let cards):
            guard teamID == ctx.teamID else { return .none }
            review.sessions = cards
            // A filter whose last session went (deleted) would show an empty list with no way out.
            if let tag = review.tagFilter, !review.filterTags.contains(tag) { review.tagFilter = nil }
            return .none
        case .filter(let tag):
            guard tag == nil || review.filterTags.contains(tag!) else { return .none }
            review.tagFilter = tag
            return .none
        case .askToDelete:
            guard ctx.screen == .review, let data = review.data else { return .none }
            let players = data.players.count
            let question = Message(Nn_("Delete this session ({n} player, {time}) with every heart rate, beat and lap in it? This cannot be undone.", "Delete this session ({n} players, {time}) with every heart rate, beat and lap in it? This cannot be undone."),
                               n: players, ["time": SessionClock.format(data.durationMs)])
            let ask = Action.confirmation(.ask(Confirmation(question: question, confirmLabel: Message(N_("Delete for good")),
                                                            onConfirm: .review(.delete(sessionID: data.sessionID)))))
            return .send(.settings(.requirePin(what: N_("delete session"), then: ask)))
        case .delete(let id):
            guard ctx.screen == .review, review.data?.sessionID == id, let teamID = ctx.teamID else { return .none }
            review.data = nil
            review.rating = nil
            review.selectedPlayerID = nil
            review.cursorMs = nil
            return Reduction(effects: [.deleteSession(sessionID: id), .loadSessions(teamID: teamID), .loadTeams],
                             actions: [.inform(Message(N_("Session deleted")))])
        case .loaded(let data):
            if review.rating?.sessionID != data.sessionID { review.rating = nil }
            review.drillSeason = nil
            review.data = data
            review.selectedPlayerID = nil
            review.spotlightPlayerID = nil
            review.cursorMs = nil
            return .none
        case .open(let id):
            review.data = nil
            review.selectedPlayerID = nil
            return .effects(.loadReview(sessionID: id), .markReviewed(sessionID: id))
        case .close:
            review.drillSeason = nil
            review.data = nil
            review.rating = nil
            review.selectedPlayerID = nil
            review.spotlightPlayerID = nil
            return .effects(ctx.teamID.map { .loadSessions(teamID: $0) })
        case .selectPlayer(let id):
            review.selectedPlayerID = id
            review.cursorMs = nil
            // Back on the team graph, the player just looked at stays picked out.
            if let id { review.spotlightPlayerID = id }
            return .none
        case .spotlight(let id):
            guard id == nil || review.data?.players.contains(where: { $0.playerID == id }) == true else { return .none }
            review.spotlightPlayerID = id
            return .none
        case .showPanel(let panel):
            review.panel = panel
            return .none
        case .cursor(let ms):
            let limit = review.data?.durationMs ?? 0
            review.cursorMs = ms.map { min(max(0, $0), limit) }
            return .none
        case .export:
            guard ctx.screen == .review, let id = review.data?.sessionID else { return .none }
            return Reduction(effects: [.exportSession(sessionID: id)], actions: [.inform(Message(N_("Exporting…")))])
        case .acceptMaxHR(let playerID):
            guard let suggestion = takeSuggestion(&review, playerID) else { return .none }
            // The roster holds the player's details: the form and the next session read them there.
            let reload: [Effect] = ctx.teamID.map { [.loadRoster(teamID: $0)] } ?? []
            return Reduction(effects: [.setMeasuredMaxHR(playerID: playerID, bpm: suggestion.observedBPM)] + reload,
                             actions: [.inform(Message(N_("{name}: HRmax {observedBPM} from the next session on"), ["name": "\(suggestion.name)", "observedBPM": "\(suggestion.observedBPM)"]))])
        case .dismissMaxHR(let playerID):
            guard let suggestion = takeSuggestion(&review, playerID) else { return .none }
            return .effects(.dismissMaxHR(playerID: playerID, bpm: suggestion.observedBPM))
        case .drillSeason(nil):
            review.drillSeason = nil
            return .none
        case .drillSeason(let name?):
            guard ctx.screen == .review, let teamID = ctx.teamID, review.data?.drills.contains(where: { $0.phase.name == name }) == true else {
                return .none
            }
            return .effects(.loadDrillSeason(teamID: teamID, drill: name))
        case .drillSeasonLoaded(let sheet):
            guard ctx.screen == .review, review.data != nil else { return .none }
            review.drillSeason = sheet
            return .none
        }
    }
}
