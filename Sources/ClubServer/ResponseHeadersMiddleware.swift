import HTTPTypes
import Hummingbird

/// Headers every answer carries, API and pages, errors included: `nosniff`, so a browser never runs an
/// answer as another type than it says (a stored text shown as a script or a page).
struct ResponseHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.xContentTypeOptions] = "nosniff"
        return response
    }
}
