// swift-tools-version:6.1
// The ring's ThreadSanitizer check builds only what the ring's tests need (tsan-check.sh links the
// real Sources and Tests folders in beside this manifest): a release + TSan build of the whole
// package, club server and SwiftNIO included, took about 7 of CI's minutes for two test classes.
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "SidelineRingTSan",
    dependencies: [.package(url: "https://github.com/apple/swift-atomics", from: "1.3.0")],
    targets: [
        .target(name: "Localization", swiftSettings: strict),
        .target(name: "TeamCore", dependencies: ["Localization"], swiftSettings: strict),
        .target(name: "SPSCRing", dependencies: [.product(name: "Atomics", package: "swift-atomics")], swiftSettings: strict),
        .testTarget(name: "SPSCRingTests", dependencies: ["SPSCRing", "TeamCore"], swiftSettings: strict),
    ]
)
