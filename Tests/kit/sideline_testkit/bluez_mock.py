"""A stand-in bluetoothd for Sideline's `bluez:hciN` source: python-dbusmock's bluez5
template on a private bus, with heart-rate straps (Device1 + GATT objects) added by hand,
and a driver that notifies measurements and battery changes with known bytes."""
import os
import struct

import dbus
import dbusmock
from dbusmock import BusType, PrivateDBus, SpawnedMock

from sideline_testkit.waiting import wait_until

GATT_SERVICE = 'org.bluez.GattService1'
GATT_CHAR = 'org.bluez.GattCharacteristic1'
DEVICE = 'org.bluez.Device1'
ADAPTER = 'org.bluez.Adapter1'


def uuid16(short):
    return f'0000{short:04x}-0000-1000-8000-00805f9b34fb'


def measurement(bpm, rr=(), energy=None, contact=True):
    """Heart Rate Measurement 0x2A37 bytes, the way a strap sends them."""
    flags = 0x06 if contact else 0x04  # contact supported (+ detected)
    body = b''
    if bpm > 255:
        flags |= 0x01
        body += struct.pack('<H', bpm)
    else:
        body += bytes([bpm])
    if energy is not None:
        flags |= 0x08
        body += struct.pack('<H', energy)
    if rr:
        flags |= 0x10
        body += b''.join(struct.pack('<H', v) for v in rr)
    return bytes([flags]) + body


def polar_broadcast(bpm, counter, contact=True):
    """Polar's 0x006B manufacturer data: flags (battery OK, contact, frame counter, broadcast), kHz code, fast and slow HR."""
    flags = 0x01 | (0x02 if contact else 0) | ((counter & 7) << 2) | 0x20
    return bytes([flags, 0x00, bpm, bpm])


