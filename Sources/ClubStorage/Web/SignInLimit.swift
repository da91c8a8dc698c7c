import Foundation

/// Whether a sign-in may have its password checked, from the recent failed tries (docs/decisions/065).
/// Pure: the failures and the time come in, so the rule is tested on virtual time.
///
/// - **A pair** (one e-mail from one address): after `perPair` failures within `window`, that address is
///   refused for that e-mail until the oldest of them leaves the window. A stranger guessing the admin's
///   password from one address stops themselves, not the admin at another address.
/// - **An address** (any e-mail): after `perAddress` failures within `window`, refused likewise — one
///   address spraying many e-mails.
/// - **An e-mail** (from every address together): past `freePerEmail` failures within `window`, each check
///   waits a spacing after the last failure, doubling per further failure up to `maxSpacing`. Never a
///   lock: the right password waits at most `maxSpacing` after the last wrong one, and guessers spread
///   over many addresses get at most one check per spacing.
///
/// Refused tries are not counted as failures (their password is never looked at), so hammering a refusal
/// changes nothing.
package struct SignInLimit: Sendable, Equatable {
    var window: TimeInterval = 15 * 60
    var perPair = 5
    var perAddress = 20
    var freePerEmail = 10
    var maxSpacing: TimeInterval = 30

    /// The failures within the window, newest first (more than the limits need is fine).
    struct History: Sendable, Equatable {
        /// Of this e-mail, from any address.
        var email: [Date] = []
        /// Of this e-mail from this address.
        var pair: [Date] = []
        /// From this address, any e-mail.
        var address: [Date] = []
    }

    package enum Decision: Sendable, Equatable {
        case check
        /// Refused without a look at the password, for this long at most.
        case refused(Reason, retryAfter: TimeInterval)
    }

    package enum Reason: String, Sendable, Equatable {
        case pair, address, email
    }

    func decide(_ history: History, now: Date) -> Decision {
        let recent = { (failures: [Date]) in failures.filter { now.timeIntervalSince($0) < window }.sorted(by: >) }
        let pair = recent(history.pair), address = recent(history.address), email = recent(history.email)
        // The window rules: free again when the oldest failure that counts towards the limit is older than the window.
        func windowRule(_ failures: [Date], limit: Int) -> TimeInterval? {
            guard failures.count >= limit else { return nil }
            return failures[limit - 1].addingTimeInterval(window).timeIntervalSince(now)
        }
        if let wait = windowRule(pair, limit: perPair) { return .refused(.pair, retryAfter: wait) }
        if let wait = windowRule(address, limit: perAddress) { return .refused(.address, retryAfter: wait) }
        if email.count > freePerEmail, let last = email.first {
            let wait = last.addingTimeInterval(spacing(afterFailures: email.count)).timeIntervalSince(now)
            if wait > 0 { return .refused(.email, retryAfter: wait) }
        }
        return .check
    }

    /// The spacing once an e-mail has `failures` within the window: 1 s after the first past the free ones, doubling, at most `maxSpacing`.
    func spacing(afterFailures failures: Int) -> TimeInterval {
        let beyond = failures - freePerEmail
        guard beyond > 0 else { return 0 }
        return min(maxSpacing, pow(2, Double(min(beyond - 1, 30))))
    }
}
