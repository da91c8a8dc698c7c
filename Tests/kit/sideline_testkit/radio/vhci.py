"""bumble's emulated controller as a Linux kernel HCI device, through /dev/vhci (module hci_vhci).

Opening /dev/vhci and writing the vendor packet 0xFF 0x00 makes the kernel register a new
primary controller (hci0, …); closing the file unregisters it, as pulling a dongle does.

Not bumble's own 'vhci' transport: that one closes /dev/vhci on the first write the kernel
refuses, and the kernel refuses every packet (ENXIO) while the device is down — after
`bluetoothctl power off`, or after an HCI user channel closed with scanning still on — so the
adapter would vanish for good. Here a refused packet is dropped, as a real controller's events
are lost while its host is not listening.
"""
import asyncio
import os

from bumble.transport.common import ParserSource, Transport

VENDOR_PACKET = 0xFF
PRIMARY_CONTROLLER = 0x00


class _Sink:
    def __init__(self, fd):
        self.fd = fd
        self.refused = 0

    def on_packet(self, packet):
        try:
            os.write(self.fd, packet)
        except OSError:
            self.refused += 1


class VhciTransport(Transport):
    """The kernel side of one emulated controller; `index` is the hciN the kernel gave it."""

    def __init__(self, fd):
        self.fd = fd
        self.index = asyncio.get_running_loop().create_future()
        super().__init__(ParserSource(), _Sink(fd))
        asyncio.get_running_loop().add_reader(fd, self._readable)

    def _readable(self):
        try:
            data = os.read(self.fd, 4096)
        except (BlockingIOError, InterruptedError):
            return
        if data[:1] == bytes([VENDOR_PACKET]):
            if len(data) == 4 and not self.index.done():
                self.index.set_result(data[2] << 8 | data[3])
            return
        self.source.parser.feed_data(data)

    async def close(self):
        """Unregisters the kernel's device; what the controller sends after is dropped."""
        asyncio.get_running_loop().remove_reader(self.fd)
        os.close(self.fd)
        self.sink.fd = -1  # never a file opened later under the same number


    async def register(self):
        """Asks the kernel for a new controller; returns once it has named it. Attach the
        controller first: the kernel sends HCI Reset right after, and a packet read before
        the parser has a sink is lost (the kernel's bring-up then times out)."""
        os.write(self.fd, bytes([VENDOR_PACKET, PRIMARY_CONTROLLER]))
        await asyncio.wait_for(asyncio.shield(self.index), 10)


def open_vhci(path='/dev/vhci'):
    """/dev/vhci opened, not yet registered with the kernel (`VhciTransport.register`)."""
    return VhciTransport(os.open(path, os.O_RDWR | os.O_NONBLOCK))
