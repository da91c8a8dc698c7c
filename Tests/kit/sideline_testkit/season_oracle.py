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
- Session RPE (Foster et al. 2001): a player's CR-10 rating × the session's minutes up to the effort's end (the
  export's effortEndSeconds / 60: the recovery minute is no work); an unrated session adds nothing. Daily sRPE is the
  day's sum, the week the 7 days ending on the day, monotony Foster's on those 7 daily sRPE loads; the TRIMP:sRPE ratio
  of a week is the TRIMP of its rated sessions over their sRPE.
- Morning wellness (Hooper & Mackinnon 1995; McLean et al. 2010): five items 1–5, the day's total their sum; the
  total's z against the player's answers of the 28 days before the day (mean, sample SD), none with fewer than 7 of
  them or an SD of 0; flagged when the total or any item is more than 1 SD below its mean.
- Readiness (Plews et al. 2012, 2013; Buchheit 2014): one lnRMSSD a day (the day's last check) per posture;
  the 7-day rolling mean against the mean ± ½ SD of the last 60 days; fewer than 5 days: building baseline.
- The team's average on a day (docs/ANALYTICS.md): the mean over the players whose first session is on or before
  it (a day without a session is 0), and for readiness over the players with a check that day (their last).
- This season against the last: from the club's season start (month, day) to the day shown, beside as many
  days from the previous season's start; sessions, summed load, the mean of the daily Strain from the first
  session on, time in zones (the export's), the mean lnRMSSD of the checks; "no data" (None) without any.
- Drills (issue 36 item 3, docs/ANALYTICS.md "Drills"): over each drill's span [from, to) of the export's phases,
  per player the minutes with a heart rate, the mean weighted by time, the peak, the % of that time above 85 % HRmax
  (bpm · 100 > 85 · HRmax: exactly 85 % is not above) and Banister's TRIMP, each sample standing for its span as above
  and clipped to the drill. Week by week (Monday to Sunday, local days): a player's occurrences that week pooled
  (minutes, time above and TRIMP summed, the mean weighted by time, the highest peak); the team the mean of its
  players with a heart rate in the drill that week.
- Fitness test (issue 36 item 4, docs/ANALYTICS.md "Fitness test"; Buchheit 2014): a session tagged fitness-test, its
  protocol in the export's fitnessTest; no training load, like a readiness check. HRex = the mean heart rate over the run's
  last 30 s [effort end − 30 s, effort end), each sample standing for its span as above and clipped to it, as % of the
  session's HRmax; none with less than 20 s of heart rate there or a run that ended more than 1 s before its planned
  length. HRR60 = the mean of the samples within ±2.5 s of the effort's end minus the same 60 s later. A test is read
  against the player's last earlier test of the same protocol with an HRex: beyond the typical error of 1 % HRmax
  higher is "worse", lower "better"; the flag: the latest test up to the day worse, and of the last 14 days.
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


def spans(samples):
    """Each kept sample (skin contact, 25–250 bpm; the later of two at one millisecond) with the time it stands for:
    [(t_ms, end_ms, bpm)]."""
    kept = {}
    for t, bpm, contact in sorted(samples, key=lambda s: s[0]):
        if contact == 'no' or not 25 <= bpm <= 250:
            continue
        kept[t] = bpm
    times = sorted(kept)
    out = []
    for i, t in enumerate(times):
        gap = times[i + 1] - t if i + 1 < len(times) else None
        out.append((t, t + (1000 if gap is None or gap > 5000 else gap), kept[t]))
    return out


def drill_figures(samples, physiology, from_ms, to_ms):
    """One player's figures over a drill [from_ms, to_ms): {ms, bpm_ms, peak, high_ms, trimp}."""
    rest, top = physiology['restingHR'], physiology['maxHR']
    f = {'ms': 0, 'bpm_ms': 0.0, 'peak': None, 'high_ms': 0, 'trimp': 0.0}
    for t, end, bpm in spans(samples):
        a, b = max(t, from_ms), min(end, to_ms)
        if b <= a:
            continue
        f['ms'] += b - a
        f['bpm_ms'] += bpm * (b - a)
        f['peak'] = bpm if f['peak'] is None else max(f['peak'], bpm)
        if bpm * 100 > 85 * top:
            f['high_ms'] += b - a
        f['trimp'] += (b - a) / 60000 * banister_per_minute((bpm - rest) / (top - rest), physiology['sex'])
    return f


def pooled(figures):
    """Occurrences of a drill pooled; None without a heart rate."""
    got = [f for f in figures if f['ms'] > 0]
    if not got:
        return None
    ms = sum(f['ms'] for f in got)
    return {'minutes': ms / 60000, 'meanBPM': sum(f['bpm_ms'] for f in got) / ms, 'peakBPM': max(f['peak'] for f in got),
            'highIntensityPercent': sum(f['high_ms'] for f in got) * 100 / ms, 'trimp': sum(f['trimp'] for f in got)}


def team_mean(players):
    """The mean of each figure over the players with a heart rate."""
    got = [p for p in players if p is not None]
    return {k: sum(p[k] for p in got) / len(got) for k in ('minutes', 'meanBPM', 'peakBPM', 'highIntensityPercent', 'trimp')} if got else None


def drill_weeks(sessions, drill):
    """{monday: {'sessions': [ids], 'players': {name: figures}, 'team': figures}} of one drill (case-insensitive)."""
    weeks = {}
    for s in sessions:
        for phase in s.phases:
            if phase['kind'] != 'drill' or phase['name'].lower() != drill.lower():
                continue
            monday = s.day - dt.timedelta(days=s.day.weekday())
            w = weeks.setdefault(monday, {'sessions': [], 'occurrences': {}})
            if s.id not in w['sessions']:
                w['sessions'].append(s.id)
            for name, per_phase in s.drills.items():
                w['occurrences'].setdefault(name, []).append(per_phase[(phase['fromSeconds'], phase['toSeconds'])])
    for w in weeks.values():
        w['players'] = {name: pooled(figures) for name, figures in w.pop('occurrences').items()}
        w['team'] = team_mean(list(w['players'].values()))
    return weeks


HREX_WINDOW_MS, HREX_MIN_SIGNAL_MS, HREX_TYPICAL_ERROR = 30_000, 20_000, 1.0


def hrex(samples, physiology, run_end_ms):
    """Mean HR over [end − 30 s, end) weighted by time, as % HRmax; None with less than 20 s of heart rate."""
    ms = bpm_ms = 0
    for t, end, bpm in spans(samples):
        a, b = max(t, run_end_ms - HREX_WINDOW_MS), min(end, run_end_ms)
        if b > a:
            ms += b - a
            bpm_ms += bpm * (b - a)
    return bpm_ms / ms / physiology['maxHR'] * 100 if ms >= HREX_MIN_SIGNAL_MS else None


def hr_near(samples, t_ms):
    """The mean of the kept samples within ±2.5 s of t_ms, or None."""
    near = [bpm for t, _, bpm in spans(samples) if t_ms - 2500 <= t <= t_ms + 2500]
    return sum(near) / len(near) if near else None


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
        self.fitness = summary.get('fitnessTest') if 'fitness-test' in summary['tags'] else None
        # A readiness check and a fitness test measure the players; neither is training load.
        self.training = not self.readiness and self.fitness is None
        self.posture = next((t for t in summary['tags'] if t in ('lying', 'sitting', 'standing')), '')
        effort_end = summary['effortEndSeconds'] * 1000
        self.effort_end_s = summary['effortEndSeconds']
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
        # Each player's figures over each drill: {name: {(from s, to s): figures}}.
        self.phases = summary.get('phases', [])
        self.drills = {p['name']: {(ph['fromSeconds'], ph['toSeconds']):
                                   drill_figures(samples.get(number, []), p['physiology'], ph['fromSeconds'] * 1000, ph['toSeconds'] * 1000)
                                   for ph in self.phases if ph['kind'] == 'drill'}
                       for number, p in by_number.items()}
        zone_key = 'zoneSecondsPercentOfMax' if summary['zoneModel'] == 'percentOfMax' else 'zoneSecondsHeartRateReserve'
        for number, p in by_number.items():
            rating = p.get('rpe')
            figures = {'rpe': rating['value'] if rating else None,
                       'srpe': rating['value'] * summary['effortEndSeconds'] / 60 if rating else None,
                       'exportedSRPE': p.get('srpeLoad'),
                       'load': trimp(samples.get(number, []), p['physiology'], totals_end),
                       'exportedTRIMP': p['session']['trimpBanister'] or 0.0, 'lnRMSSD': None, 'ownRMSSD': None,
                       'measuredMax': p['physiology']['maxHRSource'] == 'measured',
                       'zoneMs': [round(p['session'][zone_key][f'z{z}'] * 1000) for z in range(1, 6)]}
            if self.fitness is not None:
                mine = samples.get(number, [])
                complete = effort_end + 1000 >= self.fitness['runSeconds'] * 1000
                figures['hrex'] = hrex(mine, p['physiology'], effort_end) if complete else None
                figures['exportedHRex'] = p.get('hrex')
                at_end, later = hr_near(mine, effort_end), hr_near(mine, effort_end + 60_000)
                figures['hrr60'] = at_end - later if at_end is not None and later is not None else None
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
    """{player: {date: summed load}} over the training sessions (a readiness check or a fitness test is no training)."""
    days = {}
    for s in sessions:
        if not s.training:
            continue
        for name, f in s.players.items():
            days.setdefault(name, {}).setdefault(s.day, 0.0)
            days[name][s.day] += f['load']
    return days


def mean_load(loads, day, n):
    return sum(loads.get(day - dt.timedelta(days=k), 0.0) for k in range(n)) / n


POLAR = (0.8, 1.0, 1.5)


def status(strain, tolerance, history_days, thresholds=POLAR):
    """`thresholds`: maintaining from, productive from, overreaching above (Polar's unless the club moved them)."""
    if history_days < 28:
        return 'building baseline'
    if tolerance <= 0:
        return 'detraining'
    ratio = strain / tolerance
    if ratio > thresholds[2]:
        return 'overreaching'
    if ratio >= thresholds[1]:
        return 'productive'
    if ratio >= thresholds[0]:
        return 'maintaining'
    return 'detraining'


def ewma(loads, first, day, n):
    lam = 2 / (n + 1)
    value, d = 0.0, first
    while d <= day:
        value = lam * loads.get(d, 0.0) + (1 - lam) * value
        d += dt.timedelta(days=1)
    return value


def player_row(loads, day, thresholds=POLAR):
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
        'loadStatus': status(strain, tolerance, history, thresholds),
        'acwrEwma': acute / chronic if history >= 28 and chronic > 0 else None,
        'lastSession': max(past).isoformat() if past else None,
    }


def daily_srpe(sessions):
    """{player: {date: (summed sRPE, summed TRIMP of the rated sessions)}} over the rated training sessions."""
    days = {}
    for s in sessions:
        if not s.training:
            continue
        for name, f in s.players.items():
            if f['srpe'] is None:
                continue
            srpe, trimp_ = days.setdefault(name, {}).get(s.day, (0.0, 0.0))
            days[name][s.day] = (srpe + f['srpe'], trimp_ + f['load'])
    return days


def srpe_row(days, day):
    """One player's sRPE figures on `day` from `daily_srpe`'s days of theirs."""
    week = [days.get(day - dt.timedelta(days=k), (0.0, 0.0)) for k in range(7)]
    total, monotony, strain = foster_week({d: v[0] for d, v in days.items()}, day)
    trimp_ = sum(t for _, t in week)
    return {'srpeLoadToday': week[0][0], 'srpeWeek': total, 'srpeMonotony': monotony, 'srpeStrain': strain,
            'trimpToSrpeWeek': trimp_ / total if total > 0 else None}


def foster_week(loads, last_day):
    week = [loads.get(last_day - dt.timedelta(days=k), 0.0) for k in range(7)]
    total = sum(week)
    sd = statistics.stdev(week)
    monotony = statistics.mean(week) / sd if sd > 1e-9 else None
    return total, monotony, (total * monotony if monotony is not None else None)


def wellness(answers, day):
    """One player's wellness on `day` from `answers` {date: [fatigue, sleep, soreness, stress, mood]}: the row's
    wellnessTotal, wellnessZ and wellnessFlagged (None for each when the day has no answer)."""
    if day not in answers:
        return {'wellnessTotal': None, 'wellnessZ': None, 'wellnessFlagged': None}
    earlier = [answers[d] for d in (day - dt.timedelta(days=k) for k in range(1, 29)) if d in answers]
    today = answers[day]
    columns = [[a[i] for a in earlier] for i in range(5)] + [[sum(a) for a in earlier]]
    values = list(today) + [sum(today)]
    z, flagged = None, False
    if len(earlier) >= 7:
        for i, (column, value) in enumerate(zip(columns, values)):
            mean, sd = statistics.mean(column), statistics.stdev(column)
            flagged = flagged or value < mean - sd - 1e-9
            if i == 5 and sd > 1e-9:
                z = (value - mean) / sd
    return {'wellnessTotal': sum(today), 'wellnessZ': z, 'wellnessFlagged': flagged}


def readiness(checks, day):
    """The status of a player's latest check on or before `day`, read against their checks in its posture;
    `checks`: [(date, session id, posture, lnRMSSD or None)]. None: no check at all."""
    found = readiness_reading(checks, day)
    return found['status'] if found else None


def readiness_reading(checks, day):
    """The latest check on or before `day` read against the player's history: {status, day, baseline, low, high}
    (the last three None while building a baseline); None without a check."""
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
    reading = {'status': 'building baseline', 'day': check_day, 'baseline': None, 'low': None, 'high': None}
    if value is None or len(values) < 5 or not recent:
        return reading
    mean, sd = statistics.mean(values), statistics.stdev(values)
    baseline = statistics.mean(recent)
    reading.update(baseline=baseline, low=mean - sd / 2, high=mean + sd / 2)
    reading['status'] = 'below' if baseline < mean - sd / 2 else 'above' if baseline > mean + sd / 2 else 'within'
    return reading


def fitness_tests(sessions, name):
    """A player's fitness tests, oldest first, each read against their last earlier one of the same protocol with an
    HRex: [{id, day, protocol, hrex, hrr60, previous (id or None), change (HRex points or None), reading}]."""
    out, last = [], {}
    for s in sorted((s for s in sessions if s.fitness is not None and name in s.players), key=lambda s: (s.day, s.id)):
        f, key = s.players[name], s.fitness['protocol']
        before = last.get(key)
        test = {'id': s.id, 'day': s.day, 'protocol': key, 'hrex': f['hrex'], 'hrr60': f['hrr60'],
                'previous': before['id'] if before else None, 'change': None, 'reading': None}
        if f['hrex'] is not None and before is not None:
            test['change'] = f['hrex'] - before['hrex']
            test['reading'] = ('worse' if test['change'] > HREX_TYPICAL_ERROR
                               else 'better' if test['change'] < -HREX_TYPICAL_ERROR else 'within')
        if f['hrex'] is not None:
            last[key] = test
        out.append(test)
    return out


def season_table(sessions, day, thresholds=POLAR, answers=None):
    """{player: row} as `sideline season --json` lists it, for every player of the sessions; `answers`: each
    player's wellness {name: {date: [five items]}}."""
    loads = daily_loads(sessions)
    checks = {}
    for s in sessions:
        if s.readiness:
            for name, f in s.players.items():
                checks.setdefault(name, []).append((s.day, s.id, s.posture, f['lnRMSSD']))
    names = {name for s in sessions for name in s.players}
    srpe = daily_srpe(sessions)
    table = {}
    for name in names:
        row = player_row(loads.get(name, {}), day, thresholds)
        row.update(srpe_row(srpe.get(name, {}), day))
        row['readinessReading'] = readiness_reading(checks.get(name, []), day)
        row['readiness'] = row['readinessReading']['status'] if row['readinessReading'] else None
        row.update(wellness((answers or {}).get(name, {}), day))
        tests = [t for t in fitness_tests(sessions, name) if t['day'] <= day]
        row['fitness'] = tests[-1] if tests else None
        row['hrex'] = tests[-1]['hrex'] if tests else None
        table[name] = row
    return table


# ---- flags: what needs attention on a day ----


def flags(table, day, measured, straps):
    """{(rule, subject): numbers} of a team on `day` (docs/ANALYTICS.md, "Flags"): from its season `table`
    (`season_table`'s rows by name), `measured` {name: whether their HRmax is measured} and `straps` [{address,
    battery, last_seen (a date or None)}] the team wears. Subjects: a player's name, a strap's address."""
    out = {}
    for name, row in table.items():
        if row['loadStatus'] == 'overreaching':
            out[('overreaching', name)] = {'ratio': row['strain'] / row['tolerance']}
        if row['acwrEwma'] is not None and row['acwrEwma'] > 1.5:
            out[('acwr', name)] = {'acwr': row['acwrEwma']}
        reading = row['readinessReading']
        if reading and reading['status'] == 'below' and (day - reading['day']).days < 7:
            out[('readiness', name)] = {'baseline': reading['baseline'], 'normalLow': reading['low']}
        if row['wellnessFlagged']:
            out[('wellness', name)] = {}
        test = row['fitness']
        if test and test['reading'] == 'worse' and (day - test['day']).days < 14:
            out[('hrex', name)] = {'hrex': test['hrex'], 'change': test['change']}
        if not measured.get(name, False):
            out[('max-hr', name)] = {}
    for s in straps:
        if s['battery'] is not None and s['battery'] < 20:
            out[('strap-battery', s['address'])] = {'battery': s['battery']}
        if s['last_seen'] is not None and (day - s['last_seen']).days >= 7:
            out[('strap-unseen', s['address'])] = {'daysUnseen': (day - s['last_seen']).days}
    return out


# ---- the team's average and this season against the last ----


def team_average(sessions, day, names, posture):
    """The team's average on `day` over the players `names`: load, Strain and Tolerance of those whose first
    session is on or before it; lnRMSSD of those with a check that day in `posture` (their last of the day)."""
    loads = daily_loads(sessions)
    counted = []
    for name in names:
        past = {d: v for d, v in loads.get(name, {}).items() if d <= day}
        if past:
            counted.append((past.get(day, 0.0), mean_load(past, day, 7), mean_load(past, day, 28)))
    checks = {}
    for s in sorted(sessions, key=lambda s: s.id):
        if s.readiness and s.day == day and s.posture == posture:
            for name, f in s.players.items():
                if name in names and f['lnRMSSD'] is not None:
                    checks[name] = f['lnRMSSD']  # the day's last check
    mean = (lambda xs: sum(xs) / len(xs) if xs else None)
    return {'players': len(counted), 'load': mean([c[0] for c in counted]), 'strain': mean([c[1] for c in counted]),
            'tolerance': mean([c[2] for c in counted]), 'checks': len(checks), 'lnRMSSD': mean(list(checks.values()))}


def latest_posture(sessions, name, day):
    past = [s for s in sessions if s.readiness and s.day <= day and name in s.players]
    return max(past, key=lambda s: (s.day, s.id)).posture if past else None


def day_check(sessions, name, day, posture):
    """The player's lnRMSSD of their last check on `day` in `posture`, or None."""
    found = [s for s in sessions if s.readiness and s.day == day and s.posture == posture and name in s.players
             and s.players[name]['lnRMSSD'] is not None]
    return max(found, key=lambda s: s.id).players[name]['lnRMSSD'] if found else None


def season_spans(day, start_month, start_day):
    """This season's first day through `day`, and the same number of days from the previous season's start
    (never past the day before this season began)."""
    this_first = dt.date(day.year, start_month, start_day)
    if this_first > day:
        this_first = dt.date(day.year - 1, start_month, start_day)
    last_first = dt.date(this_first.year - 1, start_month, start_day)
    last_last = min(last_first + (day - this_first), this_first - dt.timedelta(days=1))
    return (this_first, day), (last_first, last_last)


def span_figures(sessions, name, span):
    """One player's figures over `span` (first, last); None for each figure that has no data."""
    first, last = span
    training = [s for s in sessions if s.training and name in s.players and first <= s.day <= last]
    values = [s.players[name]['lnRMSSD'] for s in sessions if s.readiness and name in s.players and first <= s.day <= last
              and s.players[name]['lnRMSSD'] is not None]
    out = {'sessions': len(training), 'totalLoad': None, 'meanStrain': None, 'zones': None,
           'readinessMean': sum(values) / len(values) if values else None, 'ids': {s.id for s in training}}
    if not training:
        return out
    out['totalLoad'] = sum(s.players[name]['load'] for s in training)
    out['zones'] = [sum(s.players[name]['zoneMs'][z] for s in training) for z in range(5)]
    loads = {d: v for d, v in daily_loads(sessions).get(name, {}).items() if d <= last}
    d = max(first, min(loads))
    strains = []
    while d <= last:
        strains.append(mean_load(loads, d, 7))
        d += dt.timedelta(days=1)
    out['meanStrain'] = sum(strains) / len(strains)
    return out


def team_span_figures(sessions, names, span):
    """The team's: sessions counted once, load, Strain and zones per player who trained, every check's lnRMSSD."""
    each = [span_figures(sessions, name, span) for name in names]
    trained = [f for f in each if f['sessions'] > 0]
    first, last = span
    values = [s.players[n]['lnRMSSD'] for s in sessions if s.readiness and first <= s.day <= last for n in names
              if n in s.players and s.players[n]['lnRMSSD'] is not None]
    out = {'sessions': len(set().union(*[f['ids'] for f in each])) if each else 0, 'totalLoad': None, 'meanStrain': None,
           'zones': None, 'readinessMean': sum(values) / len(values) if values else None}
    if trained:
        n = len(trained)
        out['totalLoad'] = sum(f['totalLoad'] for f in trained) / n
        out['meanStrain'] = sum(f['meanStrain'] for f in trained) / n
        out['zones'] = [round(sum(f['zones'][z] for f in trained) / n) for z in range(5)]
    return out
