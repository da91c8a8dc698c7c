import Localization
import BlueZTransport
import Foundation
import SensorCore
import SensorHub
import SensorSimulation
import Store
import TeamCore

/// A sensor source the kiosk runs on, with what the settings screen says of it.
public struct KioskSource {
    public var source: any SensorSource
    /// Set in scripted runs on the simulated team: the clock moves only when the script waits.
    public var stepped: SteppedSimulatedSource?
    /// Set for Bluetooth: the pairing screen scans through it.
    public var discoverer: (any StrapDiscovering)?
    public var kind: SensorChoice
    /// What the settings screen names the source by, said in the kiosk's language where drawn.
    public var description: Message

    public init(source: any SensorSource, stepped: SteppedSimulatedSource? = nil, discoverer: (any StrapDiscovering)? = nil,
                kind: SensorChoice, description: Message) {
        self.source = source
        self.stepped = stepped
        self.discoverer = discoverer
        self.kind = kind
        self.description = description
    }

    /// The simulated team on a clock that moves only when told (scripted runs, tests).
    public static func stepped(_ source: SteppedSimulatedSource, description: Message) -> KioskSource {
        KioskSource(source: source, stepped: source, kind: .simulated, description: description)
    }
}

/// Builds the kiosk's sources: at launch from `--source` (or the stored choice), and when
/// the coach switches on the settings screen.
public struct KioskSourceFactory {
    /// The Bluetooth `--source`s the kiosk was started with; empty: the machine's first adapter.
    public var launchBluetooth: [String]
    public var simulatedCount: Int
    public var seed: UInt64
    public var bluetooth: BluetoothSetup
    public let store: SidelineStore

    public init(launchBluetooth: [String], simulatedCount: Int, seed: UInt64, bluetooth: BluetoothSetup, store: SidelineStore) {
        self.launchBluetooth = launchBluetooth
        self.simulatedCount = simulatedCount
        self.seed = seed
        self.bluetooth = bluetooth
        self.store = store
    }

    public func make(sources: [String], stepped: Bool) throws -> KioskSource {
        let specs = try sources.map(SourceSpec.init(parsing:))
        if case .simulated(let count) = specs[0] {
            guard specs.count == 1 else { throw SensorSourceError(Message(N_("--source sim:N cannot be mixed with Bluetooth controllers"))) }
            // The simulated team's straps exist in the store so they can be paired like real ones.
            let team = SimulatedTeam(count: count, seed: seed)
            try store.registerStraps(team.members.map { ($0.strap.address, $0.strap.name) })
            let description = Message(N_("{n} simulated straps (seed {seed})"), ["n": "\(count)", "seed": "\(seed)"])
            if stepped { return .stepped(SteppedSimulatedSource(team: team, seed: seed), description: description) }
            return KioskSource(source: SimulatedSource(team: team, seed: seed, speed: 1), kind: .simulated, description: description)
        }
        // Real straps: scripted runs wait in real time; the pairing screen scans for new ones.
        let source = try bluetooth.makeSource(specs: specs)
        return KioskSource(source: source, discoverer: source, kind: .bluetooth, description: Message("Bluetooth " + sources.joined(separator: ", ")))  // names, not words
    }

    /// The coach's choice on the settings screen.
    func make(choice: SensorChoice) throws -> KioskSource {
        switch choice {
        case .simulated:
            return try make(sources: ["sim:\(simulatedCount)"], stepped: false)
        case .bluetooth:
            guard let sources = launchBluetooth.isEmpty ? AdapterProbe().preferredSource.map({ [$0] }) : launchBluetooth else {
                throw SensorSourceError(Message(N_("No Bluetooth adapter found on this machine")))
            }
            return try make(sources: sources, stepped: false)
        }
    }
}
