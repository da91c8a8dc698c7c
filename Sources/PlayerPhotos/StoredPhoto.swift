import Localization

/// A player's photo as the database keeps it: a square JPEG, small enough that a squad's photos
/// travel in every backup without weighing on it (about 10–20 kB each).
public struct StoredPhoto: Sendable, Equatable {
    /// Sides of the stored square: sharp on a Full HD wall display's biggest tiles.
    public static let side = 256

    public var jpeg: [UInt8]

    /// Decodes, crops to a square around the face and scales a picture file's bytes; throws
    /// `PhotoError` for anything that is not a usable picture (then nothing is stored).
    public init(preparing bytes: [UInt8]) throws {
        jpeg = try PhotoImage(decoding: bytes).square(side: Self.side).jpeg()
    }

    /// What a photo helper answered, taken only if its header is what `init(preparing:)` makes:
    /// a JPEG of `side` × `side`.
    init(checking answer: [UInt8]) throws {
        let header = try? PictureHeader(reading: answer)
        guard let header, header.kind == .jpeg, header.width == Self.side, header.height == Self.side,
              answer.count <= PhotoLimits.stored.maxFileBytes else {
            throw PhotoError(Message(N_("the photo decoder answered something that is not a {side}-pixel JPEG"), ["side": "\(Self.side)"]))
        }
        jpeg = answer
    }

    public init(jpeg: [UInt8]) { self.jpeg = jpeg }
}
