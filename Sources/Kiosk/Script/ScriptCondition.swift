import AppCore
import Localization
import TeamCore

/// What a script can wait for (`wait until …`): things a source running in real time brings about
/// when it will (a strap connecting, a controller lost or back), so a script waits for them
/// instead of for a guessed number of seconds. Read from the app state alone.
public enum ScriptCondition: Equatable, Sendable {
    /// The coach's line shows a sensor problem (a controller or adapter lost, bluetoothd gone…).
    case problem
    /// No sensor problem is shown.
    case noProblem
    /// Every strap the source listens to (or the one with this name or address) is connected and subscribed.
    case connected(String?)
    /// Every strap the source listens to (or the one with this name or address) has no link (let go, or lost).
    case disconnected(String?)
    /// Every strap the source listens to (or the one with this name or address) has a live heart rate.
    case streaming(String?)
    /// Every tile of the live session shows a heart rate (one heard since the session began).
    case signal
    /// Settings → Club sync shows this text: in its status line, its last problem, or "joining HOST".
    case clubSync(String)

    /// Brought about by another thread or program in real time (a club sync pass), not by the
    /// app's clock: a script on virtual time waits for it at the pace of the real one.
    public var happensInRealTime: Bool {
        if case .clubSync = self { return true }
        return false
    }

    /// The longest a script waits for a condition (or a file), in seconds of the app's clock.
    public static let limitMs: Int64 = 60_000

    public func holds(in state: AppState) -> Bool {
        switch self {
        case .problem: return state.sensors.problem != nil
        case .noProblem: return state.sensors.problem == nil
        case .connected(let strap):
            let readings = Self.readings(strap, in: state)
            return !readings.isEmpty && readings.allSatisfy { $0.link == .connected }
        case .disconnected(let strap):
            let readings = Self.readings(strap, in: state)
            return !readings.isEmpty && readings.allSatisfy { $0.link == .disconnected }
        case .streaming(let strap):
            let readings = Self.readings(strap, in: state)
            return !readings.isEmpty && readings.allSatisfy { $0.hasSignal(nowMs: state.nowMs) }
        case .signal:
            let tiles = state.shownTiles
            return state.live != nil && !tiles.isEmpty && tiles.allSatisfy(\.hasSignal)
        case .clubSync(let text):
            guard let status = state.clubSync.status else { return false }
            var shown = [status.line, status.lastProblem?.english ?? ""]
            if case .joining(let host) = status.membership { shown.append("joining \(host)") }
            return shown.contains { $0.contains(text) }
        }
    }

    /// The readings of the straps meant: all in the source's table, or those with this name or address.
    private static func readings(_ strap: String?, in state: AppState) -> [StrapReading] {
        state.sensors.strapTable.indices
            .filter { strap == nil || state.sensors.strapTable[$0].name == strap || state.sensors.strapTable[$0].address == strap }
            .map { state.sensors.readings[$0] ?? StrapReading() }
    }
}
