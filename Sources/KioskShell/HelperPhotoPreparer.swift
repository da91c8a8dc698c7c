import Kiosk
import PlayerPhotos

/// The runtime's photo import prepares pictures here: each stick file in a child process of this
/// program (`PhotoPreparation.helperOfThisProgram`: no capabilities, a memory and time budget from
/// the picture's header, a seccomp filter), so a decoder bug costs one refused photo, not the kiosk.
public struct HelperPhotoPreparer: PhotoPreparing {
    public var preparation: PhotoPreparation

    public init(_ preparation: PhotoPreparation = .helperOfThisProgram) { self.preparation = preparation }

    public func storedJPEG(fromFile path: String) throws -> [UInt8] {
        try preparation.prepare(file: path).jpeg
    }
}
