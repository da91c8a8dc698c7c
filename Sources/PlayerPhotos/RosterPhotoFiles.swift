import Foundation
import Localization

/// The photos a roster file names (`sideline import-roster`): each a picture file beside the roster,
/// or a full path, prepared as the store keeps it.
public enum RosterPhotoFiles {
    /// Every named photo prepared (decoded, cropped, scaled — in a helper process: `PhotoPreparation`),
    /// by roster line; or what is wrong with each that cannot be (the file as the roster names it and the
    /// picture's problem, worded by the caller), so the admin fixes the file once.
    public static func prepare(_ named: [(line: Int, file: String)], besideFile roster: String, preparing preparation: PhotoPreparation)
        -> (photos: [Int: [UInt8]], problems: [(line: Int, file: String, problem: Message)]) {
        let folder = (roster as NSString).deletingLastPathComponent
        var photos: [Int: [UInt8]] = [:]
        var problems: [(line: Int, file: String, problem: Message)] = []
        for (line, name) in named {
            let path = name.hasPrefix("/") ? name : (folder.isEmpty ? name : folder + "/" + name)
            do {
                photos[line] = try preparation.prepare(file: path).jpeg
            } catch let error as PhotoError {
                problems.append((line, name, error.message))
            } catch {
                problems.append((line, name, Message(N_("the picture cannot be used ({problem})"), ["problem": "\(error)"])))
            }
        }
        return (photos, problems)
    }
}
