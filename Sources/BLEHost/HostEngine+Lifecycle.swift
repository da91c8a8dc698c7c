/// A host engine's life apart from its links: bring-up bounded in time, the connect that
/// will not end, a reset in place, and an orderly shutdown.
///
/// Some controllers never end a cancelled connect (bumble 0.0.236's emulated one; real ones
/// are reported to: espressif/esp-idf#7763, zephyr#33688 "remains until the hardware is
/// reset"). The pending connect then blocks every later one with Command Disallowed, so
/// each strap that drops stays unconnectable. The escalation: cancel, cancel again, then
/// the connect is `isWedged` and the owner resets the controller when another strap waits
/// (if the lost strap comes back first, an emulator may still complete it). A reset lets
/// the links go politely first — an emulated controller's Reset may keep them — then
/// brings the controller up again; the straps reconnect as after any loss.
extension HostEngine {
    /// Starts controller bring-up: Reset, event masks, version, address, buffer sizes.
    /// A controller that has not finished it by `bringUpTimeoutNs` has failed: not answering.
    public func start(nowNs: UInt64) {
        phase = .bringingUp
        deadlineNs = nowNs &+ configuration.bringUpTimeoutNs
        for command in [HCICommand.reset(), HCICommand.setEventMask(), HCICommand.leSetEventMask(),
                        HCICommand.readLocalVersion(), HCICommand.readBDAddr(), HCICommand.leReadBufferSize()] {
            enqueue(command)
        }
    }

    /// Lets every strap go before the owner closes the transport: no more connects, scanning
    /// off, the connect under way cancelled, every link disconnected. The owner keeps feeding
    /// bytes and time until `isQuiet` (or its own deadline, `quiesceTimeoutNs`), then closes.
    public func shutDown() {
        switch phase {
        case .ready, .resetting:
            phase = .shuttingDown
            letLinksGo()
        case .idle, .bringingUp, .failed:
            phase = .shuttingDown // nothing connected yet: quiet at once
            commandQueue.removeAll()
            commandsUnanswered = 0
        case .shuttingDown:
            break
        }
    }

    /// Nothing left to wait for: no link, no connect, no command unanswered.
    public var isQuiet: Bool { connections.isEmpty && pendingConnect == nil && commandQueue.isEmpty && commandsUnanswered == 0 }

    func checkBringUp(nowNs: UInt64) {
        guard nowNs >= deadlineNs else { return }
        let seconds = configuration.bringUpTimeoutNs / 1_000_000_000
        let detail = localAddress == nil && hciVersion == nil
            ? "no answer to HCI Reset in \(seconds) s"
            : "bring-up did not finish in \(seconds) s"
        fail(HostFailure(summary: "not answering", detail: detail))
    }

    /// A connect that hangs is cancelled; a cancel that is never confirmed is sent once more,
    /// then the controller is reset.
    func checkPendingConnect(nowNs: UInt64) {
        guard let pending = pendingConnect else { return }
        guard let cancelled = pending.cancelSentNs else {
            if nowNs &- pending.sinceNs > configuration.connectTimeoutNs { sendCancel(nowNs: nowNs) }
            return
        }
        guard !pending.isWedged, nowNs &- cancelled > configuration.cancelTimeoutNs else { return }
        if pending.cancelsSent < 2 {
            sendCancel(nowNs: nowNs)
        } else {
            pendingConnect?.isWedged = true
        }
    }

    private func sendCancel(nowNs: UInt64) {
        pendingConnect?.cancelSentNs = nowNs
        pendingConnect?.cancelsSent += 1
        enqueue(HCICommand.leCreateConnectionCancel())
    }

    /// Lets the links go, then resets the controller and brings it up again on the same transport.
    public func reset(_ why: HostFailure, nowNs: UInt64) {
        guard isReady else { return }
        phase = .resetting(why)
        deadlineNs = nowNs &+ configuration.quiesceTimeoutNs
        // The wedged connect will not end: the owner hears of it now, and it no longer counts for quiet.
        if let pending = pendingConnect {
            pendingConnect = nil
            delegate?.host(self, failedToConnect: pending.peer, status: 0x02)
        }
        letLinksGo()
    }

    /// After the quiet period: forgets every link (the controller drops them on Reset), then bring-up.
    func restart(nowNs: UInt64) {
        for (handle, connection) in connections {
            closeLinkState(handle: handle)
            delegate?.host(self, disconnected: handle, peer: connection.peer, reason: 0x16)
        }
        commandQueue.removeAll()
        commandsUnanswered = 0
        commandCredits = 1
        acl = ACLFlowControl()
        scanState = (false, false)
        start(nowNs: nowNs)
    }

    /// Scanning off, the connect under way cancelled, every link disconnected.
    private func letLinksGo() {
        if scanState.enabled {
            enqueue(HCICommand.leSetScanEnable(false))
            scanState = (false, false)
        }
        if let pending = pendingConnect, pending.cancelSentNs == nil {
            pendingConnect?.cancelSentNs = 0
            pendingConnect?.cancelsSent += 1
            enqueue(HCICommand.leCreateConnectionCancel())
        }
        for handle in connections.keys.sorted() { disconnect(handle: handle) }
    }

    func becomeReady(maxPayload: Int, packets: Int) {
        acl.configure(maxPayload: maxPayload, buffers: packets)
        guard phase == .bringingUp else { return }
        phase = .ready
        delegate?.hostBecameReady(self)
        applyScan()
    }

    func fail(_ failure: HostFailure) {
        if case .failed = phase { return }
        phase = .failed(failure)
        delegate?.host(self, failed: failure)
    }
}
