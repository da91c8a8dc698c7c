"""The virtual radio the emulated straps share: bumble's LocalLink, with LE ACL data sent from
the address the connection was made with.

bumble 0.0.236 stamps every LE ACL packet with the sending controller's *random* address; the
receiver looks the connection up by that address. A host that connects with its *public*
address (the Linux kernel does) then finds every ATT PDU it sends dropped by the strap's
controller ("no connection for …"), and bluetoothd's MTU exchange times out. Hosts that use
a random address (Sideline's own, bumble's) see no difference.
"""
import asyncio

from bumble import core
from bumble.link import LocalLink


class StrapLink(LocalLink):
    def send_acl_data(self, sender_controller, destination_address, transport, data):
        if transport != core.PhysicalTransport.LE:
            return super().send_acl_data(sender_controller, destination_address, transport, data)
        connection = sender_controller.le_connections.get(destination_address)
        source = connection.self_address if connection else sender_controller.random_address
        destination = self.find_le_controller(destination_address)
        if destination is not None:
            asyncio.get_running_loop().call_soon(destination.on_link_acl_data, source, transport, data)
