import HeartRateProtocol

/// A host engine's links: connection complete and closed, ACL with flow control, L2CAP's
/// fixed channels, ATT, and the GATT client per link.
extension HostEngine {
    func connectionCompleted(_ complete: HCIEvent.LEConnectionComplete, nowNs: UInt64) {
        let pending = pendingConnect
        if let pending, pending.peer.sameDevice(as: complete.peer) || complete.status != 0 { pendingConnect = nil }
        guard complete.status == 0 else {
            delegate?.host(self, failedToConnect: pending?.peer ?? complete.peer, status: complete.status)
            return
        }
        var connection = Connection(handle: complete.handle, peer: complete.peer,
                                    gatt: GATTClient(transactionTimeoutNs: configuration.attTransactionTimeoutNs))
        connections[complete.handle] = connection
        reassemblers[complete.handle] = L2CAPReassembler()
        guard isReady else {
            // Completed while the host lets links go (a cancel came too late): let this one go too.
            disconnect(handle: complete.handle)
            return
        }
        let events = connection.gatt.start(nowNs: nowNs)
        connections[complete.handle] = connection
        delegate?.host(self, connected: complete.handle, to: complete.peer)
        perform(events, handle: complete.handle)
    }

    func linkClosed(handle: UInt16, reason: UInt8) {
        guard let connection = connections[handle] else { return }
        closeLinkState(handle: handle)
        delegate?.host(self, disconnected: handle, peer: connection.peer, reason: reason)
        pumpACL()
    }

    /// Forgets a link: its reassembly, its Disconnect, its ACL buffers (the controller flushed them).
    func closeLinkState(handle: UInt16) {
        connections[handle] = nil
        reassemblers[handle] = nil
        disconnecting.remove(handle)
        acl.linkClosed(handle: handle)
    }

    // MARK: ACL, L2CAP, ATT

    func sendL2CAP(handle: UInt16, channel: UInt16, _ payload: [UInt8]) {
        for packet in L2CAP.aclPackets(handle: handle, channel: channel, payload: payload, maxACLPayload: acl.maxPayload) {
            acl.enqueue(packet, handle: handle)
        }
        pumpACL()
    }

    func pumpACL() {
        while let packet = acl.next() { send(packet) }
    }

    func handleACL(_ packet: ArraySlice<UInt8>, nowNs: UInt64) {
        guard packet.count >= 2 else { return }
        let handle = (UInt16(packet[packet.startIndex]) | UInt16(packet[packet.startIndex + 1]) << 8) & 0x0FFF
        guard connections[handle] != nil else { return } // late data of a closed link
        do throws(L2CAPReassembler.Failure) {
            try reassemblers[handle]!.accept(packet) { channel, payload in
                handleL2CAP(handle: handle, channel: channel, payload, nowNs: nowNs)
            }
        } catch {
            delegate?.host(self, discardedMalformed: "L2CAP fragment: \(error)", handle: handle)
        }
    }

    func handleL2CAP(handle: UInt16, channel: UInt16, _ payload: ArraySlice<UInt8>, nowNs: UInt64) {
        switch channel {
        case L2CAP.attChannel:
            handleATT(handle: handle, payload, nowNs: nowNs)
        case L2CAP.signallingChannel:
            if case .respond(let response, let update) = L2CAPSignalling.reply(to: payload) {
                sendL2CAP(handle: handle, channel: L2CAP.signallingChannel, response)
                if let update { enqueue(HCICommand.leConnectionUpdate(handle: handle, update)) }
            }
        case L2CAP.securityChannel:
            if let reply = SecurityManager.reply(to: payload) { sendL2CAP(handle: handle, channel: L2CAP.securityChannel, reply) }
        default:
            break // dynamic channels are never opened by us
        }
    }

    func handleATT(handle: UInt16, _ pdu: ArraySlice<UInt8>, nowNs: UInt64) {
        guard let opcode = pdu.first, let connection = connections[handle] else { return }
        switch opcode {
        case ATT.Opcode.handleValueNotification, ATT.Opcode.handleValueIndication:
            if opcode == ATT.Opcode.handleValueIndication { sendL2CAP(handle: handle, channel: L2CAP.attChannel, ATT.confirmation) }
            guard pdu.count >= 3 else {
                delegate?.host(self, discardedMalformed: "ATT notification without a handle", handle: handle)
                return
            }
            let attribute = UInt16(pdu[pdu.startIndex + 1]) | UInt16(pdu[pdu.startIndex + 2]) << 8
            let value = pdu[(pdu.startIndex + 3)...]
            if attribute == connection.gatt.heartRateValueHandle {
                delegate?.host(self, heartRateMeasurement: value, handle: handle)
            } else if attribute == connection.gatt.batteryValueHandle {
                if let level = try? BatteryLevel.decode(value) {
                    delegate?.host(self, batteryLevel: level, handle: handle)
                } else {
                    delegate?.host(self, discardedMalformed: "battery level notification", handle: handle)
                }
            }
        case ATT.Opcode.exchangeMTURequest:
            sendL2CAP(handle: handle, channel: L2CAP.attChannel, ATT.exchangeMTUResponse())
        case let op where ATT.isRequestNeedingResponse(op):
            sendL2CAP(handle: handle, channel: L2CAP.attChannel, ATT.errorResponse(request: op))
        case let op where op & 0x40 != 0:
            break // an ATT command (no response expected)
        default:
            let events = connections[handle]!.gatt.handleResponse(pdu, nowNs: nowNs)
            perform(events, handle: handle)
        }
    }

    func perform(_ events: [GATTClient.Event], handle: UInt16) {
        for event in events {
            switch event {
            case .send(let pdu): sendL2CAP(handle: handle, channel: L2CAP.attChannel, pdu)
            case .heartRateSubscribed: delegate?.host(self, subscribed: handle)
            case .batteryLevel(let level): delegate?.host(self, batteryLevel: level, handle: handle)
            case .described(let description): delegate?.host(self, described: description, handle: handle)
            case .failed(let why):
                delegate?.host(self, discardedMalformed: "GATT: \(why)", handle: handle)
                disconnect(handle: handle)
            }
        }
    }
}
