"""An independent season calculator, written from the papers rather than from Sideline's Swift, for the
oracle test (test_season_oracle.py). Its input is what `sideline export` writes of each session: the JSON
summary (start, effort end, each player's physiology, tags, the HRV of a readiness check's last two minutes)
and the samples and RR CSVs.

- Cardio load: Banister's TRIMP (Banister 1991), Σ minutes · x · a·e^(b·x) over each sample's span,
  x = (HR − rest) / (max − rest) clamped to 0…1; men a = 0.64, b = 1.92, women a = 0.86, b = 1.67. A sample
  stands for the time to the next one, at most 5 s (before a longer gap: 1 s; the last one: 1 s); the
  recovery minute recorded after the effort is left out.
- Polar's Training Load Pro: Strain = mean daily load over 7 days, Tolerance = over 28 days (a day without
  a session is 0), status from Strain/Tolerance (< 0.8 detraining, < 1.0 maintaining, ≤ 1.5 productive,
  above overreaching), "building baseline" before 28 days of history.
- Williams et al. 2017: EWMA_t = λ·load_t + (1 − λ)·EWMA_{t−1}, λ = 2/(N+1), N = 7 and 28, from 0 the day
  before the first session; ACWR = acute / chronic.
- Foster 1998: weekly load, monotony (mean / sample SD), strain.
- Readiness (Plews et al. 2012, 2013; Buchheit 2014): one lnRMSSD a day (the day's last check) per posture;
  the 7-day rolling mean against the mean ± ½ SD of the last 60 days; fewer than 5 days: building baseline.
Local calendar days in the time zone given."""
import csv
import datetime as dt
import math
import statistics
from zoneinfo import ZoneInfo

# ---- one session's exports ----


def _rows(path):
    with open(path, newline='', encoding='utf-8-sig') as f:
        return list(csv.DictReader(f))


def banister_per_minute(x, sex):
    x = min(1.0, max(0.0, x))
    a, b = (0.64, 1.92) if sex == 'M' else (0.86, 1.67)
    return x * a * math.exp(b * x)


def trimp(samples, physiology, until_ms):
    """Banister TRIMP of one player's samples [(t_ms, bpm, contact)] up to `until_ms`."""
    kept = {}
    for t, bpm, contact in sorted(samples, key=lambda s: s[0]):
        if contact == 'no' or not 25 <= bpm <= 250:
            continue
        kept[t] = bpm  # the later of two at one millisecond
    times = sorted(kept)
    rest, top = physiology['restingHR'], physiology['maxHR']
    total = 0.0
    for i, t in enumerate(times):
        gap = times[i + 1] - t if i + 1 < len(times) else None
        span = 1000 if gap is None or gap > 5000 else gap
        end = min(t + span, until_ms)
        if end <= t:
            continue
        x = (kept[t] - rest) / (top - rest)
        total += (end - t) / 60000 * banister_per_minute(x, physiology['sex'])
    return total


def rmssd_of_window(intervals, from_ms, to_ms):
    """RMSSD (ms) of the beats [(t_ms, rr_ms)] that ended in [from_ms, to_ms). A beat more than 1 s off its
    predecessor's time + its interval starts a new stretch, and differences are taken within a stretch only;
    within one, a beat's time is the stretch's first beat's plus the intervals since (the recorded times are
    the notifications' arrivals, which run up to a notification late)."""
    diffs, previous, clock = [], None, None
    for t, rr in intervals:
        follows = previous is not None and abs(t - (previous[0] + rr)) <= 1000
        clock = clock + rr if follows else t
        if from_ms <= clock < to_ms:
            if follows and previous[2]:
                diffs.append(rr - previous[1])
            previous = (t, rr, True)
        else:
            previous = (t, rr, False)
    if len(diffs) < 19:
        return None
    return math.sqrt(sum(d * d for d in diffs) / len(diffs))


