import AppCore
import Appliance
import CSDL2
import Diagnostics
import Foundation
import Kiosk
import KioskUI
import TeamCore

/// The kiosk on screen: one thread, one SDL loop. Turns SDL input into actions for the runtime,
/// draws its state on the coach's window and the wall display, and tells systemd it is up and alive.
public final class KioskApp {
    public let runtime: KioskRuntime
    public let main: KioskWindow
    public internal(set) var wall: KioskWindow?
    let wake: WakeSignal
    var gestures = Gestures()
    var inertia = Inertia()
    var inertiaTarget: (id: String, maxOffset: Int)?
    var dragTarget: DragRegion?
    var quitRequested = false
    private var lastLayout: String?
    /// Frames drawn, for benchmarks and the state dump.
    public private(set) var framesDrawn = 0
    /// systemd's notification socket when run as a service: ready after the first frame, watchdog from the loop.
    public var service: ServiceNotifier?
    /// The start's phases up to the first frame, said in the journal once it is drawn.
    public var startup: StartupTimeline?
    static let log = Diagnostics.logger("kiosk")
    /// A benchmark watching frames and events.
    public var observer: (any KioskObserver)? {
        didSet { runtime.sources.observer = observer }
    }

    public init(runtime: KioskRuntime, main: KioskWindow, wall: KioskWindow?, wake: WakeSignal) {
        self.runtime = runtime
        self.main = main
        self.wall = wall
        self.wake = wake
        runtime.speaker = SDLSpeaker()
        runtime.sticks.photos = HelperPhotoPreparer()
        showPhotos()
    }

    /// Both windows draw faces from the store (read once per player and size, then cached as textures).
    func showPhotos() {
        let store = runtime.store
        let source: (Int64) -> [UInt8]? = { id in try? store.playerPhoto(id) }
        main.view.canvas.photoSource = source
        wall?.view.canvas.photoSource = source
    }

    public var state: AppState { runtime.state }

    /// One window over several outputs: where each view went, logged when it changes (the
    /// compositor sizes the window after it opens, and again when an output comes or goes).
    public func noteLayout() {
        guard let layout = main.layoutSummary, layout != lastLayout else { return }
        lastLayout = layout
        Self.log.notice("\(layout)")
    }

    /// Draws both windows if something changed (or the hearts need to beat).
    private var drawnLanguageChanges = 0
    /// The screen the last frame drew.
    private var drawnScreen: AppState.Screen?

    public func drawIfNeeded(force: Bool = false) {
        guard runtime.needsDraw || force else { return }
        runtime.needsDraw = false
        if runtime.languageChanges != drawnLanguageChanges {
            // What was drawn in the last language (tiles' texts, the live bar) is drawn again in the new one.
            drawnLanguageChanges = runtime.languageChanges
            main.view.languageChanged()
            wall?.view.languageChanged()
        }
        framesDrawn += 1
        let now = runtime.nowMs, wallClock = runtime.wallClock
        main.beginDrawing()
        main.view.draw(state, animMs: now, wallClock: wallClock)
        main.present()
        observer?.presented(atNs: DispatchTime.now().uptimeNanoseconds)
        if let wall {
            wall.beginDrawing()
            wall.view.drawWall(state, animMs: now, wallClock: wallClock)
            wall.present()
        }
        if framesDrawn == 1 { firstFrameShown() }
        if state.screen != drawnScreen {
            if state.screen == .live, drawnScreen != nil { leaveEarlierScreensBehind() }
            drawnScreen = state.screen
        }
    }

    /// The live screen's first frame is up, drawn whole: the team picker's and the lobby's texts and the fonts
    /// only they used are let go, and the pages malloc then holds free handed back — the live screen stays up
    /// for the whole session beside nothing else (issue 34's 40 live ≤ 60 MB; decision 109). Coming back to
    /// those screens renders their texts again, the same pixels.
    private func leaveEarlierScreensBehind() {
        Canvas.keepOnlyLastFrames(of: [main.view.canvas] + (wall.map { [$0.view.canvas] } ?? []))
        FreedMemory.handBack()
    }

    /// On screen: systemd hears it, the journal says how long it took, reads get the store's own
    /// connections (until now they shared the writer's: one schema parsed before the first frame,
    /// not two), and only now the sound device opens (ALSA's probing costs a second on a slow board, and nothing sounds before
    /// there is a screen) and the club sync starts (its first pass a few seconds on), so a crashed kiosk is back on screen sooner.
    private func firstFrameShown() {
        if let startup {
            startup.mark("first frame")
            // A service's start is worth a journal line; a headless run's stderr keeps to what went wrong.
            Self.log.log(level: service == nil ? .debug : .info, "\(startup.summary)")
            self.startup = nil
        }
        service?.ready(status: "on screen; heart rates from \(state.sensors.description.english)")
        runtime.store.startReaders()
        runtime.prepareSound()
        runtime.clubSync.start()
    }

    /// One turn without input: the runtime's news, a frame if needed, the recording committed after it.
    public func frame(force: Bool = false) {
        runtime.update()
        drawIfNeeded(force: force)
        runtime.commitRecording()
    }

    /// Before the process ends: the recording ended and kept, the windows closed before SDL_Quit
    /// (which `KioskLaunch` runs next).
    public func shutdown() {
        service?.stopping()
        runtime.shutdown()
        wall?.close()
        main.close()
    }
}
