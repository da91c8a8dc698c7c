import Appliance
import Localization

/// Where a picture file from a USB stick or a roster becomes a `StoredPhoto`.
///
/// The kiosk holds CAP_NET_ADMIN and CAP_NET_RAW (the HCI user channel), the database and the
/// Bluetooth link, and image decoders are where file-format exploits live (SDL_image's PNG loader
/// crashed on a 4.7 MB file). So the kiosk and `import-roster` decode in a child process of their
/// own binary (`PhotoHelper`): no capabilities, a memory and CPU budget from the picture's header,
/// killed after `PhotoHelper.timeout`. A crash there is one refused photo; the kiosk stays up and
/// its memory flat: decoding a 40-megapixel JPEG in process took the process to 349 MB, through
/// the helper it stayed at 62 MB. It costs a process start and the file's read per photo: 73 ms
/// on top of 233 ms for a 12-MP JPEG (`sideline-bench photo-helper`, release, 2 loaded cores).
public enum PhotoPreparation: Sendable {
    /// In this process: unit tests, and tools that hold nothing worth protecting.
    case inProcess
    /// In a child: `executable prepare-photo FILE` (the `sideline` binary; /proc/self/exe is this one).
    case helper(executable: String)

    /// The running program itself, as a helper.
    public static let helperOfThisProgram = PhotoPreparation.helper(executable: "/proc/self/exe")

    /// The file's photo, or a `PhotoError` saying in a few words why it cannot be one.
    public func prepare(file path: String) throws -> StoredPhoto {
        switch self {
        case .inProcess: try StoredPhoto(preparing: Self.readPicture(path))
        case .helper(let executable): try PhotoHelper.prepare(file: path, executable: executable)
        }
    }

    /// A picture file's bytes: a plain file within `PhotoLimits.picture`'s size.
    static func readPicture(_ path: String) throws -> [UInt8] {
        let bytes: [UInt8]
        do { bytes = try StickFile.read(path, atMost: PhotoLimits.picture.maxFileBytes) } catch { throw PhotoError(error.message) }
        guard !bytes.isEmpty else { throw PhotoError(Message(N_("the file is empty"))) }
        return bytes
    }
}
