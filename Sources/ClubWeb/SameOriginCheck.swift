import HTTPTypes
import Hummingbird

/// A browser's request that changes something (any method but GET, HEAD, OPTIONS) must come from the
/// club's own pages: its Origin (else its Referer) names this server's host, or it is refused with 403
/// before anything else runs. A request with neither header is let through to the form's CSRF token,
/// which still guards every form: browsers send Origin on every cross-site POST, so the missing header is
/// a script or an old browser, not another site's page.
struct SameOriginCheck<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard ![.get, .head, .options].contains(request.method), !Self.isSameOrigin(request) else {
            return try await next(request, context)
        }
        context.logger.notice("web: a \(request.method) to \(request.uri.path) from another origin (\(request.headers[.origin] ?? request.headers[.referer] ?? "-")) refused")
        return WebPage.problem(.forbidden, "This request came from another site's page, so it was not carried out.", user: nil).response
    }

    static func isSameOrigin(_ request: Request) -> Bool {
        let claimed: String
        if let origin = request.headers[.origin] {
            claimed = origin
        } else if let referer = request.headers[.referer] {
            claimed = referer
        } else {
            return true
        }
        guard let host = request.head.authority ?? request.headers[HTTPField.Name("Host")!],
              let authority = authority(ofURL: claimed) else { return false }
        return authority == normalised(host, scheme: nil)
    }

    /// "https://Club.example:443/path" → "club.example"; nil for "null" or anything that is not an absolute http(s) URL.
    static func authority(ofURL text: String) -> String? {
        let lower = text.lowercased()
        let scheme: String
        if lower.hasPrefix("https://") { scheme = "https" } else if lower.hasPrefix("http://") { scheme = "http" } else { return nil }
        let rest = lower.dropFirst(scheme.count + 3)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        return normalised(String(authority), scheme: scheme)
    }

    /// Lower case, without the scheme's default port (a Host header may carry ":443" or not).
    static func normalised(_ authority: String, scheme: String?) -> String {
        let lower = authority.lowercased()
        for (port, defaultScheme) in [(":443", "https"), (":80", "http")] where lower.hasSuffix(port) && (scheme == nil || scheme == defaultScheme) {
            return String(lower.dropLast(port.count))
        }
        return lower
    }
}
