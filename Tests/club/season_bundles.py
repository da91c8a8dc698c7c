"""A season of sessions for one team as bundles: the same players in every session, training on most days with
loads that differ, now and then two sessions a day, and morning readiness checks (three minutes sitting, RR with
a player's own variability). Days are local days of the time zone the test runs in."""
import copy
import datetime as dt
import random
import uuid

import bundles


def session(base: dict, who: list, start: dt.datetime, minutes: int, rng: random.Random, tags: list, readiness=False) -> dict:
    """A bundle of `minutes` for the players of `who` (their UUIDs, names and physiology kept), started at `start` (local);
    a training session goes on for a recovery minute after its effort, the heart rate falling."""
    b = copy.deepcopy(base)
    effort = minutes * 60
    n = effort if readiness else effort + 60
    for p, person in zip(b["participants"], who):
        for field in ("playerUUID", "firstName", "lastName", "shirtNumber", "physiology"):
            p[field] = person[field]
        if readiness:
            bpm = [58 + rng.randint(-2, 2) for _ in range(n)]
            rr = [int(61440 / 58) + rng.randint(-40, 40) for _ in range(n)]
        else:
            shift = rng.randint(-15, 25)
            bpm = [min(200, max(70, 115 + shift + int(45 * abs(((k + 17 * p["shirtNumber"]) % 300) - 150) / 150) + rng.randint(-3, 3)))
                   for k in range(effort)]
            drop = 20 + rng.randint(0, 25)
            bpm += [max(60, bpm[-1] - drop * (k + 1) // 60) for k in range(60)]
            rr = [int(61440 / x) for x in bpm]
        p["samples"] = {"tMsDeltas": [1000 if k else 500 for k in range(n)], "bpm": bpm, "contact": [2] * n,
                        "strap": [p["strap"]] * n, "energyKJ": [None] * n}
        p["rr"] = {"tMsDeltas": [v * 1000 // 1024 for v in rr], "rr1024": rr}
    started = int(start.timestamp() * 1000)
    s = b["session"]
    s.update(uuid=str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper(), startedMs=started, endedMs=started + n * 1000,
             plannedMs=effort * 1000, effortEndMs=effort * 1000, tags=tags)
    b["laps"] = []
    return b


def season(team: str, last_day: dt.date, who: list, weeks: int = 6, seed: int = 7) -> list:
    """Bundles of `weeks` weeks ending on `last_day` for the players of `who` (a bundle's participants) on `team`."""
    rng = random.Random(seed)
    base = bundles.make(seed=1, players=len(who), minutes=1, team=team)
    who = [copy.deepcopy(p) for p in who]
    out = []
    first = last_day - dt.timedelta(days=7 * weeks - 1)
    for k in range(7 * weeks):
        day = first + dt.timedelta(days=k)
        if k % 7 in (0, 2, 3, 5):
            out.append(session(base, who, dt.datetime.combine(day, dt.time(18, 0)), 20 + (k * 11) % 45, rng, ["training"]))
        if k % 7 == 5:
            out.append(session(base, who, dt.datetime.combine(day, dt.time(10, 0)), 15, rng, ["match"]))
        if k >= 7 * weeks - 16 and k % 2 == 0:
            out.append(session(base, who, dt.datetime.combine(day, dt.time(8, 0)), 3, rng, ["readiness", "sitting"], readiness=True))
    return out
