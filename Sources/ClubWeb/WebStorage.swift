import ClubStorage

/// Everything the club's pages read and write, by job (decision 091): each page holds the protocol of its job, and
/// `WebRoutes` the whole of them. ClubStorage's database implements them all, each call a transaction of its own in
/// the caller's club; no page opens one.
package typealias WebStorage = WebSignInStorage & WebAccessStorage & WebRosterStorage & WebSessionStorage & WebSeasonStorage & WebSettingsStorage
