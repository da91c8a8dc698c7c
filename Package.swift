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
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // System libraries: module map + shim.h each.
        // No pkgConfig: sdl2.pc adds -D_REENTRANT, which SwiftPM warns about; SDL_ttf/SDL_image find "SDL.h" next to themselves.
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev"])]),
        .systemLibrary(name: "CBluetooth", pkgConfig: "bluez", providers: [.apt(["libbluetooth-dev"])]),
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        // prctl/capset/setrlimit for a child process that decodes a stranger's file (header-only: no library).
        .systemLibrary(name: "CSandbox"),

        // Pure core.
        .target(name: "HeartRateProtocol", swiftSettings: strict),
        .target(name: "TeamCore", swiftSettings: strict),
        .target(name: "Analytics", dependencies: ["TeamCore"], swiftSettings: strict),
        .target(name: "SessionExport", dependencies: ["TeamCore", "Analytics"], swiftSettings: strict),
        .target(name: "SPSCRing", dependencies: [.product(name: "Atomics", package: "swift-atomics")], swiftSettings: strict),

        // Adapters.
        .target(name: "BLEHost", dependencies: ["HeartRateProtocol"], swiftSettings: strict),
        .target(name: "BlueZTransport", dependencies: ["BLEHost", "CBluetooth", "CDBus"], swiftSettings: strict),
        .target(name: "SensorHub", dependencies: ["TeamCore", "SPSCRing", "HeartRateProtocol", "BLEHost", "BlueZTransport", "Diagnostics",
                                                  .product(name: "Atomics", package: "swift-atomics"),
                                                  .product(name: "Logging", package: "swift-log")], swiftSettings: strict),
        .target(name: "KioskUI", dependencies: ["TeamCore", "CSDL2", "PlayerPhotos"], swiftSettings: strict),
        // Decoding, cropping and scaling players' photos (SDL_image and SDL surfaces, no video subsystem).
        // Stick pictures are checked by their header first and decoded in a child process without privileges.
        .target(name: "PlayerPhotos", dependencies: ["CSDL2", "CSandbox", "Appliance"], swiftSettings: strict),
        // The kiosk's sounds: generated tones, played through SDL audio.
        .target(name: "KioskSound", dependencies: ["TeamCore", "CSDL2"], swiftSettings: strict),
        .target(name: "Store", dependencies: ["TeamCore", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift")], swiftSettings: strict),
        .target(name: "SessionReview", dependencies: ["Store", "Analytics", "SessionExport", "TeamCore"], swiftSettings: strict),
        // Running as a boxed appliance: log lines for journald, service notifications, USB sticks.
        .target(name: "Diagnostics", dependencies: [.product(name: "Logging", package: "swift-log")], swiftSettings: strict),
        .target(name: "Appliance", swiftSettings: strict),

        // A session being recorded: the one reader of the sensor ring, and the recorder (kiosk and `record`).
        .target(name: "Recording", dependencies: ["TeamCore", "Store", "SensorHub", "SPSCRing"], swiftSettings: strict),
        // The kiosk: its runtime (state, effects, sources, recording; no SDL) and its SDL shell (loop, input, scripts).
        .target(name: "Kiosk", dependencies: [
            "Recording", "TeamCore", "Store", "SensorHub", "SPSCRing", "SessionReview", "SessionExport", "KioskUI", "CSDL2",
            "BlueZTransport", "Diagnostics", "Appliance", "PlayerPhotos", "KioskSound", .product(name: "Atomics", package: "swift-atomics"),
        ], swiftSettings: strict),

        // The executable: the command line and `main`.
        .executableTarget(name: "sideline", dependencies: [
            "Kiosk", "Recording", "Analytics", "SessionExport", "SessionReview",
            "TeamCore", "Store", "SensorHub", "SPSCRing", "KioskUI", "CSDL2", "BlueZTransport", "PlayerPhotos", "KioskSound",
            "Diagnostics", "Appliance",
            .product(name: "Atomics", package: "swift-atomics"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: strict),

        // Benchmarks: `make bench` (figures from the issues, side by side with C baselines).
        .target(name: "CBaselines", path: "Benchmarks/CBaselines", linkerSettings: [.linkedLibrary("sqlite3")]),
        .executableTarget(name: "SidelineBench", dependencies: [
            "Analytics", "SessionExport", "SessionReview",
            "CBaselines", "SPSCRing", "TeamCore", "Store", "SensorHub", "HeartRateProtocol", "PlayerPhotos",
            .product(name: "GRDB", package: "GRDB.swift"),
        ], path: "Benchmarks/SidelineBench", swiftSettings: strict),

        // Test support: an in-memory HCI controller with virtual straps, on virtual time (used only by tests).
        .target(name: "HCITestSupport", dependencies: ["BLEHost"], path: "Tests/HCITestSupport", swiftSettings: strict),

        .testTarget(name: "TeamCoreTests", dependencies: ["TeamCore"], swiftSettings: strict),
        .testTarget(name: "AnalyticsTests", dependencies: ["Analytics", "TeamCore"], swiftSettings: strict),
        .testTarget(name: "SessionExportTests", dependencies: ["SessionExport", "Analytics", "TeamCore"], swiftSettings: strict),
        .testTarget(name: "SessionReviewTests", dependencies: ["SessionReview", "Store", "Analytics", "TeamCore"], swiftSettings: strict),
        .testTarget(name: "KioskUITests", dependencies: ["KioskUI", "TeamCore", "CSDL2"], swiftSettings: strict),
        .testTarget(name: "PlayerPhotosTests", dependencies: ["PlayerPhotos", "CSDL2", "Appliance"], swiftSettings: strict),
        .testTarget(name: "KioskSoundTests", dependencies: ["KioskSound", "TeamCore"], swiftSettings: strict),
        .testTarget(name: "HeartRateProtocolTests", dependencies: ["HeartRateProtocol"], swiftSettings: strict),
        .testTarget(name: "BLEHostTests", dependencies: ["BLEHost", "HeartRateProtocol"], swiftSettings: strict),
        .testTarget(name: "BlueZTransportTests", dependencies: ["BlueZTransport"], swiftSettings: strict),
        .testTarget(name: "SPSCRingTests", dependencies: ["SPSCRing", "TeamCore"], swiftSettings: strict),
        .testTarget(name: "SensorHubTests", dependencies: ["SensorHub", "SPSCRing", "TeamCore", "BLEHost", "BlueZTransport", "HeartRateProtocol", "HCITestSupport",
                                                           .product(name: "Logging", package: "swift-log")], swiftSettings: strict),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics", .product(name: "Logging", package: "swift-log")], swiftSettings: strict),
        .testTarget(name: "ApplianceTests", dependencies: ["Appliance"], swiftSettings: strict),
        .testTarget(name: "RecordingTests", dependencies: ["Recording", "SensorHub", "Store", "TeamCore", "SPSCRing"], swiftSettings: strict),
        .testTarget(name: "KioskTests", dependencies: ["Kiosk", "Recording", "SensorHub", "Store", "TeamCore", "SPSCRing"], swiftSettings: strict),
        .testTarget(name: "StoreTests", dependencies: ["Store", "TeamCore", .product(name: "GRDB", package: "GRDB.swift")], swiftSettings: strict),
        .testTarget(name: "CommandLineTests", dependencies: ["sideline", "Store", "TeamCore",
                                                           .product(name: "GRDB", package: "GRDB.swift")], swiftSettings: strict),
    ]
)
