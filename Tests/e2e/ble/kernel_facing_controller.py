"""bumble's emulated controller as the Linux kernel's hci device needs it to behave.

bumble 0.0.236 always reports a new LE link with the legacy LE Connection Complete event.
The kernel enables LE Enhanced Connection Complete in the LE event mask when the controller
offers extended advertising or LL privacy, and its LE Create Connection then waits for the
enhanced event: it takes the legacy one for the link, but its command only ends at its own
4-s timeout (followed by an LE Create Connection Cancel), so the kernel connected one strap
every 4 s. Here the enhanced event is sent whenever the host asked for it, as the spec says
(Vol 4, Part E, 7.7.65.10), with no resolvable private addresses.
"""
from bumble import hci
from bumble.controller import Controller

ENHANCED_CONNECTION_COMPLETE = 1 << 9  # LE event mask bit


class KernelFacingController(Controller):
    def send_hci_packet(self, packet):
        if isinstance(packet, hci.HCI_LE_Connection_Complete_Event) and self.le_event_mask & ENHANCED_CONNECTION_COMPLETE:
            packet = hci.HCI_LE_Enhanced_Connection_Complete_Event(
                status=packet.status, connection_handle=packet.connection_handle, role=packet.role,
                peer_address_type=packet.peer_address_type, peer_address=packet.peer_address,
                local_resolvable_private_address=hci.Address.ANY_RANDOM,
                peer_resolvable_private_address=hci.Address.ANY_RANDOM,
                connection_interval=packet.connection_interval, peripheral_latency=packet.peripheral_latency,
                supervision_timeout=packet.supervision_timeout, central_clock_accuracy=packet.central_clock_accuracy)
        super().send_hci_packet(packet)
