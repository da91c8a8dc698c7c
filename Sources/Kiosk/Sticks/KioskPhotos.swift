import AppCore
import Foundation
import Localization
import Store
import TeamCore

/// "Import photos from USB": players' photos taken from a stick, off the event loop, all or none
/// (the windows read them from the store: `KioskApp.showPhotos`). Decoding is the shell's `PhotoPreparing`.
extension StickServices {
    /// Folders of a stick where photos are looked for: its top, and these below it.
    static let photoFolders = ["", "photos", "sideline-photos"]

    /// Team setup → "Import photos from USB": pictures named by shirt number or name, for this team.
    func importPhotos(teamID: Int64) {
        let state = app.state()
        guard let usb, let stick = usb.stick else {
            app.send(.failed(Message(N_("No USB stick found: copy the photos (named 7.jpg or Mia Berg.jpg) to one and plug it in"))))
            return
        }
        guard teamID == state.teamID else { return }
        // A runtime without a shell (a test) has nothing to decode pictures with.
        guard let photos else { return app.send(.failed(Message(N_("This kiosk cannot read pictures")))) }
        let roster = state.roster, store = store
        runOnStick(stick, usb: usb, then: .loadRoster(teamID: teamID)) {
            try Self.importPhotos(from: stick, roster: roster, into: store, preparing: photos)
        }
    }

    /// "All players" → a player's photo → "Photo from USB": the picture named after them
    /// ("Mia Berg.jpg", as the team's import names them) replaces their photo, if there is one.
    func importPhoto(playerID: Int64, player: Player) {
        guard let usb, let stick = usb.stick else {
            app.send(.failed(Message(N_("No USB stick found: copy the photo (named {name}.jpg) to one and plug it in"), ["name": player.fullName])))
            return
        }
        guard let photos else { return app.send(.failed(Message(N_("This kiosk cannot read pictures")))) }
        // No shirt number: the player may wear several, or none; the name says whose it is.
        let line = RosterLine(playerID: playerID, player: player, shirtNumber: -1, strapID: nil)
        let store = store
        runOnStick(stick, usb: usb, then: .loadPlayers) {
            try Self.importPhotos(from: stick, roster: [line], into: store, preparing: photos,
                                  noneFound: Message(N_("No photo of {name} on the USB stick: name it {name}.jpg"), ["name": player.fullName]),
                                  mentionOthers: false)
        }
    }

    /// Decodes every matching picture first (the shell's `PhotoPreparing`: a helper process); stores
    /// them only when all could be read, in one transaction. The first that cannot be read ends
    /// the import, so a stick of slow hostile pictures costs one decoder's time limit, not one each.
    /// Returns the line the coach reads.
    static func importPhotos(from stick: String, roster: [RosterLine], into store: SidelineStore, preparing photos: any PhotoPreparing,
                             noneFound: Message = Message(N_("No photos for this team on the USB stick: name them by shirt number (7.jpg) or name (Mia Berg.jpg)")),
                             mentionOthers: Bool = true) throws -> Message {
        let files = photoFolders.flatMap { folder -> [String] in
            let path = folder.isEmpty ? stick : stick + "/" + folder
            return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).map { path + "/" + $0 }
        }
        let found = PhotoFileNames.match(files, roster: roster)
        guard !found.matches.isEmpty else { return noneFound }
        var prepared: [(playerID: Int64, jpeg: [UInt8])] = []
        for match in found.matches {
            do {
                prepared.append((match.playerID, try photos.storedJPEG(fromFile: match.file)))
            } catch {
                log.warning("photo \(match.file): \(error)")
                let name = (match.file as NSString).lastPathComponent
                return Message(N_("Photos not imported, nothing changed: {file} cannot be used as a photo ({reason})"),
                               ["file": name], nested: ["reason": KioskRuntime.message(of: error)])
            }
        }
        try store.setPlayerPhotos(prepared)
        log.info("imported \(prepared.count) photos from \(stick); matching no player: \(found.unmatched)")
        var imported = Message(Nn_("Imported {n} photo from the USB stick", "Imported {n} photos from the USB stick"), n: prepared.count)
        guard !found.unmatched.isEmpty, mentionOthers else { return imported }
        imported.following = [Message(Nn_("{n} matched nobody", "{n} matched nobody"), n: found.unmatched.count)]
        return imported
    }
}
