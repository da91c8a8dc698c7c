import BlueZTransport
import Foundation
import SensorHub
import Store
import TeamCore

/// A sensor source the kiosk runs on, with what the settings screen says of it.
struct KioskSource {
    var source: any SensorSource
    /// Set in scripted runs on the simulated team: the clock moves only when the script waits.
    var stepped: SteppedSimulatedSource?
    /// Set for Bluetooth: the pairing screen scans through it.
    var discoverer: (any StrapDiscovering)?
    var kind: SensorChoice
    var description: String
}

/// Builds the kiosk's sources: at launch from `--source` (or the stored choice), and when
/// the coach switches on the settings screen.
struct KioskSourceFactory {
    /// The Bluetooth `--source`s the kiosk was started with; empty: the machine's first adapter.
    var launchBluetooth: [String]
    var simulatedCount: Int
    var seed: UInt64
    var bluetooth: BluetoothOptions
    let store: SidelineStore

    func make(sources: [String], stepped: Bool) throws -> KioskSource {
        let specs = try sources.map(SourceSpec.init(parsing:))
        if case .simulated(let count) = specs[0] {
            guard specs.count == 1 else { throw UserError("--source sim:N cannot be mixed with Bluetooth controllers") }
            // The simulated team's straps exist in the store so they can be paired like real ones.
            let team = SimulatedTeam(count: count, seed: seed)
            for member in team.members { try store.strap(address: member.strap.address, name: member.strap.name) }
            let steppedSource = stepped ? SteppedSimulatedSource(team: team, seed: seed) : nil
            return KioskSource(source: steppedSource ?? SimulatedSource(team: team, seed: seed, speed: 1), stepped: steppedSource,
                               discoverer: nil, kind: .simulated, description: "\(count) simulated straps (seed \(seed))")
        }
        // Real straps: scripted runs wait in real time; the pairing screen scans for new ones.
        let source = try bluetooth.makeSource(specs: specs)
        return KioskSource(source: source, stepped: nil, discoverer: source, kind: .bluetooth,
                           description: "Bluetooth " + sources.joined(separator: ", "))
    }

    /// The coach's choice on the settings screen.
    func make(choice: SensorChoice) throws -> KioskSource {
        switch choice {
        case .simulated:
            return try make(sources: ["sim:\(simulatedCount)"], stepped: false)
        case .bluetooth:
            guard let sources = launchBluetooth.isEmpty ? AdapterProbe().preferredSource.map({ [$0] }) : launchBluetooth else {
                throw UserError("No Bluetooth adapter found on this machine")
            }
            return try make(sources: sources, stepped: false)
        }
    }
}
