/// Turns a picture file's bytes into the photo the store keeps (a square JPEG, cropped around the
/// face). Decoding needs SDL_image, which the runtime does not link: the shell hands one in
/// (`SDLPhotoPreparer`), and matching files to players, reading them and storing them all or none
/// stay here, testable without SDL.
public protocol PhotoPreparing: Sendable {
    /// The stored photo's JPEG bytes; throws, with a reason an admin can act on, for anything that
    /// is not a usable picture.
    func storedJPEG(from picture: [UInt8]) throws -> [UInt8]
}
