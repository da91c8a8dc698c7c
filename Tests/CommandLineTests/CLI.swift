import Foundation
import XCTest

/// Runs the real `sideline` binary (built beside the test bundle) as a user would.
struct CLI {
    static let binary: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("sideline")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return Bundle.main.bundleURL.appendingPathComponent("sideline")
    }()

    struct Result {
        var status: Int32
        var out: String
        var err: String
        var lines: [String] { out.split(separator: "\n").map(String.init) }
    }

    let db: String

    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = arguments + (arguments.first.map { ["teams", "players", "sessions", "export", "record", "import-roster", "settings"].contains($0) } == true ? ["--db", db] : [])
        // Every command, with --db or without, stays off the user's own database.
        process.environment = ProcessInfo.processInfo.environment.merging(["SIDELINE_DB": db]) { _, scratch in scratch }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
                      err: String(decoding: errData, as: UTF8.self))
    }
}

/// A temporary folder per test.
struct Scratch {
    let path = NSTemporaryDirectory() + "sideline-cli-" + UUID().uuidString
    init() { try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    func remove() { try? FileManager.default.removeItem(atPath: path) }
    func file(_ name: String) -> String { path + "/" + name }
}
