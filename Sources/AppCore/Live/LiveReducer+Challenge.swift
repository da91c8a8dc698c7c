import TeamCore

extension LiveReducer {
    /// The challenge the lobby set up, for the session's players: sides named after their player
    /// when they have one, else "Reds" and "Blues"; nil unless both sides have someone in the session.
    static func challenge(_ ctx: AppContext) -> LiveChallenge? {
        let sides = ctx.lobby.challengeSides(in: ctx.roster)
        guard sides.allSatisfy({ !$0.isEmpty }) else { return nil }
        return LiveChallenge(rule: ctx.settings.challengeRule, sides: sides.enumerated().map { i, lines in
            let name = lines.count == 1 ? ctx.settings.displayName(lines[0].player, number: lines[0].shirtNumber) : Lobby.challengeSideNames[i]
            return SessionChallenge.Side(name: name, playerIDs: lines.map(\.playerID))
        })
    }

    /// The challenge counts on: under the higher-zone rule the side whose players (those with a
    /// signal) are in the higher zone earns the time, while the effort runs.
    static func advanceChallenge(_ live: inout LiveSession, nowMs: Int64, sensors: Sensors) {
        guard var challenge = live.challenge, challenge.rule == .higherZone else { return }
        let zones = challenge.sides.map { side in
            side.playerIDs.compactMap { id -> HeartRateZone? in
                guard let tile = live.tiles.first(where: { $0.playerID == id }),
                      ShownTile(tile: tile, reading: live.lineup.strapIndex(ofPlayer: id).flatMap { sensors.readings[$0] }, nowMs: nowMs).hasSignal
                else { return nil }
                return tile.shownZone
            }
        }
        challenge.advance(toMs: nowMs, zones: zones, counting: live.phase == .running)
        live.challenge = challenge
    }
}
