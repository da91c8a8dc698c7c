import Appliance
import ArgumentParser
import Foundation
import Localization
import SensorCore
import SensorHub
import SPSCRing
import TeamCore

struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "List nearby heart-rate straps (closest first) with name, battery and broadcast heart rate.")
    @Option(help: "Controller: hci-tcp:HOST:PORT or hci-user:hciN (repeatable), or bluez:hciN (bluetoothd; alone).") var source: [String] = []
    @Option(parsing: .unconditional, help: "How long to listen (seconds).") var seconds: Double = 5
    @OptionGroup var bluetooth: BluetoothOptions

    func validate() throws {
        guard !source.isEmpty else { throw ValidationError(tr("give a --source, e.g. --source hci-tcp:127.0.0.1:9100")) }
        guard seconds > 0, seconds <= 3600 else { throw ValidationError(tr("--seconds must be between 0 and 3600")) }
    }

    func run() throws {
        let source = try bluetooth.setup.makeSource(specs: self.source.map(SourceSpec.init(parsing:)))
        source.setDiscovery(true)
        do {
            try source.start(straps: StrapTable(), ring: SPSCRing<SensorEvent>(capacity: 16), wake: {})
        } catch let error as SensorSourceError {
            throw UserError(error.message.translated)
        }
        StopSignal.install()
        let end = Date().addingTimeInterval(seconds)
        while Date() < end, !StopSignal.requested { usleep(50_000) }
        // Read after the source stopped: through bluetoothd, what it found during the scan may
        // arrive only with the end of its discovery (a busy bluetoothd holds its signals back).
        let stopped = Date()
        source.stop()
        let straps = source.nearbyStraps(maxAgeSeconds: seconds + 1 + Date().timeIntervalSince(stopped))
        if let hci = source as? BluetoothSource, let why = hci.neverCameUp() {
            throw UserError(tr("{problem}; no straps could be heard", ["problem": why]))
        }
        if let trouble = source.discoveryProblem {
            guard !straps.isEmpty else { throw UserError(tr("{problem}; no straps could be heard", ["problem": trouble])) }
            FileHandle.standardError.write(Data((tr("warning: {problem}; the list may be incomplete", ["problem": trouble]) + "\n").utf8))
        }
        print(tr("address            rssi  name                  battery  broadcast-bpm  connectable"))
        for s in straps {
            let battery = s.batteryPercent.map { "\($0)%" } ?? s.batteryOK.map { $0 ? tr("ok", context: "a battery") : tr("low", context: "a battery") } ?? "–"
            let name = (s.name ?? "?").padding(toLength: 20, withPad: " ", startingAt: 0)
            print("\(s.address)  \(String(format: "%4d", Int(s.rssi)))  \(name)  \(battery.padding(toLength: 7, withPad: " ", startingAt: 0))  \((s.broadcastHeartRate.map { "\($0)" } ?? "–").padding(toLength: 13, withPad: " ", startingAt: 0))  \(s.connectable ? tr("yes") : tr("no (in use by a phone?)"))")
        }
        print(tr("{n} strap(s) heard in {seconds} s", ["n": "\(straps.count)", "seconds": "\(Int(seconds))"]))
    }
}
