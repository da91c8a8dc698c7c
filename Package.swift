// swift-tools-version:6.1
// Sideline — a team heart-rate kiosk. Module map: docs/DESIGN.md.
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "Sideline",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "sideline", targets: ["sideline"]),
        .executable(name: "sideline-bench", targets: ["SidelineBench"]),
        .executable(name: "sideline-club", targets: ["sideline-club"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // The club server (sideline-club): HTTP, PostgreSQL, service lifecycle, SHA-256 and scrypt.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        // System libraries: module map + shim.h each.
        // No pkgConfig: sdl2.pc adds -D_REENTRANT, which SwiftPM warns about; SDL_ttf/SDL_image find "SDL.h" next to themselves.
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev"])]),
        .systemLibrary(name: "CBluetooth", pkgConfig: "bluez", providers: [.apt(["libbluetooth-dev"])]),
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // HTTPS for the kiosk's club sync: the system's TLS and CA store (Debian's libcurl, OpenSSL flavour),
        // opened with dlopen when a sync first needs it, not linked (its headers: libcurl4-openssl-dev).
        .target(name: "CCurl"),
        // SDL_image (photos, headless screenshots), opened with dlopen when a picture is first decoded or saved,
        // not linked: the launch maps none of the seven libraries it brings (its headers: libsdl2-image-dev, CSDL2's provider).
        .target(name: "CSDLImage"),
        // prctl/capset/setrlimit for a child process that decodes a stranger's file (header-only: no library).
        .systemLibrary(name: "CSandbox"),

        // Pure core.
        .target(name: "HeartRateProtocol", swiftSettings: strict),
        .target(name: "TeamCore", dependencies: ["Localization"], swiftSettings: strict),
        // The kiosk's app logic: AppState, Action, Effect and the reducers, a folder per feature.
        .target(name: "AppCore", dependencies: ["TeamCore", "Localization"], swiftSettings: strict),
        .target(name: "Analytics", dependencies: ["TeamCore", "Localization"], swiftSettings: strict),
        .target(name: "SPSCRing", dependencies: [.product(name: "Atomics", package: "swift-atomics")], swiftSettings: strict),

        // Adapters.
        .target(name: "BLEHost", dependencies: ["HeartRateProtocol"], swiftSettings: strict),
        .target(name: "BlueZTransport", dependencies: ["BLEHost", "CBluetooth", "CDBus", "Localization"], swiftSettings: strict),
        // What every sensor source is, without Bluetooth: the source protocol, its errors, the players'
        // workload, the worker thread, what straps say of themselves.
        .target(name: "SensorCore", dependencies: ["TeamCore", "SPSCRing", "Localization"], swiftSettings: strict),
        // The simulated team: a threaded source on virtual time, and a stepped one for scripts and tests.
        .target(name: "SensorSimulation", dependencies: ["SensorCore", "TeamCore", "SPSCRing",
                                                         .product(name: "Atomics", package: "swift-atomics")], swiftSettings: strict),
        // The Bluetooth sources (own HCI host, bluetoothd over D-Bus) and `--source` parsing.
        .target(name: "SensorHub", dependencies: ["SensorCore", "TeamCore", "SPSCRing", "HeartRateProtocol", "BLEHost", "BlueZTransport", "Diagnostics", "Localization",
                                                  .product(name: "Atomics", package: "swift-atomics"),
                                                  .product(name: "Logging", package: "swift-log")], swiftSettings: strict),
        .target(name: "KioskUI", dependencies: ["AppCore", "TeamCore", "Localization", "CSDL2", "CSDLImage", "PlayerPhotos"], swiftSettings: strict),
        // Decoding, cropping and scaling players' photos (SDL_image and SDL surfaces, no video subsystem).
        // Stick pictures are checked by their header first and decoded in a child process without privileges.
        .target(name: "PlayerPhotos", dependencies: ["CSDL2", "CSDLImage", "CSandbox", "Appliance", "Localization"], swiftSettings: strict),
        // The kiosk's sounds: generated tones, played through SDL audio.
        .target(name: "KioskSound", dependencies: ["AppCore", "TeamCore", "CSDL2", "Localization"], swiftSettings: strict),
        // ClubIdentity for the identities a club shares (a strap's UUID follows from its address, an erased player's digest);
        // not the wire: the club sync's code over the store's tables is ClubSync's.
        .target(name: "Store", dependencies: ["TeamCore", "Localization", "ClubIdentity", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift")], swiftSettings: strict),
        // A stored session analysed (for the review screen and the exports), the sessions list and the season; the
        // screens' types (AppCore) are built from it in `Kiosk`.
        .target(name: "SessionReview", dependencies: ["Store", "Analytics", "TeamCore", "Localization"], swiftSettings: strict),
        // Every export format of a session (raw CSV, summary CSV, TCX, FIT, JSON), written from one analysis.
        // Pure (no store, no SDL): the kiosk and the club server write the same bytes. A player's own data as
        // one ZIP (zlib's DEFLATE and CRC-32) is here too, written to a file the caller names.
        .target(name: "Exports", dependencies: ["Analytics", "TeamCore", "CZlib"], swiftSettings: strict),
        // A stored session's exports written to files on the kiosk: reads the store, writes through `Exports`.
        .target(name: "StoredExports", dependencies: ["Exports", "SessionReview", "Store", "Analytics", "TeamCore", "Localization"], swiftSettings: strict),
        // Running as a boxed appliance: log lines for journald, service notifications, USB sticks.
        .target(name: "Diagnostics", dependencies: [.product(name: "Logging", package: "swift-log")], swiftSettings: strict),
        .target(name: "Appliance", dependencies: ["Localization"], swiftSettings: strict),
        // The user's language (decision 080): gettext catalogs (.mo) read and looked up, plural rules, the locale's
        // numbers and dates. Pure (Foundation only): the kiosk, the command line and the club web share it.
        .target(name: "Localization", swiftSettings: strict),

        // A session being recorded: the one reader of the sensor ring, and the recorder (kiosk and `record`).
        // On the sensor core, not SensorHub: no libbluetooth or libdbus behind it.
        .target(name: "Recording", dependencies: ["TeamCore", "Store", "SensorCore", "SPSCRing"], swiftSettings: strict),
        // The kiosk's runtime: state, reducer and effect queue, the source supervisor (sensors) and the
        // stick services (USB, backups, exports, photo import). No SDL: neither CSDL2 nor anything built on it.
        .target(name: "Kiosk", dependencies: [
            "AppCore", "Recording", "TeamCore", "Store", "SensorCore", "SensorSimulation", "SensorHub", "SessionReview", "Analytics", "Exports", "StoredExports", "BlueZTransport",
            "Diagnostics", "Appliance", "ClubSync", "Localization",
        ], swiftSettings: strict),
        // The kiosk on screen: SDL start-up, windows, the event loop, input, the SDL speaker, photo
        // decoding for the runtime, the script player and the state dump.
        .target(name: "KioskShell", dependencies: [
            "Kiosk", "AppCore", "KioskUI", "KioskSound", "Localization", "PlayerPhotos", "CSDL2", "Appliance", "BlueZTransport", "ClubSync", "Diagnostics", "Exports", "StoredExports", "SensorHub", "Store",
            "TeamCore",
            .product(name: "Atomics", package: "swift-atomics"),
        ], swiftSettings: strict),

        // The executable: the command line and `main`.
        .executableTarget(name: "sideline", dependencies: [
            "KioskShell", "KioskBench", "AppCore", "Kiosk", "Recording", "Analytics", "Exports", "StoredExports", "SessionReview",
            "TeamCore", "Store", "SensorCore", "SensorSimulation", "SensorHub", "SPSCRing", "PlayerPhotos", "Diagnostics", "Appliance",
            "ClubSync", "Localization",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: strict),

        // The club: every kiosk of a club syncs to one server (PostgreSQL). `ClubProtocol` is the wire both sides
        // speak (pure: bundles, roster changes, canonical bytes, hashes, gzip); the server's library in rooms (storage,
        // HTTP, API, web, the app: below); `sideline-club` its command line.
        // What kiosks and the server make alike without asking: strap UUIDs, erasure records and digests, canonical JSON.
        .target(name: "ClubIdentity", dependencies: [.product(name: "Crypto", package: "swift-crypto")], swiftSettings: strict),
        .target(name: "ClubProtocol", dependencies: ["TeamCore", "ClubIdentity", "CZlib",
                                                     .product(name: "Crypto", package: "swift-crypto")], swiftSettings: strict),
        // The server in rooms (decision 091). `ClubStorage`: every query and migration, the database and its
        // per-transaction row-level security, behind protocols named by what a route or page needs; no HTTP.
        .target(name: "ClubStorage", dependencies: [
            "ClubProtocol", "TeamCore", "Analytics", "Exports", "Localization",
            .product(name: "PostgresNIO", package: "postgres-nio"),
            // For its pool's one error type, which PostgresNIO passes on unwrapped (no connection to be had: 503).
            .product(name: "_ConnectionPoolModule", package: "postgres-nio"),
            // A database URL's sslmode=verify-full: the client's TLS configuration.
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
            .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: strict),
        // What the API and the pages read and answer alike: the request context, bounded bodies, JSON answers,
        // statuses of the club's errors, the error middleware. No PostgreSQL.
        .target(name: "ClubServerHTTP", dependencies: [
            "ClubStorage", "ClubProtocol", "TeamCore",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "NIOCore", package: "swift-nio"),
            // For the parser's error when a client closes mid-request (`ClientWentAway`).
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ], swiftSettings: strict),
        // The kiosks' routes (/api/v1: enrolment, uploads and commits, the roster feed, erasures, wellness) and the
        // scripts' read API, over the storage's protocols.
        .target(name: "ClubAPI", dependencies: [
            "ClubServerHTTP", "ClubStorage", "ClubProtocol", "TeamCore",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: strict),
        // The club's pages: typed page data rendered by the escaping `HTML` builder, over the storage's protocols.
        .target(name: "ClubWeb", dependencies: [
            "ClubServerHTTP", "ClubStorage", "ClubProtocol", "TeamCore", "Analytics", "Exports", "Localization",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: strict),
        // The app that wires the rooms: `serve`'s router, middleware, TLS, limits, timed jobs and lifecycle.
        .target(name: "ClubServer", dependencies: [
            "ClubStorage", "ClubServerHTTP", "ClubAPI", "ClubWeb",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "HummingbirdTLS", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: strict),
        // The kiosk's side of the club: enrolment, the outbox's uploads and tombstones, the roster pushed and pulled,
        // over HTTPS through libcurl (no SwiftNIO in the kiosk). No SDL.
        // With the club's tables of the kiosk's database: its outbox, pulls and state (extensions of the store over GRDB).
        .target(name: "ClubSync", dependencies: ["Store", "ClubProtocol", "TeamCore", "Analytics", "CCurl", "Localization", "Diagnostics",
                                                 .product(name: "GRDB", package: "GRDB.swift"),
                                                 .product(name: "Logging", package: "swift-log")], swiftSettings: strict),
        .executableTarget(name: "sideline-club", dependencies: [
            "ClubServer", "ClubStorage", "ClubBench", "ClubProtocol", "Diagnostics", "Localization",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: strict),

        // Benchmarks: `make bench` (figures from the issues, side by side with C baselines).
        .target(name: "CBaselines", path: "Benchmarks/CBaselines", linkerSettings: [.linkedLibrary("sqlite3")]),
        .executableTarget(name: "SidelineBench", dependencies: [
            "Analytics", "Exports", "StoredExports", "SessionReview", "Kiosk",
            "CBaselines", "SPSCRing", "TeamCore", "Store", "SensorSimulation", "SensorHub", "HeartRateProtocol", "BLEHost", "PlayerPhotos",
        ], path: "Benchmarks/SidelineBench", swiftSettings: strict),
        // The club server's figures (`sideline-club bench`): ingest beside PostgreSQL's COPY, sizes, document, list, season
        // page and weekly report times, through the server's own code (its `package` declarations).
        .target(name: "ClubBench", dependencies: [
            "ClubStorage", "ClubWeb", "ClubProtocol", "TeamCore", "Analytics",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "PostgresNIO", package: "postgres-nio"),
        ], path: "Benchmarks/ClubBench", swiftSettings: strict),
        // The kiosk's figures (`sideline --bench`): frames, memory, idle CPU, ring-to-frame latency, launch.
        .target(name: "KioskBench", dependencies: ["KioskShell", "Kiosk", "AppCore", "ClubSync", "KioskUI", "Localization", "SensorCore", "SPSCRing", "Store", "TeamCore"],
                path: "Benchmarks/KioskBench", swiftSettings: strict),

        // Test support: an in-memory HCI controller with virtual straps, on virtual time (used only by tests).
        .target(name: "HCITestSupport", dependencies: ["BLEHost"], path: "Tests/HCITestSupport", swiftSettings: strict),

        .testTarget(name: "LocalizationTests", dependencies: ["Localization"], swiftSettings: strict),
        .testTarget(name: "TeamCoreTests", dependencies: ["TeamCore", "Localization"], swiftSettings: strict),
        .testTarget(name: "AppCoreTests", dependencies: ["AppCore", "TeamCore"], swiftSettings: strict),
        .testTarget(name: "AnalyticsTests", dependencies: ["Analytics", "TeamCore"], swiftSettings: strict),
        .testTarget(name: "ExportsTests", dependencies: ["Exports", "StoredExports", "SessionReview", "Store", "Analytics", "TeamCore"], swiftSettings: strict),
        // And the kiosk's screen loaders (`Kiosk/Screens`), checked against the season analysis they show.
        .testTarget(name: "SessionReviewTests", dependencies: ["SessionReview", "Kiosk", "AppCore", "Store", "Analytics", "TeamCore"], swiftSettings: strict),
        .testTarget(name: "KioskUITests", dependencies: ["KioskUI", "AppCore", "TeamCore", "CSDL2"], swiftSettings: strict),
        .testTarget(name: "PlayerPhotosTests", dependencies: ["PlayerPhotos", "CSDL2", "CSDLImage", "Appliance", "Localization"], swiftSettings: strict),
        .testTarget(name: "KioskSoundTests", dependencies: ["AppCore", "KioskSound", "TeamCore"], swiftSettings: strict),
        .testTarget(name: "HeartRateProtocolTests", dependencies: ["HeartRateProtocol"], swiftSettings: strict),
        .testTarget(name: "BLEHostTests", dependencies: ["BLEHost", "HeartRateProtocol"], swiftSettings: strict),
        .testTarget(name: "BlueZTransportTests", dependencies: ["BlueZTransport"], swiftSettings: strict),
        .testTarget(name: "SPSCRingTests", dependencies: ["SPSCRing", "TeamCore"], swiftSettings: strict),
        .testTarget(name: "SensorCoreTests", dependencies: ["SensorCore", "SPSCRing", "TeamCore",
                                                            .product(name: "Atomics", package: "swift-atomics")], swiftSettings: strict),
        .testTarget(name: "SensorSimulationTests", dependencies: ["SensorSimulation", "SensorCore", "SPSCRing", "TeamCore"], swiftSettings: strict),
        .testTarget(name: "SensorHubTests", dependencies: ["SensorHub", "SensorCore", "SPSCRing", "TeamCore", "BLEHost", "BlueZTransport", "HCITestSupport",
                                                           .product(name: "Atomics", package: "swift-atomics"),
                                                           .product(name: "Logging", package: "swift-log")], swiftSettings: strict),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics", .product(name: "Logging", package: "swift-log")], swiftSettings: strict),
        .testTarget(name: "ApplianceTests", dependencies: ["Appliance"], swiftSettings: strict),
        .testTarget(name: "RecordingTests", dependencies: ["Recording", "SensorCore", "SensorSimulation", "Store", "TeamCore", "SPSCRing"], swiftSettings: strict),
        .testTarget(name: "KioskTests", dependencies: ["AppCore", "Kiosk", "KioskShell", "Recording", "SensorCore", "SensorSimulation", "SensorHub", "Store",
                                                       "TeamCore", "SPSCRing", "SessionReview", "Analytics"], swiftSettings: strict),
        // ClubSync too: what erasure, retention and migrations do to the club's outbox is read through its API.
        .testTarget(name: "StoreTests", dependencies: ["Store", "ClubSync", "TeamCore", .product(name: "GRDB", package: "GRDB.swift")], swiftSettings: strict),
        .testTarget(name: "ClubProtocolTests", dependencies: ["ClubProtocol", "Analytics", "TeamCore"], swiftSettings: strict),
        .testTarget(name: "ClubSyncTests", dependencies: ["ClubSync", "Store", "ClubProtocol", "TeamCore", "Analytics", "SessionReview", "Localization",
                                                          .product(name: "GRDB", package: "GRDB.swift")], swiftSettings: strict),
        // The kiosk's store and its exports too: the server's document is compared with the kiosk's (SQLite in the tests only).
        .testTarget(name: "ClubServerTests", dependencies: ["ClubServer", "ClubStorage", "ClubServerHTTP", "ClubAPI", "ClubWeb", "ClubProtocol", "Analytics", "Exports", "TeamCore",
                                                            "Store", "StoredExports", "SessionReview"], swiftSettings: strict),
        // The server's routes in process (HummingbirdTesting's router) against a throwaway PostgreSQL 15 cluster, and the
        // kiosks' routes and the pages over storage doubles.
        .testTarget(name: "ClubRouteTests", dependencies: ["ClubServer", "ClubAPI", "ClubServerHTTP", "ClubStorage", "ClubWeb", "ClubProtocol", "TeamCore", "Analytics",
                                                           .product(name: "Hummingbird", package: "hummingbird"),
                                                           .product(name: "HummingbirdTesting", package: "hummingbird"),
                                                           .product(name: "HTTPTypes", package: "swift-http-types"),
                                                           .product(name: "NIOCore", package: "swift-nio"),
                                                           .product(name: "PostgresNIO", package: "postgres-nio"),
                                                           .product(name: "Logging", package: "swift-log")], swiftSettings: strict),
        // Runs the `sideline` binary (built beside the test bundle, hence the dependency) and reads its database with GRDB.
        .testTarget(name: "CommandLineTests", dependencies: ["sideline", .product(name: "GRDB", package: "GRDB.swift")], swiftSettings: strict),
    ]
)

// Some test targets alone, with only what they need (SIDELINE_TEST_TARGETS="SPSCRingTests,…"; SwiftPM keys its
// manifest cache on the environment): the ring's ThreadSanitizer build (deploy/scripts/tsan-check.sh) and the core
// tests cross-compiled for aarch64 (deploy/package/arm64/build.sh --tests) then compile those targets and their
// dependencies, not the kiosk's screens or the club server's SwiftNIO.
if let wanted = Context.environment["SIDELINE_TEST_TARGETS"] {
    package.keepOnly(testTargets: wanted.split(separator: ",").map(String.init))
}

extension Package {
    func keepOnly(testTargets wanted: [String]) {
        var byName: [String: Target] = [:]
        for target in targets { byName[target.name] = target }
        var kept = Set<String>(), packagesUsed = Set<String>(), queue = wanted
        while let name = queue.popLast() {
            guard let target = byName[name] else { fatalError("SIDELINE_TEST_TARGETS: \(name) is not a target of this package") }
            guard kept.insert(name).inserted else { continue }
            for dependency in target.dependencies {
                switch dependency {
                case .targetItem(let name, _), .byNameItem(let name, _): queue.append(name)
                case .productItem(_, let package?, _, _): packagesUsed.insert(package)
                case .productItem(let name, nil, _, _): fatalError("SIDELINE_TEST_TARGETS: the product \(name) names no package")
                @unknown default: fatalError("SIDELINE_TEST_TARGETS: a dependency of \(target.name) of a kind not handled here")
                }
            }
        }
        targets = targets.filter { kept.contains($0.name) }
        products = []
        // A package is named by its URL's last component ("GRDB.swift"), as `.product(name:package:)` names it.
        dependencies = dependencies.filter { dependency in
            guard case .sourceControl(_, let location, _) = dependency.kind else { return true }
            return packagesUsed.contains(String(location.split(separator: "/").last ?? ""))
        }
    }
}
