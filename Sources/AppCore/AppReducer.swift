import TeamCore

/// The app's logic: `reduce(&state, action)` changes the state and returns the side effects for
/// the shell to run. Pure: no clock, no I/O.
///
/// The root owns what is shared (the screen, the clock, the notice line, the team and roster,
/// questions) and hands each feature's actions to that feature's reducer with the feature's own
/// state; what a feature asks of the rest comes back as actions, applied here in the same step.
public enum AppReducer {
    /// A notice stays this long, then goes by itself.
    public static let noticeMs: Int64 = 4000

    public static func reduce(_ s: inout AppState, _ action: Action) -> [Effect] {
        let notice = s.notice
        var effects: [Effect] = []
        run(&s, action, into: &effects)
        if s.notice != notice { s.noticeAtMs = s.nowMs }
        if s.notice != nil, s.nowMs - s.noticeAtMs >= noticeMs { s.notice = nil }
        return effects
    }

    /// Applies an action, then the actions it asked for, depth first: effects in that order.
    private static func run(_ s: inout AppState, _ action: Action, into effects: inout [Effect]) {
        let reduction = apply(&s, action)
        effects += reduction.effects
        for next in reduction.actions { run(&s, next, into: &effects) }
    }

    private static func apply(_ s: inout AppState, _ action: Action) -> Reduction {
        switch action {
        case .tick(let now):
            guard now >= s.nowMs else { return .none }
            s.nowMs = now
            let clubSyncShows = s.screen == .settings && s.settings.page == .clubSync && s.club.page == nil
            return LiveReducer.tick(&s.live, nowMs: now, settings: s.settings.values, sensors: s.sensors)
                + ClubSyncReducer.tick(&s.clubSync, nowMs: now, open: clubSyncShows)
        case .failed(let message):
            s.notice = message
            if s.live?.phase == .starting { s.live = nil; s.screen = .lobby }
            return .none
        case .inform(let message):
            s.notice = message
            return .none
        case .dismissNotice:
            s.notice = nil
            return .none
        case .confirmation(let question):
            return confirmation(&s, question)
        case .sensors(let sensors):
            return self.sensors(&s, sensors)
        case .teams(let teams):
            return NavigationReducer.teams(&s, teams)
        case .navigate(let destination):
            return NavigationReducer.navigate(&s, destination)
        case .form(let form):
            let context = AppContext(s)
            return FormReducer.reduce(&s.form, form, context)
        case .setup(.delegate(let outcome)):
            return NavigationReducer.setup(&s, outcome)
        case .setup(let setup):
            let context = AppContext(s)
            return SetupReducer.reduce(&s.setup, setup, context)
        case .lobby(let lobby):
            let context = AppContext(s)
            return LobbyReducer.reduce(&s.lobby, lobby, context)
        case .live(.delegate(let outcome)):
            return NavigationReducer.live(&s, outcome)
        case .live(let live):
            let context = AppContext(s)
            return LiveReducer.reduce(&s.live, live, context)
        case .review(let review):
            let context = AppContext(s)
            return ReviewReducer.reduce(&s.review, review, context)
        case .season(let season):
            let context = AppContext(s)
            return SeasonReducer.reduce(&s.season, season, context)
        case .checkIn(let checkIn):
            let context = AppContext(s)
            return CheckInReducer.reduce(&s.checkIn, checkIn, context)
        case .settings(.delegate(let outcome)):
            return NavigationReducer.settings(&s, outcome)
        case .settings(let settings):
            let context = AppContext(s)
            return SettingsReducer.reduce(&s.settings, settings, context)
        case .club(let club):
            let context = AppContext(s)
            return ClubReducer.reduce(&s.club, club, context)
        case .clubSync(let clubSync):
            let context = AppContext(s)
            return ClubSyncReducer.reduce(&s.clubSync, clubSync, context)
        }
    }

    private static func confirmation(_ s: inout AppState, _ action: ConfirmationAction) -> Reduction {
        switch action {
        case .ask(let question):
            s.confirmation = question
            return .none
        case .confirm:
            guard let question = s.confirmation else { return .none }
            s.confirmation = nil
            return .send(question.onConfirm)
        case .cancel:
            s.confirmation = nil
            return .none
        }
    }

    /// A sensor event reaches the readings first, then whoever follows that strap: the live
    /// tiles (zone, effort) and a resting-HR measurement. Event times move the clock forward.
    private static func sensors(_ s: inout AppState, _ action: SensorsAction) -> Reduction {
        guard case .event(let event) = action else { return SensorsReducer.reduce(&s.sensors, action, nowMs: s.nowMs) }
        let previous = SensorsReducer.take(&s.sensors, event)
        s.nowMs = max(s.nowMs, event.timestampMs)
        LiveReducer.observe(&s.live, event, previous: previous, settings: s.settings.values)
        s.setup.rest?.observe(event)
        return .none
    }
}
