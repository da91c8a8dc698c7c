import ClubProtocol
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TeamCore
import XCTest

/// The club's pages in process against a real PostgreSQL: signing in, a page showing what a kiosk named (escaped),
/// and a state-changing form refused without the session's token or from another site.
final class WebRouteTests: XCTestCase {
    /// What a hostile kiosk might name a team: markup, an entity, both quotes (within a team name's 24 characters).
    static let hostileName = "<b>'x'</b> & \"Co\""

    func testASignedInPageShowsWhatAKioskNamedAsTextNotMarkup() async throws {
        try await RouteRig.withClub { rig in
            let team = UUID()
            let edit = RosterEdit(entity: .team, key: team.uuidString.lowercased(), field: "name", value: .string(Self.hostileName),
                                  stamp: HybridTimestamp(wallMs: Date().unixMs, origin: "kiosk:\(rig.kioskID.uuidString.lowercased())"))
            let pushed = try await rig.kiosk(.post, "/api/v1/kiosk/roster/edits", body: RouteRig.json(RosterEditsRequest(edits: [edit])))
            XCTAssertEqual(pushed.status, .ok, RouteRig.text(pushed))
            let session = try await Self.signIn(rig)
            let page = try await rig.client.execute(uri: "/teams", method: .get, headers: [.cookie: session])
            XCTAssertEqual(page.status, .ok, RouteRig.text(page))
            XCTAssertEqual(page.headers[HTTPField.Name("X-Content-Type-Options")!], "nosniff")
            let html = RouteRig.text(page)
            XCTAssertTrue(html.contains("&lt;b&gt;&#39;x&#39;&lt;/b&gt; &amp; &quot;Co&quot;"), html)
            XCTAssertFalse(html.contains("<b>'x'"), html)
        }
    }

    func testAFormWithoutTheSessionsTokenOrFromAnotherSiteIsRefused() async throws {
        try await RouteRig.withClub { rig in
            let session = try await Self.signIn(rig)
            let account = try await rig.client.execute(uri: "/account", method: .get, headers: [.cookie: session])
            XCTAssertEqual(account.status, .ok, RouteRig.text(account))
            let csrf = try XCTUnwrap(Self.hiddenCSRF(in: RouteRig.text(account)))
            func post(_ form: String, origin: String?) async throws -> TestResponse {
                var headers: HTTPFields = [.cookie: session, .contentType: "application/x-www-form-urlencoded"]
                if let origin { headers[.origin] = origin }
                return try await rig.client.execute(uri: "/account", method: .post, headers: headers, body: ByteBuffer(string: form))
            }
            let noToken = try await post("language=de", origin: nil)
            XCTAssertEqual(noToken.status, .forbidden, RouteRig.text(noToken))
            let elsewhere = try await post("csrf=\(csrf)&language=de", origin: "https://evil.example")
            XCTAssertEqual(elsewhere.status, .forbidden, RouteRig.text(elsewhere))
            // The same form with its token and no foreign origin goes through: the refusals were for those reasons.
            let saved = try await post("csrf=\(csrf)&language=de", origin: nil)
            XCTAssertEqual(saved.status, .seeOther, RouteRig.text(saved))
            XCTAssertEqual(saved.headers[.location], "/account?saved=1")
        }
    }

    /// Signs the club's admin in as a browser does (the form's cookie and token, then the form), answering the session's cookie.
    static func signIn(_ rig: RouteRig) async throws -> String {
        let form = try await rig.client.execute(uri: "/login", method: .get)
        XCTAssertEqual(form.status, .ok)
        let formCookie = try XCTUnwrap(cookie(form, named: "sideline_login"))
        let token = try XCTUnwrap(hiddenCSRF(in: RouteRig.text(form)))
        let body = "csrf=\(token)&email=\(rig.adminEmail.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
            + "&password=\(RouteRig.adminPassword.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
        let signedIn = try await rig.client.execute(uri: "/login", method: .post,
                                                    headers: [.cookie: "sideline_login=\(formCookie)", .contentType: "application/x-www-form-urlencoded"],
                                                    body: ByteBuffer(string: body))
        XCTAssertEqual(signedIn.status, .seeOther, RouteRig.text(signedIn))
        return "sideline_session=\(try XCTUnwrap(cookie(signedIn, named: "sideline_session")))"
    }

    static func cookie(_ response: TestResponse, named name: String) -> String? {
        response.headers[values: .setCookie].lazy.compactMap { line -> String? in
            guard line.hasPrefix(name + "=") else { return nil }
            return String(line.dropFirst(name.count + 1).prefix { $0 != ";" })
        }.first { !$0.isEmpty }
    }

    static func hiddenCSRF(in html: String) -> String? {
        guard let range = html.range(of: "name=\"csrf\" value=\"") else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" })
    }
}
