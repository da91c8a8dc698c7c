import ArgumentParser
import Foundation
import PlayerPhotos

/// `sideline prepare-photo FILE` (hidden): the child process that decodes one picture from a USB
/// stick or a roster for the kiosk and `import-roster` — without capabilities, within a memory
/// and CPU budget (`PhotoHelper`). Not for people: its answer is binary.
struct PreparePhotoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: PhotoHelper.subcommand, shouldDisplay: false)
    @Argument var file: String

    func run() throws {
        Foundation.exit(PhotoHelper.serve(file: file))
    }
}
