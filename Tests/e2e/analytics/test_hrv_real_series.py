"""HRV on real RR series with artefacts injected: Sideline's correction against NeuroKit2's
`signal_fixpeaks(method="kubios")` (issue 13, item 3).

The real series are pyhrv's package data (`pyhrv/files/SampleNNISeries{Long,Short}.npy`, 4 684
and 337 intervals, whole milliseconds), read as files: pyhrv itself is not imported. Into each
1, 3 and 5 % of beats get missed, extra, ectopic or mixed artefacts at random places, for 7
seeds. Both tools correct the same series; each one's RMSSD error is taken against the clean
series, in percent, and the median over the seeds compared: Sideline's may be at most one
percentage point worse than NeuroKit2's. The table is printed (`pytest -s`); docs/ANALYTICS.md
quotes it."""
import importlib.util
import json
import pathlib
import subprocess

import neurokit2 as nk
import numpy as np
import pytest

SEEDS = range(7)
RATES = (0.01, 0.03, 0.05)
KINDS = ("missed", "extra", "ectopic", "mixed")


def real_series():
    files = pathlib.Path(importlib.util.find_spec("pyhrv").origin).parent / "files"
    return {name: np.load(files / f"SampleNNISeries{name}.npy").astype(float) for name in ("Long", "Short")}


def inject(clean, kind, rate, seed):
    """`rate` of the beats turned into artefacts of `kind`, at least 4 beats apart; whole ms."""
    rng = np.random.default_rng(seed)
    n = len(clean)
    count = max(1, round(rate * n))
    places = set()
    while len(places) < count:
        i = int(rng.integers(3, n - 3))
        if all(abs(i - p) >= 4 for p in places):
            places.add(i)
    out, i = [], 0
    while i < n:
        if i not in places:
            out.append(clean[i]); i += 1
            continue
        what = kind if kind != "mixed" else ("missed", "extra", "ectopic")[int(rng.integers(3))]
        if what == "missed":  # the detector did not see a beat: two intervals become one
            out.append(clean[i] + clean[i + 1]); i += 2
        elif what == "extra":  # a noise spike split one interval
            first = round(clean[i] * rng.uniform(0.2, 0.5))
            out += [first, clean[i] - first]; i += 1
        else:  # a premature beat and its compensatory pause
            early = round(clean[i] * rng.uniform(0.2, 0.4))
            out += [clean[i] - early, clean[i + 1] + early]; i += 2
    return np.array(out, dtype=float)


def rmssd(rr):
    return float(np.sqrt(np.mean(np.diff(rr) ** 2)))


def sideline_rmssd(sideline_bin, path, rr):
    path.write_text("\n".join(f"{x:.0f}" for x in rr))
    result = subprocess.run([sideline_bin, "hrv", str(path)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)["time"]["rmssdMs"]


def neurokit_rmssd(rr):
    peaks = np.concatenate([[0.0], np.cumsum(rr)])
    _, fixed = nk.signal_fixpeaks(peaks, sampling_rate=1000, iterative=True, method="kubios")
    return rmssd(np.diff(np.asarray(fixed, dtype=float)))


def test_correction_on_real_series_is_no_worse_than_neurokit_kubios(sideline_bin, tmp_path):
    rows = []
    for name, clean in real_series().items():
        truth = rmssd(clean)
        for kind in KINDS:
            for rate in RATES:
                ours, theirs, raw = [], [], []
                for seed in SEEDS:
                    rr = inject(clean, kind, rate, seed * 1009 + int(rate * 1000))
                    ours.append(abs(sideline_rmssd(sideline_bin, tmp_path / "rr.txt", rr) - truth) / truth * 100)
                    theirs.append(abs(neurokit_rmssd(rr) - truth) / truth * 100)
                    raw.append(abs(rmssd(rr) - truth) / truth * 100)
                rows.append((name, kind, rate, np.median(raw), np.median(ours), np.median(theirs)))
    print("\nseries  artefacts  rate  |RMSSD error| median over seeds, %: uncorrected  Sideline  NeuroKit2 kubios")
    for name, kind, rate, raw, ours, theirs in rows:
        print(f"{name:6}  {kind:9}  {rate * 100:3.0f} %  {raw:8.1f}  {ours:8.2f}  {theirs:8.2f}")
    worse = [(name, kind, rate, ours, theirs) for name, kind, rate, _, ours, theirs in rows if ours > theirs + 1.0]
    assert not worse, worse


def test_the_issues_extra_beat_is_merged_back(sideline_bin, tmp_path):
    """400 beats of 800 + 25·sin(k/1.6) + N(0, 4) ms with beat 200 replaced by 200 and 600 ms:
    the RMSSD of the clean series, not the 29 % more the split used to add."""
    rng = np.random.default_rng(13)
    clean = 800 + 25 * np.sin(np.arange(400) / 1.6) + rng.normal(0, 4, 400)
    split = np.concatenate([clean[:200], [200.0, 600.0], clean[201:]])
    path = tmp_path / "rr.txt"
    path.write_text("\n".join(f"{x:.6f}" for x in split))
    result = subprocess.run([sideline_bin, "hrv", str(path)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    print(f"RMSSD clean {rmssd(clean):.2f} ms, with the split {rmssd(split):.2f}, Sideline {out['time']['rmssdMs']:.2f}")
    assert out["time"]["rmssdMs"] == pytest.approx(rmssd(clean), rel=0.03)
    assert out["report"]["stretches"] == 1
    assert out["firstPass"]["extra"] == [200], "the 200 ms part, found in the pipeline's own first pass"


def test_millisecond_input_is_kept_exactly_and_mean_hr_printed(sideline_bin, tmp_path):
    rr = [812.3, 799.9, 805.55, 790.125] * 10
    path = tmp_path / "rr.txt"
    path.write_text("\n".join(str(x) for x in rr))
    result = subprocess.run([sideline_bin, "hrv", str(path)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["stretches"][0]["nnMs"] == rr, "no rounding to 1/1024 s"
    assert out["time"]["rmssdMs"] == pytest.approx(rmssd(np.array(rr)), rel=1e-12)
    assert out["time"]["meanHRBPM"] == pytest.approx(np.mean(60000 / np.array(rr)), rel=1e-12)
