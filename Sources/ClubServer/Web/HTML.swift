/// Text made safe for HTML: the one function every page's text and attribute values go through.
/// Pages are Swift string building rather than templates: the compiler checks every value a page
/// prints, nothing is read from files at run time (the Debian package ships one binary), and the
/// escaping happens in one place.
enum HTML {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}

extension String {
    /// This text escaped for HTML.
    var html: String { HTML.escape(self) }
}
