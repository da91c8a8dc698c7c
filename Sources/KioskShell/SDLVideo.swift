import CSDL2
import Diagnostics
import Foundation
import Kiosk
import KioskUI

/// SDL's video and events, started once for the kiosk's lifetime and quit at its end, and the
/// fonts every window draws with.
public enum SDLVideo {
    /// No display: SDL's offscreen driver and the software renderer. Sounds play into nothing
    /// unless a test names a driver (`disk` writes them to a file).
    static func useHeadlessDrivers() {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        setenv("SDL_RENDER_DRIVER", "software", 1)
        setenv("SDL_AUDIODRIVER", "dummy", 0)
    }

    /// A display to open windows on: a display server, a DRM device, or a driver named in the environment.
    static var displayFound: Bool {
        getenv("DISPLAY") != nil || getenv("WAYLAND_DISPLAY") != nil || getenv("SDL_VIDEODRIVER") != nil
            || FileManager.default.fileExists(atPath: "/dev/dri/card0")
    }

    /// `SDL_Init` of video and events; the caller runs `quit` when done. `failure` words SDL's error for the user.
    static func start(failure: (String) -> String) throws {
        guard SDL_Init(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS)) == 0 else {
            throw KioskError(failure(String(cString: SDL_GetError())))
        }
    }

    /// The benchmarks' SDL: the offscreen driver (its renderer as SDL picks it), sounds into nothing.
    public static func startForBenchmarks() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        setenv("SDL_AUDIODRIVER", "dummy", 0)
        try start { "SDL could not start the offscreen driver (\($0))" }
    }

    public static func quit() { SDL_Quit() }

    /// The kiosk's fonts (`SIDELINE_ASSETS`, else where the package puts them); missing ones are the user's to fix.
    public static func fonts() throws -> FontBook {
        do {
            return try FontBook(assetsDirectory: ProcessEnvironment.value(of: "SIDELINE_ASSETS"))
        } catch let error as FontBook.Missing {
            throw KioskError(error.description)
        }
    }
}
