/// What the screens before the one on now drew, let go once it is on: the live screen stays up for a whole
/// session, and the team picker's and the lobby's texts (≈ 3.5 MB of textures at 1920×1080) and the fonts
/// only they used (≈ 1.5 MB) would stay in the cache beside it the whole time, never drawn (issue 34's 40 live
/// ≤ 60 MB; decision 109). Drawn again, they are rendered again: the same pixels.
extension Canvas {
    /// Keeps in each canvas only the texts its last frame drew, and open only the fonts those were drawn in.
    /// Call right after a frame that drew the whole screen (the first of a screen).
    public static func keepOnlyLastFrames(of canvases: [Canvas]) {
        var kept = Set<Int>()
        for canvas in canvases { kept.formUnion(canvas.text.keepLastFrameOnly()) }
        // The windows share one font book (KioskLaunch opens one); closing twice closes nothing more.
        for canvas in canvases { canvas.text.fonts.close(allBut: kept) }
    }
}
