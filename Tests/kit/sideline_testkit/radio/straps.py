"""The emulated straps as tests describe them: the JSON settings each strap takes (the harness,
virtual_team.py, reads a list of them) and the public address strap N gets. Standard library
only: the VM guests and the tests name straps with it."""

STRAP_DEFAULTS = {
    'uint16': False,          # send the rate as uint16
    'energy': False,          # include Energy Expended
    'rr': 2,                  # RR intervals per packet (0-9)
    'contact': 'detected',    # detected | not-detected | none
    'battery': 90,            # None: no Battery service
    'battery_step': 0,        # change the battery level by this every 3 s (notified)
    'drop_after': 0,          # disconnect after this many seconds, stay silent 'drop_for' s, repeat
    'drop_for': 2,
    'silent_att': False,      # never answer ATT requests
    'malformed_every': 0,     # every Nth notification is malformed (odd RR byte)
    'broadcast': False,       # advertise Polar 0x006B heart rate, updated every second
    'appear_after': 0,        # start advertising this many seconds after the harness is ready
    'vanish_after': 0,        # stop advertising for good this many seconds after appearing (0: never)
    'body_location': 1,       # Body Sensor Location 0x2A38 (1 chest, 2 wrist…); None: no such characteristic
    'manufacturer': None,     # a Device Information service with this Manufacturer Name 0x2A29; None: none
}


def address(index):
    """The public address of strap `index` (1, 2, … in the order of the harness's list)."""
    return f'F0:00:00:00:{index // 256:02X}:{index % 256:02X}'
