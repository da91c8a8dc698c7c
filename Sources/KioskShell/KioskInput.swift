import CSDL2
import Foundation
import Kiosk
import KioskUI
import Localization
import TeamCore

/// SDL events → gestures → actions. Finger and mouse are one pointer.
extension KioskApp {
    func handle(_ e: SDL_Event) {
        let type = e.type
        if type == wake.eventType { return } // the ring is drained once per frame anyway
        switch type {
        case SDL_QUIT.rawValue:
            quitRequested = true
        // Coordinates are the coach's view's: in a window shared with the wall (one window across
        // both outputs), a press on the wall's part is nobody's.
        case SDL_MOUSEBUTTONDOWN.rawValue where e.button.which != UInt32.max && e.button.button == UInt8(SDL_BUTTON_LEFT):
            guard e.button.windowID == main.windowID, let p = main.local(windowX: Int(e.button.x), windowY: Int(e.button.y)) else { return }
            pointerDown(x: p.x, y: p.y)
        case SDL_MOUSEMOTION.rawValue where e.motion.which != UInt32.max && e.motion.state & 1 != 0:
            guard e.motion.windowID == main.windowID, let p = main.local(windowX: Int(e.motion.x), windowY: Int(e.motion.y)) else { return }
            pointerMove(x: p.x, y: p.y)
        case SDL_MOUSEBUTTONUP.rawValue where e.button.which != UInt32.max && e.button.button == UInt8(SDL_BUTTON_LEFT):
            guard e.button.windowID == main.windowID, let p = main.local(windowX: Int(e.button.x), windowY: Int(e.button.y)) else { return }
            pointerUp(x: p.x, y: p.y)
        case SDL_FINGERDOWN.rawValue:
            guard e.tfinger.windowID == main.windowID || e.tfinger.windowID == 0,
                  let p = main.local(normalizedX: e.tfinger.x, normalizedY: e.tfinger.y) else { return }
            pointerDown(x: p.x, y: p.y)
        case SDL_FINGERMOTION.rawValue:
            guard let p = main.local(normalizedX: e.tfinger.x, normalizedY: e.tfinger.y) else { return }
            pointerMove(x: p.x, y: p.y)
        case SDL_FINGERUP.rawValue:
            guard let p = main.local(normalizedX: e.tfinger.x, normalizedY: e.tfinger.y) else { return }
            pointerUp(x: p.x, y: p.y)
        case SDL_WINDOWEVENT.rawValue:
            windowEvent(e.window)
        case SDL_RENDER_TARGETS_RESET.rawValue, SDL_RENDER_DEVICE_RESET.rawValue:
            main.view.invalidate()
            wall?.view.invalidate()
            runtime.needsDraw = true
        default:
            break
        }
    }

    private func windowEvent(_ w: SDL_WindowEvent) {
        switch SDL_WindowEventID(UInt32(w.event)) {
        case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_RESIZED:
            if w.windowID == main.windowID { main.refreshSize() }
            if let wall, w.windowID == wall.windowID { wall.refreshSize() } // the same window when they share one
            noteLayout()
            runtime.needsDraw = true
        case SDL_WINDOWEVENT_CLOSE:
            if let wall, w.windowID == wall.windowID, wall.windowID != main.windowID {
                // The wall display went away (unplugged, closed): the coach's screen and the recording go on.
                self.wall = nil
                runtime.dispatch(.inform(Message(N_("Wall display closed — the session goes on"))))
            } else {
                quitRequested = true
            }
        case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED:
            main.view.invalidate()
            wall?.view.invalidate()
            runtime.needsDraw = true
        default:
            break
        }
    }

    func pointerDown(x: Int, y: Int) {
        inertia = Inertia()
        gestures.pointerDown(x: x, y: y, atMs: runtime.nowMs)
        dragTarget = main.view.hits.drag(at: x, y)
    }

    func pointerMove(x: Int, y: Int) {
        if let out = gestures.pointerMove(x: x, y: y, atMs: runtime.nowMs) { apply(out) }
    }

    func pointerUp(x: Int, y: Int) {
        if let out = gestures.pointerUp(x: x, y: y, atMs: runtime.nowMs) { apply(out) }
    }

    func apply(_ gesture: Gestures.Output) {
        switch gesture {
        case .tap(let x, let y):
            guard let hit = main.view.hits.hit(at: x, y) else { return }
            activate(hit, long: false)
        case .longPress(let x, let y):
            guard let hit = main.view.hits.hit(at: x, y) else { return }
            activate(hit, long: true)
        case .drag(_, _, let x, _, _, let dy):
            guard let region = dragTarget else { return }
            switch region.target {
            case .scroll(let id, let maxOffset):
                if main.view.scroll(id: id, by: Double(dy), maxOffset: maxOffset) { runtime.needsDraw = true }
            case .graphCursor(let duration):
                let fraction = Double(x - region.rect.x) / Double(max(1, region.rect.w))
                runtime.dispatch(.review(.cursor(Int64(fraction * Double(duration)))))
            }
        case .dragEnded(let velocity):
            if case .scroll(let id, let maxOffset)? = dragTarget?.target {
                inertia.velocity = velocity
                inertiaTarget = (id, maxOffset)
            }
            dragTarget = nil
        }
    }

    private func activate(_ hit: Hit, long: Bool) {
        if hit.label == "key:shift" {
            main.view.view.shift.toggle()
            runtime.needsDraw = true
            return
        }
        guard let action = long ? (hit.longPress ?? hit.action) : hit.action else { return }
        if case .form(.key) = action, main.view.view.shift { main.view.view.shift = false }
        runtime.needsDraw = true
        runtime.dispatch(action)
    }

    /// Lets a flicked list glide; returns true while it moves.
    func stepInertia(dtMs: Int64) {
        guard inertia.isMoving, let target = inertiaTarget else { return }
        let distance = inertia.step(dtMs: dtMs)
        if !main.view.scroll(id: target.id, by: distance, maxOffset: target.maxOffset) { inertia = Inertia() }
        runtime.needsDraw = true
    }
}
