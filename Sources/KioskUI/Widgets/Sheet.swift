import AppCore
import TeamCore

/// A sheet over the whole screen (the lobby's tags, interval program, challenge): it takes every
/// touch beneath it, and has a title with a line of help under it and its buttons on the right.
extension Frame {
    /// Draws the sheet's ground and heading; returns where its buttons go (`buttonsWidth` wide, at the
    /// top right) and its body.
    func sheet(title: String, hint: String, buttonsWidth: Int) -> (buttons: Rect, body: Rect) {
        hits.block(screen)
        canvas.fill(screen, Theme.background)
        canvas.coverAll()
        let inner = screen.inset(metrics.margin)
        // A help line too long for one line at the readable size (German's, French's) gets a second: the body gives
        // up 20 px at 800×480.
        let hintWidth = inner.w - buttonsWidth
        let hintOnTwoLines = canvas.measure(hint, size: metrics.readableText) > hintWidth
        let (titleRow, body) = inner.splitTop(metrics.target + (hintOnTwoLines ? metrics.px(20) : 0), gap: metrics.gap)
        let (titleBox, buttons) = titleRow.splitRight(buttonsWidth)
        let (titleLine, hintLine) = titleBox.splitTop(metrics.target * 11 / 20)
        canvas.text(title, size: metrics.title, bold: true, in: titleLine)
        if !hintOnTwoLines || !textOnTwoLines(hint, size: metrics.small - metrics.px(2), bold: false, colour: Theme.textDim, in: hintLine) {
            canvas.text(hint, size: metrics.small, colour: Theme.textDim, in: hintLine)
        }
        return (buttons.splitTop(metrics.target).0, body)
    }
}
