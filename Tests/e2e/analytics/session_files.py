"""Helpers for the analytics cross-checks (a module of its own: `conftest` names clash across folders)."""
import csv
import pathlib


def valid_samples(out: pathlib.Path):
    """Plausible samples with skin contact, per player name, in time order — as Sideline counts them."""
    (path,) = out.glob("*_samples.csv")
    players = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            bpm = int(row["bpm"])
            if row["contact"] == "no" or not 25 <= bpm <= 250:
                continue
            players.setdefault(row["player"], []).append((int(row["t_ms"]), bpm))
    return players
