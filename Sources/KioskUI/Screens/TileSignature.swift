import AppCore
import TeamCore

/// Everything a live tile shows except the heart's beat: equal signatures draw
/// the same pixels, so only the heart needs redrawing.
struct TileSignature: Equatable {
    var rect: Rect
    var bpm: Int
    var percent: Int
    var zone: HeartRateZone
    var signal: Bool
    var contact: SensorContact
    var battery: Int?
    var flagged: Bool
    var name: String
    var number: Int
    var privacy: Bool
    /// The third line: which figure, and its value as shown (whole numbers).
    var detail: TileDetail
    var detailValue: Int
    var photoVersion: Int64?

    init(_ tile: ShownTile, rect: Rect, state: AppState, privacy: Bool, flag: Bool, detail: TileDetail) {
        self.rect = rect
        bpm = tile.bpm
        percent = tile.shownPercent
        zone = tile.shownZone
        signal = tile.hasSignal
        contact = tile.contact
        battery = tile.battery
        flagged = flag && tile.isFlagged(nowMs: state.nowMs, alertMs: state.settings.values.highIntensityAlertMs)
        name = tile.name
        number = tile.shirtNumber
        self.privacy = privacy
        self.detail = detail
        detailValue = TilePlan.detailValue(tile, detail: detail)
        photoVersion = tile.photoVersion
    }
}