class Session:
    """One exported session: its local day, whether it is a readiness check, and per player (by name) the
    load computed here from the samples, the export's own TRIMP, and for a check its lnRMSSD."""

    def __init__(self, summary, samples_csv, rr_csv, tz):
        self.id = summary['sessionID']
        started = dt.datetime.fromisoformat(summary['startedAt'].replace('Z', '+00:00'))
        self.day = started.astimezone(ZoneInfo(tz)).date()
        self.readiness = 'readiness' in summary['tags']
        self.posture = next((t for t in summary['tags'] if t in ('lying', 'sitting', 'standing')), '')
        effort_end = summary['effortEndSeconds'] * 1000
        # The totals stop at the effort's end when the recording went on past it (the recovery minute);
        # otherwise everything recorded counts (docs/ANALYTICS.md, "Per player, per session and per lap").
        totals_end = effort_end if summary['durationSeconds'] * 1000 > effort_end else math.inf
        by_number = {p['shirtNumber']: p for p in summary['players']}
        samples, rr = {}, {}
        for row in _rows(samples_csv):
            samples.setdefault(int(row['shirt_number']), []).append((int(row['t_ms']), int(row['bpm']), row['contact']))
        for row in _rows(rr_csv):
            rr.setdefault(int(row['shirt_number']), []).append((int(row['t_ms']), int(row['rr_1024']) * 1000 / 1024))
        self.players = {}
        for number, p in by_number.items():
            figures = {'load': trimp(samples.get(number, []), p['physiology'], totals_end),
                       'exportedTRIMP': p['session']['trimpBanister'] or 0.0, 'lnRMSSD': None, 'ownRMSSD': None}
            if self.readiness:
                time = (p.get('reportedHRV') or {}).get('time')
                figures['lnRMSSD'] = math.log(time['rmssdMs']) if time and time['rmssdMs'] > 0 else None
                figures['exportedRMSSD'] = time['rmssdMs'] if time else None
                clean = p['rr']['corrected'] == 0 and p['rr']['rejected'] == 0 and p['rr']['implausible'] == 0
                if clean:
                    figures['ownRMSSD'] = rmssd_of_window(sorted(rr.get(number, [])), effort_end - 120_000, effort_end)
            self.players[p['name']] = figures


# ---- the season ----


def daily_loads(sessions):
    """{player: {date: summed load}} over the training sessions (a readiness check is no training)."""
    days = {}
    for s in sessions:
        if s.readiness:
            continue
        for name, f in s.players.items():
            days.setdefault(name, {}).setdefault(s.day, 0.0)
            days[name][s.day] += f['load']
    return days


def mean_load(loads, day, n):
    return sum(loads.get(day - dt.timedelta(days=k), 0.0) for k in range(n)) / n


def status(strain, tolerance, history_days):
    if history_days < 28:
        return 'building baseline'
    if tolerance <= 0:
        return 'detraining'
    ratio = strain / tolerance
    if ratio > 1.5:
        return 'overreaching'
    if ratio >= 1.0:
        return 'productive'
    if ratio >= 0.8:
        return 'maintaining'
    return 'detraining'


def ewma(loads, first, day, n):
    lam = 2 / (n + 1)
    value, d = 0.0, first
    while d <= day:
        value = lam * loads.get(d, 0.0) + (1 - lam) * value
        d += dt.timedelta(days=1)
    return value


def player_row(loads, day):
    """The load figures of one player on `day` from their daily loads."""
    past = {d: v for d, v in loads.items() if d <= day}
    first = min(past) if past else None
    history = (day - first).days + 1 if first else 0
    strain, tolerance = mean_load(past, day, 7), mean_load(past, day, 28)
    acute = ewma(past, first, day, 7) if first else 0.0
    chronic = ewma(past, first, day, 28) if first else 0.0
    return {
        'loadToday': past.get(day, 0.0),
        'strain': strain,
        'tolerance': tolerance,
        'loadStatus': status(strain, tolerance, history),
        'acwrEwma': acute / chronic if history >= 28 and chronic > 0 else None,
        'lastSession': max(past).isoformat() if past else None,
    }


def foster_week(loads, last_day):
    week = [loads.get(last_day - dt.timedelta(days=k), 0.0) for k in range(7)]
    total = sum(week)
    sd = statistics.stdev(week)
    monotony = statistics.mean(week) / sd if sd > 1e-9 else None
    return total, monotony, (total * monotony if monotony is not None else None)


def readiness(checks, day):
    """The status of a player's latest check on or before `day`, read against their checks in its posture;
    `checks`: [(date, session id, posture, lnRMSSD or None)]. None: no check at all."""
    past = [c for c in checks if c[0] <= day]
    if not past:
        return None
    check_day, check_id, posture, value = max(past, key=lambda c: (c[0], c[1]))
    by_day = {}
    for d, sid, p, v in past:
        if p != posture or v is None or d > check_day or d <= check_day - dt.timedelta(days=60):
            continue
        if d not in by_day or by_day[d][0] < sid:
            by_day[d] = (sid, v)
    values = [v for _, v in by_day.values()]
    recent = [v for d, (_, v) in by_day.items() if d > check_day - dt.timedelta(days=7)]
    if value is None or len(values) < 5 or not recent:
        return 'building baseline'
    mean, sd = statistics.mean(values), statistics.stdev(values)
    baseline = statistics.mean(recent)
    if baseline < mean - sd / 2:
        return 'below'
    if baseline > mean + sd / 2:
        return 'above'
    return 'within'


def season_table(sessions, day):
    """{player: row} as `sideline season --json` lists it, for every player of the sessions."""
    loads = daily_loads(sessions)
    checks = {}
    for s in sessions:
        if s.readiness:
            for name, f in s.players.items():
                checks.setdefault(name, []).append((s.day, s.id, s.posture, f['lnRMSSD']))
    names = {name for s in sessions for name in s.players}
    table = {}
    for name in names:
        row = player_row(loads.get(name, {}), day)
        row['readiness'] = readiness(checks.get(name, []), day)
        table[name] = row
    return table
