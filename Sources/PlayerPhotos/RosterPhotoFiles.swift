import Foundation

/// The photos a roster file names (`sideline import-roster`): each a picture file beside the roster,
/// or a full path, read and prepared as the store keeps it.
public enum RosterPhotoFiles {
    /// Every named photo read and prepared (decoded, cropped, scaled), by roster line; or what is
    /// wrong with each that cannot be, so the admin fixes the file once.
    public static func prepare(_ named: [(line: Int, file: String)], besideFile roster: String) -> (photos: [Int: [UInt8]], problems: [String]) {
        let folder = (roster as NSString).deletingLastPathComponent
        var photos: [Int: [UInt8]] = [:]
        var problems: [String] = []
        for (line, name) in named {
            let path = name.hasPrefix("/") ? name : (folder.isEmpty ? name : folder + "/" + name)
            guard let bytes = FileManager.default.contents(atPath: path) else {
                problems.append("line \(line): photo \(name): no such file beside the roster (\(path))")
                continue
            }
            do {
                photos[line] = try StoredPhoto(preparing: [UInt8](bytes)).jpeg
            } catch let error as PhotoError {
                problems.append("line \(line): photo \(name): \(error.description)")
            } catch {
                problems.append("line \(line): photo \(name): \(error)")
            }
        }
        return (photos, problems)
    }
}
