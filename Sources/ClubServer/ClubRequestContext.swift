import Hummingbird
import NIOCore

/// Every request's context: Hummingbird's core, and the client's address, which the login's
/// rate limit counts failures by (the address the server sees: behind the club's proxy, the proxy's).
public struct ClubRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The client's IP address as text ("-" when the socket does not say).
    public var clientAddress: String { remoteAddress?.ipAddress ?? "-" }
}
