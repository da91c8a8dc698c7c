import _CryptoExtras
import Crypto
import Foundation

/// Passwords of the club's web users, hashed with scrypt (swift-crypto's `_CryptoExtras`, on
/// BoringSSL): memory-hard, so a stolen table costs an attacker memory as well as time per guess,
/// and no package beyond the swift-crypto the server already needs for SHA-256.
///
/// Stored as `scrypt$LOG2N$R$P$SALT$KEY` (base64), so the cost can be raised later and old
/// hashes still verify. N = 2^15, r = 8, p = 1: 32 MiB and about 0.1 s per check here.
public struct PasswordHash: Sendable, Equatable {
    public var log2N: Int
    public var blockSize: Int
    public var parallelism: Int
    public var salt: Data
    public var key: Data

    public static let defaultLog2N = 15

    public static func make(password: String, log2N: Int = defaultLog2N) throws -> PasswordHash {
        var generator = SystemRandomNumberGenerator()
        let salt = Data((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let key = try derive(password, salt: salt, log2N: log2N, blockSize: 8, parallelism: 1)
        return PasswordHash(log2N: log2N, blockSize: 8, parallelism: 1, salt: salt, key: key)
    }

    public init(log2N: Int, blockSize: Int, parallelism: Int, salt: Data, key: Data) {
        self.log2N = log2N
        self.blockSize = blockSize
        self.parallelism = parallelism
        self.salt = salt
        self.key = key
    }

    public init?(stored: String) {
        let parts = stored.split(separator: "$").map(String.init)
        guard parts.count == 6, parts[0] == "scrypt", let n = Int(parts[1]), let r = Int(parts[2]), let p = Int(parts[3]),
              (10...22).contains(n), (1...32).contains(r), (1...16).contains(p),
              let salt = Data(base64Encoded: parts[4]), let key = Data(base64Encoded: parts[5]) else { return nil }
        self.init(log2N: n, blockSize: r, parallelism: p, salt: salt, key: key)
    }

    public var stored: String { "scrypt$\(log2N)$\(blockSize)$\(parallelism)$\(salt.base64EncodedString())$\(key.base64EncodedString())" }

    /// True when `password` is the one hashed; compared in constant time.
    public func verify(_ password: String) -> Bool {
        guard let candidate = try? Self.derive(password, salt: salt, log2N: log2N, blockSize: blockSize, parallelism: parallelism),
              candidate.count == key.count else { return false }
        return zip(candidate, key).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    static func derive(_ password: String, salt: Data, log2N: Int, blockSize: Int, parallelism: Int) throws -> Data {
        let key = try KDF.Scrypt.deriveKey(from: Array(password.utf8), salt: salt, outputByteCount: 32,
                                           rounds: 1 << log2N, blockSize: blockSize, parallelism: parallelism)
        return key.withUnsafeBytes { Data($0) }
    }
}
