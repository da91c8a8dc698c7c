import BLEHost

extension LinkManager {
    /// One controller, whole: its engine and the links on it (the link manager's part), and its
    /// supervision — transport, health, reopen backoff (`HCIWorker`'s part). `controllers[c]` is
    /// controller c for both, so one index never names two objects.
    struct Controller {
        /// A reopened controller gets a fresh engine.
        private(set) var engine: HostEngine
        /// Open, or nil while the controller waits to be opened again.
        private(set) var transport: (any ByteTransport)?
        var handles: [UInt16: Int] = [:] // connection handle → strap index
        /// Why it stopped, once it has; the worker closes it and opens it again.
        var failure: HostFailure?
        var alive: Bool { failure == nil }
        /// What the log and the coach were last told of it (one line per change of state).
        var health: ControllerHealth
        var label: String { health.label }
        /// While it is down: when the worker tries to open it again.
        private(set) var reopenAtNs: UInt64 = 0
        /// Failures since it was last up (going down, and each opening that failed): the reopen backoff grows with them.
        private(set) var failuresSinceUp = 0

        /// `transport` nil: a controller that could not be opened at the start, waiting to be.
        init(label: String, engine: HostEngine, transport: (any ByteTransport)?) {
            self.engine = engine
            self.transport = transport
            health = ControllerHealth(label: label)
        }

        /// Closes the transport (a failed controller's, or every one at the end).
        mutating func closeTransport() {
            transport?.close()
            transport = nil
        }

        /// It went down, or an opening failed: it is opened again after the straps' backoff for its
        /// failures since it was up (at most 5 s). Returns the delay chosen.
        mutating func scheduleReopen(nowNs: UInt64) -> UInt64 {
            failuresSinceUp += 1
            let delayNs = ReconnectBackoff.delayNs(afterFailures: failuresSinceUp)
            reopenAtNs = nowNs + delayNs
            return delayNs
        }

        /// Bring-up finished: the next failure starts the backoff from the beginning.
        mutating func cameUp() { failuresSinceUp = 0 }

        /// Opened again: a fresh transport and engine, no links yet. Its health and backoff carry
        /// on until bring-up says it is up.
        mutating func reopened(engine: HostEngine, transport: any ByteTransport) {
            self.engine = engine
            self.transport = transport
            handles = [:]
            failure = nil
        }
    }
}
