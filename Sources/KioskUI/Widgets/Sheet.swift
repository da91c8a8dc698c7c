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
        let (titleRow, body) = screen.inset(metrics.margin).splitTop(metrics.target, gap: metrics.gap)
        let (titleBox, buttons) = titleRow.splitRight(buttonsWidth)
        let (titleLine, hintLine) = titleBox.splitTop(titleBox.h * 11 / 20)
        canvas.text(title, size: metrics.title, bold: true, in: titleLine)
        canvas.text(hint, size: metrics.small, colour: Theme.textDim, in: hintLine)
        return (buttons, body)
    }
}
