/// Team setup (roster, two-tap strap pairing, resting HR) and the lobby.
enum SetupReducer {
    static func reduce(_ s: inout AppState, _ action: Action) -> [Effect] {
        switch action {
        case .setupTab(let tab):
            s.setup.tab = tab
            s.setup.pairingPlayerID = nil
        case .choosePlayerForStrap(let id):
            guard s.roster.contains(where: { $0.playerID == id }) else { return [] }
            // Tapping the chosen player again lets go.
            s.setup.pairingPlayerID = s.setup.pairingPlayerID == id ? nil : id
        case .tapStrap(let index):
            guard let slot = s.slot(index), let teamID = s.teamID else { return [] }
            if s.screen == .lobby {
                guard let player = s.lobby.changingStrapFor else { return [] }
                s.lobby.strapOverride[player] = slot.strapID
                s.lobby.changingStrapFor = nil
                return []
            }
            guard let player = s.setup.pairingPlayerID else {
                s.notice = "Tap a player first, then their strap"
                return []
            }
            s.setup.pairingPlayerID = nil
            // The store takes the strap from a teammate who had it; mirror that here at once.
            for i in s.roster.indices {
                if s.roster[i].playerID == player { s.roster[i].strapID = slot.strapID }
                else if s.roster[i].strapID == slot.strapID { s.roster[i].strapID = nil }
            }
            s.notice = nil
            return [.assignStrap(teamID: teamID, playerID: player, strapID: slot.strapID)]
        case .clearStrap(let player):
            guard let teamID = s.teamID, let i = s.roster.firstIndex(where: { $0.playerID == player }) else { return [] }
            s.roster[i].strapID = nil
            return [.assignStrap(teamID: teamID, playerID: player, strapID: nil)]
        case .removeFromTeam(let player):
            guard let line = s.roster.first(where: { $0.playerID == player }) else { return [] }
            s.confirmation = Confirmation(kind: .removeFromTeam(playerID: player),
                                          question: "Take \(line.player.fullName) off the roster? Past sessions stay.",
                                          confirmLabel: "Remove")
        case .measureRest(let player):
            guard let line = s.roster.first(where: { $0.playerID == player }),
                  let index = s.strapIndex(of: line.strapID) else {
                s.notice = "Give the player a strap first"
                return []
            }
            s.setup.rest = RestMeasurement(playerID: player, strapIndex: index, startMs: s.nowMs)
        case .saveRest:
            guard let rest = s.setup.rest, rest.isDone(nowMs: s.nowMs), let bpm = rest.estimate,
                  let teamID = s.teamID, let i = s.roster.firstIndex(where: { $0.playerID == rest.playerID }) else { return [] }
            s.setup.rest = nil
            var player = s.roster[i].player
            player.restingHR = min(120, max(25, bpm))
            s.roster[i].player = player
            return [.savePlayer(teamID: teamID, player: player, shirtNumber: s.roster[i].shirtNumber)]
        case .cancelRest:
            s.setup.rest = nil

        case .toggleIncluded(let player):
            guard s.roster.contains(where: { $0.playerID == player }) else { return [] }
            if s.lobby.included.contains(player) { s.lobby.included.remove(player) } else { s.lobby.included.insert(player) }
        case .chooseDuration(let ms):
            if let ms, ms <= 0 {
                // Custom: typed on the number pad.
                s.form = Form(kind: .customDuration, fields: [.minutes])
            } else {
                s.lobby.plannedMs = ms
            }
        case .changeSessionStrap(let player):
            s.lobby.changingStrapFor = s.lobby.changingStrapFor == player ? nil : player
        default:
            break
        }
        return []
    }

    /// The strap a player wears in the session about to start (override, else team default).
    static func sessionStrap(_ s: AppState, _ line: RosterLine) -> Int64? {
        s.lobby.strapOverride[line.playerID] ?? line.strapID
    }
}

extension AppState {
    /// Included players, in roster order, with today's strap.
    public var lobbyParticipants: [(line: RosterLine, strapID: Int64?)] {
        roster.filter { lobby.included.contains($0.playerID) }.map { ($0, SetupReducer.sessionStrap(self, $0)) }
    }

    /// Start is enabled as soon as one included player's strap is streaming.
    public var canStartSession: Bool {
        lobbyParticipants.contains { reading(ofStrap: $0.strapID)?.isStreaming(nowMs: nowMs) == true }
    }

    /// Which player of this team (other than `playerID`) has the strap by default.
    public func teammate(wearing strapID: Int64, other playerID: Int64?) -> RosterLine? {
        roster.first { $0.strapID == strapID && $0.playerID != playerID }
    }

    /// Straps heard recently, strongest signal first (for pairing).
    public var nearbyStraps: [UInt16] {
        readings.filter { $0.value.isStreaming(nowMs: nowMs) || $0.value.link == .connected || $0.value.wasHeard(nowMs: nowMs) }
            .sorted { a, b in a.value.rssi != b.value.rssi ? a.value.rssi > b.value.rssi : a.key < b.key }
            .map(\.key)
    }
}
