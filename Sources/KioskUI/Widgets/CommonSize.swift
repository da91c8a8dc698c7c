/// One font size for texts that sit side by side (a row of buttons, the lines of a panel, a list's
/// rows): the largest at which every one of them fits its width, so none is drawn smaller than
/// its neighbours because its words are longer.
extension Frame {
    /// `texts`: each text with the width it has. At most `max`, at least `min` (a text that does not
    /// fit even then is left to the canvas to shrink).
    func commonSize(_ texts: [(text: String, width: Int)], max: Int, min: Int, bold: Bool) -> Int {
        var size = max
        for (text, width) in texts where !text.isEmpty {
            while size > min, canvas.drawnWidth(text, size: size, bold: bold) > width {
                size -= 1
            }
        }
        return size
    }

    /// The forms of a set of texts (longest first, the same number each) that go side by side: the
    /// longest form index at which all of them fit at `readable` or more, and that size. Where none
    /// does, the shortest forms at the size they fit at.
    func commonForms(_ forms: [[String]], widths: [Int], max: Int, readable: Int, bold: Bool) -> (index: Int, size: Int) {
        let count = forms.map(\.count).min() ?? 0
        var last = (index: 0, size: readable)
        for k in 0..<count {
            let size = commonSize(zip(forms, widths).map { ($0[k], $1) }, max: max, min: 6, bold: bold)
            last = (k, size)
            if size >= readable { return last }
        }
        return last
    }
}
