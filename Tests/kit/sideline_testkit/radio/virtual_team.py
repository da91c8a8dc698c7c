"""Emulated heart-rate straps on a virtual LE radio (bumble), for Sideline's tests. Run as
`python -m sideline_testkit.radio.virtual_team` (emulated_radio.py starts it on a TCP port).

Controller C0 is served over TCP as H4 (Sideline's HCI host connects to it) or, with
--vhci, attached to the Linux kernel as an HCI device (vhci.py; the VM tests, Tests/vm); or,
with --uart, on a pseudo-terminal that the kernel's hci_uart drives as an H4 UART (btattach; a
kernel without hci_vhci: Debian's arm64 kernel, the arm64 board of Tests/arm64);
every strap is its own emulated controller + bumble host + GATT server on the same radio.
Each strap is described by a JSON object (straps.py's STRAP_DEFAULTS) and logs, one JSON
line per event, what it actually sent to a subscribed client and when its link came up
and went down, so tests can compare Sideline's export with the truth.

With --vhci, SIGUSR1 unplugs C0 (the kernel's hci device goes away; the straps' links
drop as at a supervision timeout) and SIGUSR2 plugs a fresh C0 back in.
"""
import argparse
import asyncio
import json
import random
import signal
import subprocess
import sys
import time

from bumble import hci
from bumble.controller import Controller
from bumble.core import UUID, AdvertisingData
from bumble.device import Device
from bumble.gatt import Characteristic, CharacteristicValue, Service
from bumble.host import Host
from bumble.transport import open_transport

from sideline_testkit.radio.kernel_facing_controller import KernelFacingController
from sideline_testkit.radio.strap_link import StrapLink
from sideline_testkit.radio.straps import STRAP_DEFAULTS, address
from sideline_testkit.radio.vhci import open_vhci


def encode_measurement(cfg, bpm, rr, energy):
    flags = 0x01 if cfg['uint16'] else 0
    flags |= {'detected': 0x06, 'not-detected': 0x04, 'none': 0}[cfg['contact']]
    if cfg['energy']:
        flags |= 0x08
    if cfg['rr']:
        flags |= 0x10
    out = bytes([flags]) + (bpm.to_bytes(2, 'little') if cfg['uint16'] else bytes([bpm]))
    if cfg['energy']:
        out += energy.to_bytes(2, 'little')
    for r in rr:
        out += r.to_bytes(2, 'little')
    return out