class MockBluez:
    """A private system bus with a mock bluetoothd (org.bluez) on it."""

    def __init__(self, with_bluez=True, deny_member=None):
        """`deny_member`: a bus policy that refuses calls of that member to org.bluez, as a
        system bus refuses a user outside the bluetooth group."""
        saved = os.environ.get('DBUS_SYSTEM_BUS_ADDRESS')
        self.bus = PrivateDBus(BusType.SYSTEM)
        if deny_member:
            config = self.bus._config.read_text()
            rule = f'<deny send_destination="org.bluez" send_path="/" send_member="{deny_member}"/>\n      </policy>'
            self.bus._config.write_text(config.replace('</policy>', rule, 1))
        self.bus.start()
        self.address = self.bus.address
        self.mock = None
        self.conn = dbus.bus.BusConnection(self.address)
        if with_bluez:
            self.mock = SpawnedMock.spawn_with_template('bluez5', bustype=BusType.SYSTEM)
            self.root = self.mock.obj
        if saved is None:
            os.environ.pop('DBUS_SYSTEM_BUS_ADDRESS', None)
        else:
            os.environ['DBUS_SYSTEM_BUS_ADDRESS'] = saved

    def close(self):
        if self.mock:
            self.mock.terminate()
        self.conn.close()
        self.bus.stop()

    def restart_bluetoothd(self):
        """The mock bluetoothd exits (its name and objects vanish) and a fresh one starts, with no adapter yet."""
        self.mock.terminate()
        saved = os.environ.get('DBUS_SYSTEM_BUS_ADDRESS')
        os.environ['DBUS_SYSTEM_BUS_ADDRESS'] = self.address  # the spawn helper finds the bus there
        try:
            self.mock = SpawnedMock.spawn_with_template('bluez5', bustype=BusType.SYSTEM)
        finally:
            if saved is None:
                os.environ.pop('DBUS_SYSTEM_BUS_ADDRESS', None)
            else:
                os.environ['DBUS_SYSTEM_BUS_ADDRESS'] = saved
        self.root = self.mock.obj

    def obj(self, path):
        return self.conn.get_object('org.bluez', path)

    def add_adapter(self, name='hci0', powered=True):
        path = self.root.AddAdapter(name, 'sideline-test', dbus_interface='org.bluez.Mock')
        if not powered:
            self.obj(path).UpdateProperties(ADAPTER, {'Powered': dbus.Boolean(False)}, dbus_interface=dbusmock.MOCK_IFACE)
        return path

    def add_strap(self, address, name, battery=87, battery_notify=False, adapter='hci0', heart_rate=True, resolved=True,
                  body_location=None, manufacturer=None, remembered=False):
        """Device1 with a Heart Rate service (0x2A37, notify; none with heart_rate=False) and a Battery
        service (0x2A19, read [+ notify]). `resolved`: ServicesResolved, which bluetoothd sets once it
        has exported every service it discovered (False: it never finishes). `body_location` (an int,
        or the raw value as bytes): a readable Body Sensor Location 0x2A38 in the Heart Rate service;
        `manufacturer` (str, or raw bytes): a Device Information service 0x180A with a readable
        Manufacturer Name 0x2A29. `remembered`: the device as bluetoothd brings back a strap it knows
        from its storage when an adapter comes back — not heard yet (no RSSI), its services not
        exported (`announce_services` once it is connected)."""
        dev = self._remembered_device(adapter, address, name) if remembered else \
            self.root.AddDevice(adapter, address, name, dbus_interface='org.bluez.Mock')
        self.obj(dev).UpdateProperties(DEVICE, {
            # The services bluetoothd found (it lists them in UUIDs when it resolves them).
            'UUIDs': dbus.Array([uuid16(u) for u, present in ((0x180D, heart_rate), (0x180F, battery is not None),
                                                              (0x180A, manufacturer is not None)) if present],
                                signature='s'),
            # bluetoothd reports this after Connect; the mock's Connect does not, and no strap
            # here has a cached GATT database that would make it stale.
            'ServicesResolved': dbus.Boolean(resolved),
        }, dbus_interface=dbusmock.MOCK_IFACE)
        chars = {}
        if heart_rate:
            hr_service = dev + '/service000c'
            hr_char = hr_service + '/char000d'
            self._add_service(hr_service, dev, 0x180D)
            self._add_char(hr_char, hr_service, 0x2A37, ['notify'], b'')
            chars['hr'] = hr_char
        if battery is not None:
            bat_service = dev + '/service0010'
            bat_char = bat_service + '/char0011'
            self._add_service(bat_service, dev, 0x180F)
            self._add_char(bat_char, bat_service, 0x2A19, ['read', 'notify'] if battery_notify else ['read'], bytes([battery]))
            chars['battery'] = bat_char
        if heart_rate and body_location is not None:
            chars['body_location'] = hr_service + '/char000f'
            value = bytes([body_location]) if isinstance(body_location, int) else body_location
            self._add_char(chars['body_location'], hr_service, 0x2A38, ['read'], value)
        if manufacturer is not None:
            info_service = dev + '/service0014'
            chars['manufacturer'] = info_service + '/char0015'
            self._add_service(info_service, dev, 0x180A)
            value = manufacturer.encode() if isinstance(manufacturer, str) else manufacturer
            self._add_char(chars['manufacturer'], info_service, 0x2A29, ['read'], value)
        return dev, chars

    def _remembered_device(self, adapter, address, name):
        path = f'/org/bluez/{adapter}/dev_{address.replace(":", "_")}'
        self.root.AddObject(path, DEVICE, {
            'Address': dbus.String(address), 'AddressType': dbus.String('random'), 'Name': dbus.String(name),
            'Alias': dbus.String(name), 'Paired': dbus.Boolean(False), 'Connected': dbus.Boolean(False),
            'Adapter': dbus.ObjectPath(f'/org/bluez/{adapter}'), 'ServicesResolved': dbus.Boolean(False),
            'UUIDs': dbus.Array([], signature='s'),
        }, [('Connect', '', '', f"self.UpdateProperties('{DEVICE}', {{'Connected': dbus.Boolean(True)}})"),
            ('Disconnect', '', '', f"self.UpdateProperties('{DEVICE}', {{'Connected': dbus.Boolean(False)}})")],
            dbus_interface=dbusmock.MOCK_IFACE)
        self.announce(path, DEVICE)
        # Not heard yet: no RSSI or ManufacturerData until it advertises (bluetoothd has none to show).
        return path

    def announce_services(self, device):
        """What bluetoothd sends once it has discovered a connected device's services: each service
        and characteristic object, then ServicesResolved."""
        for path in sorted(p for p in self.root.GetManagedObjects(dbus_interface='org.freedesktop.DBus.ObjectManager')
                           if p.startswith(device + '/')):
            interface = GATT_SERVICE if path.rsplit('/', 1)[-1].startswith('service') else GATT_CHAR
            self.announce(path, interface)
        self.obj(device).UpdateProperties(DEVICE, {'ServicesResolved': dbus.Boolean(True)}, dbus_interface=dbusmock.MOCK_IFACE)

    def unplug_adapter(self, devices, adapter='hci0'):
        """hci0 pulled, as bluetoothd 5.82 tells it (trixie, the VM's D-Bus trace): every link down
        (`devices`: (device, its characteristics) of add_strap),
        the adapter unpowered with its PowerState left "on", then its devices and itself removed."""
        for device, chars in devices:
            self.drop_link(device, list(chars.values()))
        path = '/org/bluez/' + adapter
        self.obj(path).AddProperty(ADAPTER, 'PowerState', dbus.String('on'), dbus_interface=dbusmock.MOCK_IFACE)  # the template has none
        self.obj(path).UpdateProperties(ADAPTER, {'Powered': dbus.Boolean(False), 'Discovering': dbus.Boolean(False),
                                                  'PowerState': dbus.String('on')}, dbus_interface=dbusmock.MOCK_IFACE)
        self.root.RemoveAdapterWithDevices(adapter, dbus_interface='org.bluez.Mock')

    def plug_adapter_unpowered(self, adapter='hci0'):
        """hci0 back, as bluetoothd 5.82 adds it: unpowered ("off-enabling") until it has powered it
        itself (`power_on`). Discovery is the adapter's own, as the template's."""
        path = '/org/bluez/' + adapter
        self.root.AddObject(path, ADAPTER, {
            'Address': dbus.String('C0:00:00:00:00:01'), 'AddressType': dbus.String('public'), 'Name': dbus.String('sideline-test'),
            'Alias': dbus.String('sideline-test'), 'Powered': dbus.Boolean(False), 'PowerState': dbus.String('off-enabling'),
            'Discoverable': dbus.Boolean(False), 'Discovering': dbus.Boolean(False), 'Pairable': dbus.Boolean(False),
            'UUIDs': dbus.Array([], signature='s'), 'Roles': dbus.Array(['central', 'peripheral'], signature='s'),
        }, [('SetDiscoveryFilter', 'a{sv}', '', ''),
            ('StartDiscovery', '', '', f"self.UpdateProperties('{ADAPTER}', {{'Discovering': dbus.Boolean(True)}})"),
            ('StopDiscovery', '', '', f"self.UpdateProperties('{ADAPTER}', {{'Discovering': dbus.Boolean(False)}})")],
            dbus_interface=dbusmock.MOCK_IFACE)
        self.announce(path, ADAPTER)
        return path

    def hold_connects(self, device, release):
        """Device1.Connect on `device` answers only once the file `release` exists (at most 60 s), as
        bluetoothd answers a Connect only when the kernel has the link. The mock serves nothing
        meanwhile: what clients send waits on the bus, in order (a dbus-monitor sees it)."""
        self.obj(device).AddMethod(DEVICE, 'Connect', '', '', (
            'import os, time\n'
            'deadline = time.monotonic() + 60\n'
            f'while not os.path.exists({str(release)!r}) and time.monotonic() < deadline:\n'
            '    time.sleep(0.02)\n'
            f"self.UpdateProperties('{DEVICE}', {{'Connected': dbus.Boolean(True)}})\n"), dbus_interface=dbusmock.MOCK_IFACE)

    def power_on(self, adapter='hci0'):
        self.obj('/org/bluez/' + adapter).UpdateProperties(ADAPTER, {'PowerState': dbus.String('on'), 'Powered': dbus.Boolean(True)},
                                                           dbus_interface=dbusmock.MOCK_IFACE)

    def reads(self, char):
        """How many times a client has called ReadValue on the characteristic."""
        return sum(1 for call in self.obj(char).GetCalls(dbus_interface=dbusmock.MOCK_IFACE) if call[1] == 'ReadValue')

    def _add_service(self, path, device, uuid):
        self.root.AddObject(path, GATT_SERVICE, {
            'UUID': uuid16(uuid), 'Device': dbus.ObjectPath(device), 'Primary': dbus.Boolean(True),
            'Includes': dbus.Array([], signature='o'),
        }, [], dbus_interface=dbusmock.MOCK_IFACE)

    def _add_char(self, path, service, uuid, flags, value):
        self.root.AddObject(path, GATT_CHAR, {
            'UUID': uuid16(uuid), 'Service': dbus.ObjectPath(service),
            'Flags': dbus.Array(flags, signature='s'),
            'Value': dbus.Array([dbus.Byte(b) for b in value], signature='y'),
            'Notifying': dbus.Boolean(False),
        }, [
            ('StartNotify', '', '', f"self.UpdateProperties('{GATT_CHAR}', {{'Notifying': dbus.Boolean(True)}})"),
            ('StopNotify', '', '', f"self.UpdateProperties('{GATT_CHAR}', {{'Notifying': dbus.Boolean(False)}})"),
            ('ReadValue', 'a{sv}', 'ay', f"ret = self.props['{GATT_CHAR}']['Value']"),
        ], dbus_interface=dbusmock.MOCK_IFACE)

    def announce(self, path, interface):
        """InterfacesAdded for an object added after Sideline listed bluetoothd's objects, as
        bluetoothd sends it (dbusmock's AddObject does not)."""
        props = self.obj(path).GetAll(interface, dbus_interface=dbus.PROPERTIES_IFACE)
        self.root.EmitSignal('org.freedesktop.DBus.ObjectManager', 'InterfacesAdded', 'oa{sa{sv}}',
                             [dbus.ObjectPath(path), dbus.Dictionary({interface: props}, signature='sa{sv}')],
                             dbus_interface=dbusmock.MOCK_IFACE)

    def set_powered(self, on, adapter='hci0'):
        """bluetoothctl power off/on: bluetoothd drops discovery with the power (Discovering false)."""
        props = {'Powered': dbus.Boolean(on)}
        if not on:
            props['Discovering'] = dbus.Boolean(False)
        self.obj('/org/bluez/' + adapter).UpdateProperties(ADAPTER, props, dbus_interface=dbusmock.MOCK_IFACE)

    def discovering(self, adapter='hci0'):
        return bool(self.obj('/org/bluez/' + adapter).Get(ADAPTER, 'Discovering', dbus_interface=dbus.PROPERTIES_IFACE))

    def drop_link(self, device, chars):
        """The link ends (adapter off, strap out of range): Notifying off, Connected false."""
        for char in chars:
            self.obj(char).UpdateProperties(GATT_CHAR, {'Notifying': False}, dbus_interface=dbusmock.MOCK_IFACE)
        self.obj(device).UpdateProperties(DEVICE, {'Connected': False, 'ServicesResolved': False},
                                          dbus_interface=dbusmock.MOCK_IFACE)

    def notifying(self, char):
        return bool(self.obj(char).Get(GATT_CHAR, 'Notifying', dbus_interface=dbus.PROPERTIES_IFACE))

    def wait_notifying(self, chars, timeout=15):
        return wait_until(lambda: all(self.notifying(c) for c in chars), timeout, what=f'StartNotify on {chars}')

    def calls(self, path, method):
        """The calls of `method` on the object at `path` so far (the mock logs each as it answers it)."""
        return self.obj(path).GetMethodCalls(method, dbus_interface=dbusmock.MOCK_IFACE)

    def wait_discovering_started(self, adapter='hci0', timeout=15):
        """Once Sideline has called StartDiscovery it has read bluetoothd's objects: what changes now is news to it."""
        return wait_until(lambda: self.calls('/org/bluez/' + adapter, 'StartDiscovery'), timeout, what='StartDiscovery')

    def set_value(self, char, data):
        """What bluetoothd does on a notification: Value changes, PropertiesChanged goes out."""
        self.obj(char).UpdateProperties(GATT_CHAR, {'Value': dbus.Array([dbus.Byte(b) for b in data], signature='y')},
                                        dbus_interface=dbusmock.MOCK_IFACE)

    def advertise(self, device, manufacturer=None, rssi=None):
        props = {}
        if manufacturer is not None:
            props['ManufacturerData'] = dbus.Dictionary({dbus.UInt16(0x006B): dbus.Array([dbus.Byte(b) for b in manufacturer], signature='y')},
                                                        signature='qv')
        if rssi is not None:
            props['RSSI'] = dbus.Int16(rssi)
        obj = self.obj(device)
        present = obj.GetAll(DEVICE, dbus_interface=dbus.PROPERTIES_IFACE)
        for name in set(props) - set(present):  # the first advertisement heard: bluetoothd shows these from now on
            obj.AddProperty(DEVICE, name, props[name], dbus_interface=dbusmock.MOCK_IFACE)
        obj.UpdateProperties(DEVICE, props, dbus_interface=dbusmock.MOCK_IFACE)
