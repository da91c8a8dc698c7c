import ClubStorage
import Foundation
import ServiceLifecycle

/// `serve`'s daily retention job: at start, then every `interval` (a day).
struct RetentionJob: Service {
    let database: ClubDatabase
    let interval: Duration

    func run() async throws {
        while !Task.isShuttingDownGracefully {
            do { try await ClubRetention.applyToAll(now: Date(), database: database) } catch is CancellationError { return } catch {
                database.logger.warning("the retention job failed (\(error)); it runs again in \(interval)")
            }
            let interval = interval
            do { try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) } } catch { return }
        }
    }
}
