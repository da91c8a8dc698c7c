"""Sideline records a team of emulated straps over hci-tcp; the export must match
what the straps logged they sent: values exact, nothing invented, losses counted."""
import subprocess

from sideline_testkit.radio.straps import address
from sideline_testkit.recording import is_subsequence, record


def test_mixed_team_values_exact(radio, sideline, tmp_path):
    configs = [
        {'rr': 2},                                   # uint8, contact, 2 RR
        {'uint16': True, 'energy': True, 'rr': 0},   # uint16, energy, no RR
        {'rr': 1, 'battery': None},                  # no battery service
        {'rr': 5, 'contact': 'not-detected'},        # several RR, contact not detected
        {'rr': 2, 'malformed_every': 3},             # malformed notifications
        {'rr': 2, 'silent_att': True},               # never answers ATT
        {'rr': 1, 'battery_step': -5},               # battery changing
    ]
    port, sent_log = radio(configs)
    rec = record(sideline, tmp_path, port, [address(i + 1) for i in range(len(configs))], 15)
    samples, rr = rec.samples, rec.rr
    sent = sent_log()
    for i, cfg in enumerate(configs, start=1):
        mine = [e for e in sent if e['strap'] == address(i)]
        notified = [e for e in mine if e['kind'] == 'notify']
        got = samples.get(address(i), [])
        if cfg.get('silent_att'):
            assert not notified and not got, 'a strap that never answers ATT cannot be subscribed'
            continue
        bpms = [int(r['bpm']) for r in got]
        assert bpms, f'strap {i} recorded nothing; sent {len(notified)}'
        # Nothing invented: every recorded value is one the strap sent, in order.
        assert is_subsequence(bpms, [e['bpm'] for e in notified]), (i, bpms, notified)
        # Losses counted: the last notification may race the end of the session.
        assert len(bpms) >= len(notified) - 1, (i, len(bpms), len(notified))
        contact = {'detected': 'yes', 'not-detected': 'no'}[cfg.get('contact', 'detected')]
        assert {r['contact'] for r in got} == {contact}
        # Energy expended: exact, with its own packet's rate; absent where the strap sends none.
        pairs = [(int(r['bpm']), int(r['energy_kj']) if r['energy_kj'] else None) for r in got]
        assert is_subsequence(pairs, [(e['bpm'], e['energy']) for e in notified]), (i, pairs[:5], notified[:5])
        # RR rows in time order are the beats in the order sent (HRV needs successive intervals in order),
        # even where a packet's intervals add up to more than a second (the 5-RR strap).
        sent_rr = [v for e in notified for v in e['rr']]
        got_rr = rr.get(i, [])
        assert is_subsequence(got_rr, sent_rr), f'strap {i}: RR out of order or never sent: {got_rr[:12]} vs {sent_rr[:12]}'
        # Lost at most: the first packet's beats that ended before the session began (all but its last: they only
        # anchor the chain, SessionRecording.appendRR) and the last packet, which may race the end of the session.
        assert len(got_rr) >= len(sent_rr) - max(0, 2 * cfg['rr'] - 1), (i, len(got_rr), len(sent_rr))
    assert max(int(r['bpm']) for r in samples[address(2)]) > 255, 'uint16 heart rate decoded'
    energies = [int(r['energy_kj']) for r in samples[address(2)]]
    assert len(energies) >= 10 and energies == sorted(energies) and min(energies) > 1000, energies
    assert not any(r['energy_kj'] for a, rows in samples.items() if a != address(2) for r in rows)
    assert not any(int(r['bpm']) == 0 for rows in samples.values() for r in rows)

    # Battery: read on connect, then every level the strap notified, in order; none for the strap without the service.
    levels = rec.battery(address(7))
    notified_levels = [e['level'] for e in sent if e['strap'] == address(7) and e['kind'] == 'battery']
    assert len(notified_levels) >= 3, notified_levels
    assert levels and levels[0] <= 90 and (90 - levels[0]) % 5 == 0, levels  # the read on connect (steps may precede it)
    assert is_subsequence(notified_levels[:-1], levels[1:]), (levels, notified_levels)
    assert set(levels[1:]) <= set(notified_levels), (levels, notified_levels)
    assert rec.battery(address(1)) == [90]                  # a steady battery: read once
    assert rec.battery(address(3)) == [], 'a strap without a battery service reports none'


def test_broadcast_straps_without_connections(radio, sideline, tmp_path):
    n = 12
    port, sent_log = radio([{'broadcast': True, 'rr': 0} for _ in range(n)])
    rec = record(sideline, tmp_path, port, [address(i + 1) for i in range(n)], 12, '--broadcast', 'always')
    sent = [e for e in sent_log() if e['kind'] == 'broadcast']
    for i in range(1, n + 1):
        values = [e['bpm'] for e in sent if e['strap'] == address(i)]
        bpms = [int(r['bpm']) for r in rec.samples.get(address(i), [])]
        assert bpms and is_subsequence(bpms, values), (i, bpms, values)
        assert not rec.link_times(address(i)), 'broadcast straps are never connected'


def test_rr_intervals_beyond_nine_are_counted_not_invented(radio, sideline, tmp_path):
    """With a 247-byte MTU a strap can put more than nine RR intervals in one notification:
    the first nine are kept (a SensorEvent's room), the rest counted and reported."""
    port, sent_log = radio([{'rr': 11}])
    rec = record(sideline, tmp_path, port, [address(1)], 6)
    notified = [e for e in sent_log() if e['kind'] == 'notify']
    assert notified, 'the strap never notified'
    kept = rec.rr.get(1, [])
    assert kept and is_subsequence(kept, [v for e in notified for v in e['rr'][:9]]), (kept[:12], notified[:2])
    line = next(l for l in rec.stdout.splitlines() if l.startswith('Bluetooth:'))
    dropped = int(line.split('RR intervals beyond 9')[0].rsplit(', ', 1)[1])
    # Two per notification the recorder took (the last may race the end of the session).
    assert 2 * (len(notified) - 1) <= dropped <= 2 * len(notified), (line, len(notified))


def test_straps_say_where_they_are_worn_and_who_made_them(radio, sideline, tmp_path):
    """Body Sensor Location and the Device Information service's Manufacturer Name, read once per
    connection by Sideline's own GATT client from bumble's GATT servers, end up in the strap list."""
    port, _ = radio([{'body_location': 2, 'manufacturer': 'Polar Electro Oy'}, {}, {'body_location': None}])
    rec = record(sideline, tmp_path, port, [address(i + 1) for i in range(3)], 5)
    assert all(rec.samples.get(address(i + 1)) for i in range(3)), 'every strap streamed'
    listed = subprocess.run([sideline, 'straps', '--db', str(rec.db)], capture_output=True, text=True, timeout=60, check=True)
    sensor = {line.split('\t')[0]: line.split('\t')[-1] for line in listed.stdout.splitlines()}
    assert sensor == {address(1): 'wrist · Polar Electro Oy', address(2): 'chest', address(3): 'sensor –'}, listed.stdout
