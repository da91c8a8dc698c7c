import AppCore
import Foundation
import Localization
import Synchronization
import TeamCore

/// Slow work the coach asked for (an export to a USB stick) runs off the loop, so the
/// screen never freezes; each job's one-line outcome comes back to the loop as a notice.
/// Scripted runs and shutdown wait for the jobs in flight, so nothing is cut off.
final class BackgroundJobs: Sendable {
    /// A job's line for the coach (a message: said in the language the screen speaks when drawn, English in the
    /// log), and what the loop does next (reload what the job changed).
    struct Outcome: Sendable {
        var line: Message
        var then: Effect?
    }

    private let outcomes = Mutex<[Outcome]>([])
    private let inFlight = DispatchGroup()
    /// Rung when an outcome is in, so a sleeping loop takes it at once.
    private let wake: any LoopWake

    init(wake: any LoopWake) { self.wake = wake }

    /// Runs `work` on a dispatch queue (never a Foundation `Thread`: see DESIGN, "Slow work"); `then` runs on the loop afterwards.
    func submit(then: Effect? = nil, _ work: @escaping @Sendable () throws -> Message) {
        submit(then: { _ in then }, work)
    }

    /// As above; what runs on the loop afterwards depends on whether `work` went through (`true`) or threw.
    func submit(then: @escaping @Sendable (_ succeeded: Bool) -> Effect?, _ work: @escaping @Sendable () throws -> Message) {
        inFlight.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let line: Message, succeeded: Bool
            do { (line, succeeded) = (try work(), true) } catch { (line, succeeded) = (KioskRuntime.message(of: error), false) }
            outcomes.withLock { $0.append(Outcome(line: line, then: then(succeeded))) }
            inFlight.leave()
            wake.wake()
        }
    }

    /// The outcomes since the last call, oldest first.
    func takeOutcomes() -> [Outcome] { outcomes.withLock { o in defer { o.removeAll() }; return o } }

    func waitUntilIdle() { inFlight.wait() }
}
