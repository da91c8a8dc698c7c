import BLEHost
import BlueZTransport
import Foundation
import HeartRateProtocol
import Logging
import SPSCRing
import TeamCore

/// Each strap's link through bluetoothd: Connect where the policy allows, StartNotify once the
/// services are resolved, the battery followed, what the strap says of itself read once subscribed,
/// replies and timeouts, a lost link retried with backoff.
extension BlueZWorker {
    func servedByBroadcast(_ strap: Strap) -> Bool {
        policy.servedByBroadcast(broadcasts: strap.broadcasts, strapCount: straps.count, connectionBudget: settings.setup.maxConnectionsPerController)
    }

    func linkUp(_ i: Int, nowNs now: UInt64) {
        straps.noteSighting(i)
        straps[i].phase = .connected
        straps[i].connectedAtNs = now
        straps[i].subscribing = false
        straps[i].subscribed = false
        straps[i].description = SensorDescription()
        straps[i].describingAsked = []
    }

    func linkDown(_ i: Int, nowNs now: UInt64) {
        straps[i].subscribing = false
        straps[i].subscribed = false
        for path in [straps[i].heartRatePath, straps[i].batteryPath].compactMap({ $0 }) { characteristics[path] = nil }
        straps[i].heartRatePath = nil
        straps[i].batteryPath = nil
        straps[i].description = SensorDescription()
        straps[i].describingAsked = []
        straps.scheduleRetry(i, nowNs: now)
    }

    /// Gives up on a link: asks bluetoothd to drop it (also cancels a pending Connect) and schedules a retry.
    func abandon(_ i: Int, nowNs now: UInt64) {
        _ = client?.send(straps[i].devicePath, BlueZ.device, "Disconnect")
        linkDown(i, nowNs: now)
    }

    /// Logs why a strap cannot be used, once until the reason changes or it works.
    func complain(_ i: Int, _ line: String) {
        guard straps[i].complaint != line else { return }
        straps[i].complaint = line
        log(line)
    }

    func expect(_ serial: UInt32, strap i: Int, _ call: Call, nowNs now: UInt64, timeoutNs: UInt64 = 10_000_000_000) -> Bool {
        guard serial != 0 else { return false }
        pending[serial] = Pending(strap: i, call: call, deadlineNs: now + timeoutNs)
        return true
    }

    /// A call of the adapter's own (discovery), of no strap.
    func expect(_ serial: UInt32, _ call: Call, nowNs now: UInt64) -> Bool {
        expect(serial, strap: -1, call, nowNs: now, timeoutNs: 30_000_000_000)
    }

    func replied(_ call: Pending, error: BusError?, arguments: [DBusValue]) {
        let i = call.strap
        let now = clock()
        switch call.call {
        case .setDiscoveryFilter, .startDiscovery, .stopDiscovery:
            discoveryReplied(call.call, error: error)
        case .connect:
            guard straps[i].phase == .connecting else { return }
            if error == nil || error?.name == "org.bluez.Error.AlreadyConnected" {
                linkUp(i, nowNs: now)
            } else {
                boards.counters.add(.connectFailures)
                log("connect \(straps[i].text): \(error!)", .debug)
                linkDown(i, nowNs: now)
            }
        case .startNotify:
            guard straps[i].phase == .connected, straps[i].subscribing else { return }
            straps[i].subscribing = false
            if let error {
                log("cannot subscribe to \(straps[i].text)'s heart rate: \(error); reconnecting")
                abandon(i, nowNs: now)
                return
            }
            straps[i].subscribed = true
            straps[i].complaint = nil
            straps.markServing(i, nowNs: now)
            describe(i, nowNs: now)
        case .readBattery:
            if let error { log("cannot read \(straps[i].text)'s battery level: \(error)", .debug) }
            guard straps[i].phase == .connected, error == nil, let bytes = arguments.first?.bytesValue else { return }
            battery(bytes, strap: i, nowNs: now)
        case .readDescription(let characteristic):
            describingRead(characteristic, strap: i, error: error, value: arguments.first?.bytesValue)
        case .other:
            return
        }
    }

