"""bumble's emulated controller as the Linux kernel's hci device needs it to behave.

bumble 0.0.236 always reports a new LE link with the legacy LE Connection Complete event.
The kernel enables LE Enhanced Connection Complete in the LE event mask when the controller
offers extended advertising or LL privacy, and its LE Create Connection then waits for the
enhanced event: it takes the legacy one for the link, but its command only ends at its own
4-s timeout (followed by an LE Create Connection Cancel), so the kernel connected one strap
every 4 s. Here the enhanced event is sent whenever the host asked for it, as the spec says
(Vol 4, Part E, 7.7.65.10), with no resolvable private addresses.

Two more commands answer as the spec says, so the real-stack tests meet the kernel's own paths
and not bumble's shortcuts (the emulated radio's TCP tests keep bumble's, to prove Sideline copes
with a controller that misbehaves so):
- LE Create Connection Cancel (7.8.13) ends the pending connect with an LE Connection Complete of
  status Unknown Connection Identifier; bumble answers success and leaves the connect pending, so
  the host's next LE Create Connection gets Command Disallowed (issue 11 §2.4). With nothing
  pending: Command Disallowed.
- HCI Reset (7.3.2) forgets a pending connect, scanning and every link (their peers see the link
  lost, as at a supervision timeout; the host is told nothing); bumble's keeps them all.
"""
import asyncio

from bumble import hci, ll
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

    def on_hci_le_create_connection_cancel_command(self, _command):
        pending = self.pending_le_connection
        if pending is None:
            return hci.HCI_StatusReturnParameters(hci.HCI_ErrorCode.COMMAND_DISALLOWED_ERROR)
        self.pending_le_connection = None
        ended = hci.HCI_LE_Connection_Complete_Event(
            status=hci.HCI_ErrorCode.UNKNOWN_CONNECTION_IDENTIFIER_ERROR, connection_handle=0, role=hci.Role.CENTRAL,
            peer_address_type=pending.peer_address_type, peer_address=pending.peer_address,
            connection_interval=0, peripheral_latency=0, supervision_timeout=0, central_clock_accuracy=0)
        # After the Command Complete, which the caller sends when this returns.
        asyncio.get_running_loop().call_soon(self.send_hci_packet, ended)
        return hci.HCI_StatusReturnParameters(hci.HCI_ErrorCode.SUCCESS)

    def on_hci_reset_command(self, command):
        self.pending_le_connection = None
        self.le_scan_enable = False
        for connection in list(self.le_connections.values()):
            connection.send_ll_control_pdu(ll.TerminateInd(hci.HCI_ErrorCode.CONNECTION_TIMEOUT_ERROR))
            del self.le_connections[connection.peer_address]
        return super().on_hci_reset_command(command)
