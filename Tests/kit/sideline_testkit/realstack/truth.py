"""What the emulated straps logged they sent against what `sideline export` says was recorded:
values exact and in order, nothing invented, nothing lost while a strap was subscribed."""
import json

from sideline_testkit.radio.straps import address
from sideline_testkit.recording import is_subsequence

# Notifications this close to the session's end may race it (sent, not yet recorded when it ended).
END_MARGIN_S = 1.5
# A notification this close to its strap's link going down was in flight when it went: a real link
# loses it too (a strap logs its notify once bumble's call returns, which a drop can straddle).
IN_FLIGHT_AT_DROP_S = 1.0


def read_sent(path):
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def events(sent, index, *kinds):
    return [e for e in sent if e['strap'] == address(index) and e['kind'] in kinds]


def delivery_lag(first_wall, first_bpm, notified):
    """Seconds from the strap's sending of the first recorded value (its last send of that value
    before) to Sideline's recording of it; 0 when it cannot be told."""
    sends = [e['t'] for e in notified if e['bpm'] == first_bpm and e['t'] <= first_wall + 0.05]
    return max(0.0, first_wall - sends[-1]) if sends else 0.0


def compare_connected(checks, rec, sent, straps, outage=None):
    """`straps`: (index, config) of straps read through connections (Heart Rate notifications).
    `outage`: (from, to) wall times when the stack was away: what a strap sent then went nowhere."""
    end = rec.wall(rec.ended_ms - rec.started_ms)
    for i, cfg in straps:
        name = f'strap {i}'
        notified = events(sent, i, 'notify')
        rows = rec.samples.get(address(i), [])
        bpms = [int(r['bpm']) for r in rows]
        if not checks.check(f'{name}: recorded', bpms, f'sent {len(notified)} notifications, recorded none'):
            continue
        checks.check(f'{name}: every recorded rate was sent, in order', is_subsequence(bpms, [e['bpm'] for e in notified]),
                     f'recorded {bpms[:20]}… sent {[e["bpm"] for e in notified][:20]}…')
        first = rec.wall(int(rows[0]['t_ms']))
        # How late the values reached Sideline (strap → kernel → bluetoothd → D-Bus: seconds on a
        # loaded emulated CPU): what was sent in the last `lag` seconds arrived after the session ended.
        lag = delivery_lag(first, bpms[0], notified)
        downs = [e['t'] for e in events(sent, i, 'disconnected')]
        window = [e for e in notified if first - lag - 0.3 <= e['t'] <= end - END_MARGIN_S - lag
                  and not (outage and outage[0] <= e['t'] <= outage[1])
                  and not any(abs(e['t'] - down) < IN_FLIGHT_AT_DROP_S for down in downs)]
        checks.check(f'{name}: none lost from the first sample on', is_subsequence([e['bpm'] for e in window], bpms),
                     f'{len(window)} sent from the first sample to the end, {len(bpms)} recorded')
        pairs = [(int(r['bpm']), int(r['energy_kj']) if r['energy_kj'] else None) for r in rows]
        checks.check(f'{name}: energy expended exact with its rate', is_subsequence(pairs, [(e['bpm'], e['energy']) for e in notified]),
                     pairs[:6])
        contact = {'detected': 'yes', 'not-detected': 'no', 'none': ''}[cfg.get('contact', 'detected')]
        checks.check(f'{name}: contact {cfg.get("contact", "detected")}', {r['contact'] for r in rows} == {contact},
                     sorted({r['contact'] for r in rows}))
        sent_rr = [v for e in notified for v in e['rr']]
        got_rr = rec.rr.get(i, [])
        window_rr = sum(len(e['rr']) for e in window)
        checks.check(f'{name}: RR intervals exact and in order', is_subsequence(got_rr, sent_rr) and len(got_rr) >= window_rr,
                     f'recorded {len(got_rr)} {got_rr[:10]}, sent {len(sent_rr)} ({window_rr} in the window)')
        levels = rec.battery(address(i))
        if cfg.get('battery', 90) is None:
            checks.check(f'{name}: no battery service, no battery level', levels == [], levels)
        else:
            checks.check(f'{name}: battery level read', levels[:1] == [cfg.get('battery', 90)], levels)


def compare_broadcast(checks, rec, sent, indices):
    for i in indices:
        name = f'strap {i}'
        values = [e['bpm'] for e in events(sent, i, 'broadcast')]
        bpms = [int(r['bpm']) for r in rec.samples.get(address(i), [])]
        if checks.check(f'{name}: broadcasts recorded', bpms, f'{len(values)} broadcast, none recorded'):
            checks.check(f'{name}: every recorded rate was broadcast, in order', is_subsequence(bpms, values), (bpms, values))
        checks.check(f'{name}: never connected', not events(sent, i, 'connected'), events(sent, i, 'connected'))


def recorded_after(rec, index, wall_time):
    """Samples of a strap recorded after a wall-clock moment."""
    return [r for r in rec.samples.get(address(index), []) if rec.wall(int(r['t_ms'])) > wall_time]


def first_sample_after(rec, index, wall_time):
    """Seconds from `wall_time` to the strap's first sample after it (None: none)."""
    after = recorded_after(rec, index, wall_time)
    return round(rec.wall(int(after[0]['t_ms'])) - wall_time, 2) if after else None