    /// Timeouts, connects where there is room, subscriptions where bluetoothd resolved the services.
    func step(nowNs now: UInt64) {
        for (serial, call) in pending where call.deadlineNs <= now {
            pending[serial] = nil
            let i = call.strap
            switch call.call {
            case .connect where straps[i].phase == .connecting:
                boards.counters.add(.connectFailures)
                abandon(i, nowNs: now)
            case .startNotify where straps[i].subscribing:
                log("\(straps[i].text) did not confirm notifications; reconnecting")
                abandon(i, nowNs: now)
            case .readDescription(let characteristic):
                describingReadTimedOut(characteristic, strap: i)
            default:
                break
            }
        }
        resumeIfDue(nowNs: now)
        guard let client, adapterState == .ready else { return }
        keepDiscovery(client: client, nowNs: now)
        // Every strap due is asked for at once: bluetoothd passes each Connect to the kernel,
        // which keeps them on its accept list and connects each strap when it next advertises.
        var linked = straps.filter { $0.phase != .idle }.count
        for i in straps.indices {
            switch straps[i].phase {
            case .idle:
                guard linked < settings.setup.maxConnectionsPerController,
                      let props = client.tree.properties(straps[i].devicePath, BlueZ.device) else { continue }
                // Heard recently, already connected by bluetoothd (for another client, or before a
                // restart of ours), or known to it (found by an earlier discovery, or kept from
                // before) while there is room for every wanted strap: its Connect waits on the
                // kernel's accept list. Only over budget does hearing pick who.
                let heard = policy.heardRecently(lastHeardNs: straps[i].lastHeardNs, nowNs: now) || props["Connected"]?.boolValue == true
                    || policy.mayConnectUnheard(everHeard: straps[i].lastHeardNs != 0, strapCount: straps.count,
                                                connectionBudget: settings.setup.maxConnectionsPerController)
                guard policy.mayConnect(i, nextAttemptNs: straps[i].nextAttemptNs, heard: heard, broadcasts: straps[i].broadcasts,
                                        strapCount: straps.count, connectionBudget: settings.setup.maxConnectionsPerController, nowNs: now) else { continue }
                let serial = client.send(straps[i].devicePath, BlueZ.device, "Connect")
                guard expect(serial, strap: i, .connect, nowNs: now, timeoutNs: settings.connectTimeoutNs) else { continue }
                straps.markConnecting(i, nowNs: now)
                linked += 1
            case .connected where !policy.wants(i):
                abandon(i, nowNs: now) // its Connect finished after it stopped being wanted (setWanted)
                linked -= 1
            case .connected where !straps[i].subscribed && !straps[i].subscribing:
                subscribe(i, client: client, nowNs: now)
            default:
                continue
            }
        }
    }

    /// Once bluetoothd has resolved the strap's services: StartNotify on 0x2A37, read (and follow) 0x2A19.
    /// Until then a missing characteristic means nothing; after it, say what is really wrong.
    func subscribe(_ i: Int, client: BlueZClient, nowNs now: UInt64) {
        let heartRate: String, battery: String?
        switch StrapServices(tree: client.tree, device: straps[i].devicePath) {
        case .resolving:
            guard now &- straps[i].connectedAtNs > settings.resolveTimeoutNs else { return }
            complain(i, "bluetoothd has not resolved or exported \(straps[i].text)'s services \(settings.resolveTimeoutNs / 1_000_000_000) s after connecting; reconnecting")
            abandon(i, nowNs: now)
            return
        case .noHeartRateService(let offered):
            complain(i, "\(straps[i].text) offers no Heart Rate service (its services: \(offered.isEmpty ? "none" : offered.joined(separator: ", "))); is it a heart-rate strap? retrying")
            abandon(i, nowNs: now)
            return
        case .noMeasurement:
            complain(i, "\(straps[i].text) has a Heart Rate service without its Measurement characteristic (0x2A37); retrying")
            abandon(i, nowNs: now)
            return
        case .heartRate(let measurement, let level):
            (heartRate, battery) = (measurement, level)
        }
        let serial = client.send(heartRate, BlueZ.gattCharacteristic, "StartNotify")
        guard expect(serial, strap: i, .startNotify, nowNs: now) else { abandon(i, nowNs: now); return }
        straps[i].subscribing = true
        straps[i].heartRatePath = heartRate
        characteristics[heartRate] = (i, true)
        if let battery { followBattery(i, battery, client: client, nowNs: now) }
    }

    /// Reads the strap's Battery Level (0x2A19) and follows its notifications if it has them.
    func followBattery(_ i: Int, _ battery: String, client: BlueZClient, nowNs now: UInt64) {
        straps[i].batteryPath = battery
        characteristics[battery] = (i, false)
        _ = expect(client.send(battery, BlueZ.gattCharacteristic, "ReadValue", [.properties([])]), strap: i, .readBattery, nowNs: now)
        let flags = client.tree.properties(battery, BlueZ.gattCharacteristic)?["Flags"]?.stringArray ?? []
        if flags.contains("notify") {
            _ = expect(client.send(battery, BlueZ.gattCharacteristic, "StartNotify"), strap: i, .other, nowNs: now)
        }
    }
}
