/// Where the kiosk's club sync passes run (`sideline kiosk --club-sync`, `club-sync = …` in the config file).
public enum ClubSyncMode: String, Sendable, Equatable, CaseIterable {
    /// In the kiosk's own process, on the background worker (`ClubSyncWorker`): development, `make demo`, tests.
    case inProcess = "in-process"
    /// In the appliance's `sideline-club-sync.service` (`sideline club sync --if-joined`), which may use
    /// the network as the kiosk's sandboxed service may not: the kiosk only writes `ClubSyncRequest`.
    case service
}