class Strap:
    def __init__(self, link, index, cfg, log):
        self.cfg = {**STRAP_DEFAULTS, **cfg}
        self.index = index
        self.address = address(index)
        self.log = log
        controller = Controller(f'S{index}', link=link)
        self.device = Device(name=f'Strap {index}', address=hci.Address(self.address), host=None)
        self.device.host = Host(controller, controller)
        self.device.advertising_interval_min = 100
        self.device.advertising_interval_max = 100
        self.hrm = Characteristic('2A37', Characteristic.Properties.NOTIFY, 0, CharacteristicValue(read=lambda _c: b'\x00\x00'))
        heart_rate = [self.hrm]
        if self.cfg['body_location'] is not None:
            heart_rate.append(Characteristic('2A38', Characteristic.Properties.READ, Characteristic.READABLE,
                                             bytes([self.cfg['body_location']])))
        services = [Service('180D', heart_rate)]
        if self.cfg['manufacturer'] is not None:
            services.append(Service('180A', [Characteristic('2A29', Characteristic.Properties.READ, Characteristic.READABLE,
                                                            self.cfg['manufacturer'].encode())]))
        self.level = self.cfg['battery']
        if self.level is not None:
            self.battery = Characteristic('2A19', Characteristic.Properties.READ | Characteristic.Properties.NOTIFY,
                                          Characteristic.READABLE, CharacteristicValue(read=lambda _c: bytes([self.level])))
            services.append(Service('180F', [self.battery]))
        self.device.add_services(services)
        self.frame = 0

    def write(self, **record):
        record.update(strap=self.address, t=time.time())
        self.log.write(json.dumps(record) + '\n')
        self.log.flush()

    def subscribed(self, characteristic):
        return any(cccds.get(characteristic.handle) for cccds in self.device.gatt_server.subscribers.values())

    def advertising_data(self, bpm=None):
        # Flags: LE General Discoverable, BR/EDR not supported, as real straps send (bluetoothd's
        # unfiltered discovery ignores advertisers without them).
        fields = [(AdvertisingData.FLAGS, bytes([0x06])),
                  (AdvertisingData.COMPLETE_LOCAL_NAME, f'Strap {self.index}'.encode()),
                  (AdvertisingData.INCOMPLETE_LIST_OF_16_BIT_SERVICE_CLASS_UUIDS, bytes(UUID('180D')))]
        if bpm is not None:
            flags = 0x01 | 0x02 | (self.frame & 7) << 2 | 0x20
            fields.append((AdvertisingData.MANUFACTURER_SPECIFIC_DATA, bytes([0x6B, 0x00, flags, 0, bpm, bpm])))
        return bytes(AdvertisingData(fields))

    def on_connection(self, connection):
        self.write(kind='connected', peer=str(connection.peer_address))
        connection.on('disconnection', lambda reason: self.write(kind='disconnected', reason=int(reason)))

    async def run(self):
        if self.cfg['silent_att']:
            self.device.gatt_server.on_gatt_pdu = lambda *_args: None
        self.device.on('connection', self.on_connection)
        await self.device.power_on()
        if self.cfg['appear_after']:
            asyncio.create_task(self.appear_later())
            return
        await self.start()

    async def appear_later(self):
        await asyncio.sleep(self.cfg['appear_after'])  # the scenario: switched on this late, not a wait for a result
        await self.start()

    async def start(self):
        # Real straps are switched on at random moments: spread the advertising phases over one
        # interval (seeded per strap), or every strap would advertise just after the previous one.
        await asyncio.sleep(random.Random(self.index).uniform(0, 0.16))
        self.device.advertising_data = self.advertising_data(60 if self.cfg['broadcast'] else None)
        await self.device.start_advertising(auto_restart=True)
        if self.cfg['broadcast']:
            self.write(kind='broadcast', bpm=60, frame=0)
        self.write(kind='appeared')
        asyncio.create_task(self.beat())
        if self.cfg['drop_after']:
            asyncio.create_task(self.dropper())
        if self.cfg['vanish_after']:
            asyncio.create_task(self.vanish())

    async def vanish(self):
        await asyncio.sleep(self.cfg['vanish_after'])  # the scenario: out of range this soon
        await self.device.stop_advertising()
        self.write(kind='vanished')

    async def beat(self):
        n = 0
        while True:
            await asyncio.sleep(1)  # a strap notifies about once a second
            n += 1
            bpm = (250 + n % 40) if self.cfg['uint16'] else (100 + self.index % 50 + n % 7)
            if self.cfg['broadcast']:
                self.frame += 1
                data = self.advertising_data(bpm)
                # Restart with the new data: the emulated advertiser keeps the data it started with.
                await self.device.stop_advertising()
                await self.device.start_advertising(advertising_data=data, auto_restart=True)
                self.write(kind='broadcast', bpm=bpm, frame=self.frame & 7)
            if self.subscribed(self.hrm):
                malformed = self.cfg['malformed_every'] and n % self.cfg['malformed_every'] == 0
                rr = [500 + (n * 37 + k * 11) % 500 for k in range(self.cfg['rr'])]
                value = encode_measurement(self.cfg, bpm, rr, energy=1000 + n)
                if malformed:
                    value += b'\x01'  # odd RR byte: must be rejected, not recorded
                await self.device.notify_subscribers(self.hrm, value)
                self.write(kind='malformed' if malformed else 'notify', bpm=bpm, rr=rr,
                           contact=self.cfg['contact'], energy=1000 + n if self.cfg['energy'] else None)
            if self.level is not None and self.cfg['battery_step'] and n % 3 == 0:
                self.level = max(0, min(100, self.level + self.cfg['battery_step']))
                if self.subscribed(self.battery):
                    await self.device.notify_subscribers(self.battery, bytes([self.level]))
                    self.write(kind='battery', level=self.level)

    async def dropper(self):
        while True:
            await asyncio.sleep(self.cfg['drop_after'])  # the scenario: walks away after this long…
            await self.device.stop_advertising()
            for connection in list(self.device.connections.values()):
                await connection.disconnect()
            self.write(kind='dropped')
            await asyncio.sleep(self.cfg['drop_for'])  # …and stays away this long
            await self.device.start_advertising(auto_restart=True)
            self.write(kind='back')


def watch_central(central, log, reset_ends_connect):
    """Logs what the host under test asks of its controller that straps cannot see (scanning on or
    off, the parameters of each connection it makes), and optionally gives the controller a Reset that ends a pending connect."""
    def write(**record):
        record.update(strap='C0', t=time.time())
        log.write(json.dumps(record) + '\n')
        log.flush()

    set_scan_enable = central.on_hci_le_set_scan_enable_command

    def scan_enable(command):
        write(kind='central-scan', enable=bool(command.le_scan_enable))
        return set_scan_enable(command)
    central.on_hci_le_set_scan_enable_command = scan_enable

    # The connection parameters the host asks for (what a strap's link gets; bumble's peripheral
    # side reports fixed placeholders, not these): units of 1.25 ms and 10 ms, as on the air.
    create_connection = central.on_hci_le_create_connection_command
    extended_create_connection = central.on_hci_le_extended_create_connection_command

    def connect(command):
        write(kind='central-connect', peer=str(command.peer_address), interval_min=command.connection_interval_min,
              interval_max=command.connection_interval_max, latency=command.max_latency,
              supervision_timeout=command.supervision_timeout)
        return create_connection(command)

    def extended_connect(command):
        write(kind='central-connect', peer=str(command.peer_address), interval_min=command.connection_interval_mins[0],
              interval_max=command.connection_interval_maxs[0], latency=command.max_latencies[0],
              supervision_timeout=command.supervision_timeouts[0])
        return extended_create_connection(command)
    central.on_hci_le_create_connection_command = connect
    central.on_hci_le_extended_create_connection_command = extended_connect

    reset = central.on_hci_reset_command

    def reset_command(command):
        write(kind='central-reset', pending=central.pending_le_connection is not None)
        if reset_ends_connect:
            central.pending_le_connection = None
            central.le_scan_enable = False
        return reset(command)
    central.on_hci_reset_command = reset_command


