import Localization
import TeamCore

/// What the sensor source tells the app, through the shell.
public enum SensorsAction: Sendable, Equatable {
    /// The running source's strap table, from its owner (the pump): at start, when pairing added
    /// some, and when a switch started another source.
    case strapTableLoaded(StrapTable)
    case event(SensorEvent)
    /// Straps the Bluetooth scan heard advertising while pairing (signal, battery),
    /// before or without a connection.
    case heard([HeardStrap])
    /// What keeps the source from hearing straps (a Bluetooth controller lost and being
    /// reopened), or nil once it works again.
    case problem(String?)
    /// The shell switched the source: a new description, and readings start afresh.
    case switched(SensorChoice, description: Message)
}

/// Keeps the strap table and each strap's latest reading.
enum SensorsReducer {
    static func reduce(_ sensors: inout Sensors, _ action: SensorsAction, nowMs: Int64) -> Reduction {
        switch action {
        case .strapTableLoaded(let table):
            sensors.strapTable = table
            return .none
        case .event(let event):
            take(&sensors, event)
            return .none
        case .heard(let heard):
            for h in heard where sensors.slot(h.strapIndex) != nil {
                var reading = sensors.readings[h.strapIndex] ?? StrapReading()
                reading.rssi = h.rssi
                reading.lastHeardMs = nowMs
                reading.everHeard = true
                reading.heardButBusy = !h.usable
                if let battery = h.battery { reading.battery = battery }
                sensors.readings[h.strapIndex] = reading
            }
            return .none
        case .problem(let problem):
            let solved = problem == nil && sensors.problem != nil
            sensors.problem = problem
            return solved ? .send(.inform(Message(AppState.sourceBackNotice))) : .none
        case .switched(let kind, let description):
            sensors.kind = kind
            sensors.description = description
            sensors.readings = [:] // the new source's straps speak for themselves
            sensors.problem = nil
            return .send(.inform(Message(N_("Heart rates now from: {description}"), nested: ["description": description])))
        }
    }
}

extension SensorsReducer {
    /// The strap's reading takes the event in place; returns the reading before it (nil: none yet).
    /// One hash of the strap's index an event, not one to read and another to write.
    @discardableResult
    static func take(_ sensors: inout Sensors, _ event: SensorEvent) -> StrapReading? {
        guard let i = sensors.readings.index(forKey: event.strap) else {
            var reading = StrapReading()
            reading.take(event)
            sensors.readings[event.strap] = reading
            return nil
        }
        let previous = sensors.readings.values[i]
        sensors.readings.values[i].take(event)
        return previous
    }
}

extension StrapReading {
    /// A heart rate counts only with skin contact (or a strap that cannot tell); the contact,
    /// battery and link are taken as they come.
    mutating func take(_ e: SensorEvent) {
        switch e.kind {
        case .measurement, .advert:
            everHeard = true
            contact = e.contact
            if e.kind == .advert || e.rssi != 0 { rssi = Int(e.rssi) }
            if e.bpm > 0 && e.contact != .notDetected {
                bpm = Int(e.bpm)
                lastReadingMs = e.timestampMs
            }
            if e.battery != SensorEvent.noBattery { battery = Int(e.battery) }
            if e.kind == .measurement { link = .connected }
        case .battery:
            everHeard = true
            battery = Int(e.battery)
        case .link:
            link = e.link
            if e.link == .connected || e.link == .broadcast { everHeard = true } // a connect asked for is not a sighting
            if e.rssi != 0 { rssi = Int(e.rssi) }
        }
    }
}
