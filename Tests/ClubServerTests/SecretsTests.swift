import Foundation
import XCTest
@testable import ClubStorage

final class SecretsTests: XCTestCase {
    func testTokensCarry256BitsAndMatchHowEverTheyAreTyped() {
        let code = SecretToken.generate(prefix: "")
        XCTAssertEqual(code.filter { $0 != "-" }.count, 52, "256 bits in base32")
        XCTAssertNotEqual(code, SecretToken.generate(prefix: ""))
        XCTAssertEqual(SecretToken.hash(code), SecretToken.hash(code.uppercased().replacingOccurrences(of: "-", with: " ")))
        XCTAssertNotEqual(SecretToken.hash(code), SecretToken.hash(String(code.dropLast())))
        XCTAssertEqual(SecretToken.hash(code).count, 32)
        XCTAssertTrue(SecretToken.generate(prefix: "api_").hasPrefix("api_"))
    }

    func testBase32MatchesRFC4648() {
        // RFC 4648 section 10, in lower case without padding.
        XCTAssertEqual(SecretToken.base32(Array("foobar".utf8)), "mzxw6ytboi")
        XCTAssertEqual(SecretToken.base32(Array("f".utf8)), "my")
    }

    func testPasswordsVerifyOnlyThemselvesAndSurviveStorage() throws {
        let hash = try PasswordHash.make(password: "correct horse battery", log2N: 10)
        let stored = try XCTUnwrap(PasswordHash(stored: hash.stored))
        XCTAssertTrue(stored.verify("correct horse battery"))
        XCTAssertFalse(stored.verify("correct horse batterY"))
        XCTAssertFalse(stored.verify(""))
        XCTAssertNotEqual(try PasswordHash.make(password: "correct horse battery", log2N: 10).stored, hash.stored, "salted")
        XCTAssertTrue(hash.stored.hasPrefix("scrypt$10$8$1$"))
        XCTAssertNil(PasswordHash(stored: "bcrypt$2b$12$abc"))
        XCTAssertNil(PasswordHash(stored: "scrypt$40$8$1$AA==$AA=="))
    }

    func testDatabaseURLs() throws {
        let tcp = try DatabaseURL("postgres://sideline_app:s%40cret@127.0.0.1:5544/club")
        XCTAssertEqual(tcp.endpoint, .tcp(host: "127.0.0.1", port: 5544))
        XCTAssertEqual(tcp.user, "sideline_app")
        XCTAssertEqual(tcp.password, "s@cret")
        XCTAssertEqual(tcp.database, "club")
        XCTAssertFalse(tcp.description.contains("cret"), "no password in messages")
        let socket = try DatabaseURL("postgresql://owner@/club?host=/tmp/pg&sslmode=require")
        XCTAssertEqual(socket.endpoint, .socket(path: "/tmp/pg/.s.PGSQL.5432"))
        XCTAssertTrue(socket.requireTLS)
        for bad in ["mysql://a@b/c", "postgres://host/db", "postgres://u@h/", "postgres://u@h/db?sslmode=maybe"] {
            XCTAssertThrowsError(try DatabaseURL(bad), bad)
        }
        XCTAssertThrowsError(try DatabaseURL.resolve(nil, environment: [:]))
        XCTAssertEqual(try DatabaseURL.resolve(nil, environment: ["SIDELINE_CLUB_DATABASE_URL": "postgres://u@h/d"]).database, "d")
    }
}
