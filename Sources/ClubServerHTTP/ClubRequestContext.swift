import HTTPTypes
import Hummingbird
import NIOCore

/// Every request's context: Hummingbird's core, and the peer's address, from which the login's rate
/// limit takes the client's (`ClientAddress`: behind the club's proxy, the address the proxy forwards).
public struct ClubRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The client's IP address as text ("-" when the socket does not say).
    package func clientAddress(_ request: Request) -> String {
        ClientAddress.of(peer: remoteAddress?.ipAddress, forwardedFor: request.headers[values: HTTPField.Name("X-Forwarded-For")!])
    }
}
