/// Turns a picture file into the photo the store keeps (a square JPEG, cropped around the face).
/// Decoding needs SDL_image, which the runtime does not link, and a stranger's file is decoded in
/// a helper process without privileges: the shell hands a preparer in (`HelperPhotoPreparer`), and
/// matching files to players and storing them all or none stay here, testable without SDL.
public protocol PhotoPreparing: Sendable {
    /// The stored photo's JPEG bytes; throws, with a reason an admin can act on, for anything that
    /// is not a usable picture (or not a plain file of a picture's size).
    func storedJPEG(fromFile path: String) throws -> [UInt8]
}
