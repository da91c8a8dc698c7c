import Kiosk
import PlayerPhotos

/// The runtime's photo import decodes pictures here, through SDL_image (`StoredPhoto`): surfaces
/// only, no video subsystem, so it is safe on the background job's queue.
public struct SDLPhotoPreparer: PhotoPreparing {
    public init() {}

    public func storedJPEG(from picture: [UInt8]) throws -> [UInt8] {
        try StoredPhoto(preparing: picture).jpeg
    }
}
