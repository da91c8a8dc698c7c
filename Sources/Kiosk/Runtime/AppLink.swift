import AppCore
import TeamCore

/// How a part of the runtime (`SourceSupervisor`, `StickServices`) talks to the app: it reads the
/// state as it is now, sends actions (reduced at once, their effects queued), and asks for an
/// effect (queued behind those waiting). The runtime makes one for its parts.
struct AppLink {
    var state: () -> AppState
    var send: (Action) -> Void
    var ask: (Effect) -> Void

    /// Before the runtime has connected the part: nothing is read or sent.
    static var unconnected: AppLink { AppLink(state: { AppState(year: 2000) }, send: { _ in }, ask: { _ in }) }
}