async def attach_uart(path, link, address, watch):
    """C0 on a pseudo-terminal linked at `path`, attached to the kernel's hci_uart as an H4 UART by
    btattach (BlueZ's), which stays running for as long as the kernel's hci device should: the
    controller first, then btattach (the kernel sends HCI Reset at once). Returns btattach's process."""
    transport = await open_transport(f'pty:{path}')
    watch(KernelFacingController('C0', host_source=transport.source, host_sink=transport.sink, link=link,
                                 public_address=address))
    return subprocess.Popen(['btattach', '-B', path, '-P', 'h4'], stdout=subprocess.DEVNULL)


class KernelController:
    """C0 as the kernel's hci device through /dev/vhci, unplugged and plugged back on request."""

    def __init__(self, path, link, address, straps, watch):
        self.path, self.link, self.address, self.straps, self.watch = path, link, address, straps, watch
        self.transport = self.controller = None

    async def plug(self):
        self.transport = open_vhci(self.path)
        self.controller = KernelFacingController('C0', host_source=self.transport.source, host_sink=self.transport.sink,
                                                 link=self.link, public_address=self.address)
        self.watch(self.controller)
        await self.transport.register()
        print(f'plugged in as hci{self.transport.index.result()}', flush=True)

    async def unplug(self):
        """As a dongle pulled: the kernel loses hci0 with its links up (no Disconnection Complete
        reaches it), then the straps notice, as at a supervision timeout."""
        if not self.transport:
            return
        await self.transport.close()
        for strap in self.straps:
            for connection in list(strap.device.connections.values()):
                await connection.disconnect(reason=hci.HCI_CONNECTION_TIMEOUT_ERROR)
        self.link.remove_controller(self.controller)
        self.transport = self.controller = None
        print('unplugged', flush=True)


async def main():
    parser = argparse.ArgumentParser()
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument('--port', type=int, help='serve C0 as H4 over TCP on 127.0.0.1:PORT')
    where.add_argument('--vhci', help='attach C0 to the kernel through this vhci device (/dev/vhci)')
    where.add_argument('--uart', help='attach C0 to the kernel as an H4 UART on a pseudo-terminal linked at this path (btattach)')
    parser.add_argument('--address', default='C0:00:00:00:00:01', help="C0's public address (with --vhci or --uart)")
    parser.add_argument('--config', required=True, help='JSON list of strap objects')
    parser.add_argument('--log', required=True)
    parser.add_argument('--reset-ends-connect', action='store_true',
                        help='HCI Reset ends a pending LE Create Connection, as a real controller\'s does '
                             '(bumble 0.0.236\'s Reset is a stub, and its cancel never ends the connect)')
    args = parser.parse_args()
    configs = json.load(open(args.config))
    link = StrapLink()
    loop = asyncio.get_running_loop()
    with open(args.log, 'a') as log:
        def watch(central):
            watch_central(central, log, args.reset_ends_connect)
        if args.port:
            transport = await open_transport(f'tcp-server:127.0.0.1:{args.port}')
            watch(Controller('C0', host_source=transport.source, host_sink=transport.sink, link=link))
        straps = [Strap(link, i + 1, cfg, log) for i, cfg in enumerate(configs)]
        await asyncio.gather(*(s.run() for s in straps))
        if args.vhci:
            # After the straps are up, so the kernel's bring-up of C0 finds this loop idle
            # (it gives each HCI command 10 s, which a busy emulated guest can exceed).
            kernel = KernelController(args.vhci, link, args.address, straps, watch)
            await kernel.plug()
            changes = asyncio.Lock()  # one unplug or plug at a time, in the order asked

            async def change(action):
                async with changes:
                    await action()
            loop.add_signal_handler(signal.SIGUSR1, lambda: asyncio.ensure_future(change(kernel.unplug)))
            loop.add_signal_handler(signal.SIGUSR2, lambda: asyncio.ensure_future(change(kernel.plug)))
        attached = await attach_uart(args.uart, link, args.address, watch) if args.uart else None
        print(f'ready {len(straps)} straps on {args.vhci or args.uart or f"127.0.0.1:{args.port}"}', flush=True)
        stopped = loop.create_future()
        loop.add_signal_handler(signal.SIGTERM, lambda: stopped.done() or stopped.set_result(None))
        await stopped
        if attached:  # the UART's line discipline goes with btattach: the kernel's hci device is unregistered
            attached.terminate()
            attached.wait()


if __name__ == '__main__':
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(0)
