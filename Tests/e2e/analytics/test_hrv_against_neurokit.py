"""HRV of `sideline hrv` against NeuroKit2 and SciPy on RR series built here with
artefacts inserted at known beats.

Tolerances (also in docs/ANALYTICS.md):
- artefact classes of the first Lipponen–Tarvainen pass: identical to NeuroKit2's
  implementation of the same paper on the same peaks;
- detection against the known artefacts: ≥ 95 % found, false alarms ≤ 0.5 % of beats;
- RMSSD / SDNN / SDSD on Sideline's NN series: NeuroKit2 within 1e-9 relative
  (pNN50 after NeuroKit2's n+1 denominator);
- after each tool corrects the artefacts its own way: RMSSD within 3 % of each other
  and within 10 % of the artefact-free series (2.4 % of beats corrupted);
- LF / HF power: SciPy (natural cubic spline, 4 Hz, Welch 1024/512 Hann) within 1e-6 relative;
  NeuroKit2's own pipeline (its interpolation and Welch settings): LF/HF within 25 %.
"""
import json
import subprocess

import neurokit2 as nk
import numpy as np
import pytest
from neurokit2.signal.signal_fixpeaks import _find_artifacts
from scipy.interpolate import CubicSpline
from scipy.signal import welch


def clean_rr(n=900, seed=5):
    rng = np.random.default_rng(seed)
    rr, t = [], 0.0
    for _ in range(n):
        x = 850 + 40 * np.sin(2 * np.pi * 0.25 * t / 1000) + 25 * np.sin(2 * np.pi * 0.1 * t / 1000) + 10 * rng.standard_normal()
        rr.append(x)
        t += x
    return np.array(rr)


def corrupt(clean, every=37):
    """Missed, extra and ectopic beats in turn every `every` beats; returns series and artefact positions."""
    out, truth, i, k = [], [], 0, 0
    while i < len(clean):
        if 40 < i < len(clean) - 40 and i % every == 0:
            kind = ("missed", "extra", "ectopic")[k % 3]
            k += 1
            truth.append((len(out), kind))
            if kind == "missed":
                out.append(clean[i] + clean[i + 1]); i += 2
            elif kind == "extra":
                out += [clean[i] * 0.4, clean[i] * 0.6]; i += 1
            else:
                out += [clean[i] * 0.7, clean[i + 1] + clean[i] * 0.3]; i += 2
            continue
        out.append(clean[i]); i += 1
    return np.array(out), truth


def sideline_hrv(sideline_bin, tmp_path, rr):
    path = tmp_path / "rr.txt"
    # Sideline keeps RR in the strap's 1/1024 s units: give it exactly representable values.
    rr = np.round(np.asarray(rr) * 1.024) / 1.024
    path.write_text("\n".join(f"{x:.6f}" for x in rr))
    result = subprocess.run([sideline_bin, "hrv", str(path)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout), rr


def peaks_of(rr):
    return np.concatenate([[0.0], np.cumsum(rr)])


@pytest.fixture(scope="module")
def corrupted():
    return corrupt(clean_rr())


def test_first_pass_matches_neurokit_kubios(sideline_bin, tmp_path, corrupted):
    rr, _ = corrupted
    ours, rr = sideline_hrv(sideline_bin, tmp_path, rr)
    theirs, _ = _find_artifacts(peaks_of(rr), sampling_rate=1000)
    for ours_key, their_key in (("extra", "extra"), ("missed", "missed"), ("ectopic", "ectopic"), ("longShort", "longshort")):
        assert ours["firstPass"][ours_key] == [i - 1 for i in theirs[their_key]], ours_key


def test_detection_of_known_artefacts(sideline_bin, tmp_path, corrupted):
    rr, truth = corrupted
    ours, rr = sideline_hrv(sideline_bin, tmp_path, rr)
    flagged = sorted(i for v in ours["firstPass"].values() for i in v)
    found = sum(1 for t, _ in truth if any(abs(f - t) <= 1 for f in flagged))
    false_alarms = sum(1 for f in flagged if not any(abs(f - t) <= 1 for t, _ in truth))
    print(f"artefacts: {len(truth)} inserted, {found} found, {len(truth) - found} missed, "
          f"{false_alarms} false alarms in {len(rr)} beats; corrected {ours['report']['corrected']}")
    assert found >= 0.95 * len(truth)
    assert false_alarms <= 0.005 * len(rr)


def test_time_domain_equals_neurokit_on_the_same_nn(sideline_bin, tmp_path, corrupted):
    ours, _ = sideline_hrv(sideline_bin, tmp_path, corrupted[0])
    (stretch,) = ours["stretches"]
    nn = np.array(stretch["nnMs"])
    theirs = nk.hrv_time(peaks_of(nn), sampling_rate=1000).iloc[0]
    t = ours["time"]
    assert t["rmssdMs"] == pytest.approx(theirs["HRV_RMSSD"], rel=1e-9)
    assert t["sdnnMs"] == pytest.approx(theirs["HRV_SDNN"], rel=1e-9)
    assert t["sdsdMs"] == pytest.approx(theirs["HRV_SDSD"], rel=1e-9)
    diffs = len(nn) - 1
    assert t["pnn50"] * diffs / (diffs + 1) == pytest.approx(theirs["HRV_pNN50"], rel=1e-9)


def test_each_tool_corrects_to_the_truth(sideline_bin, tmp_path, corrupted):
    rr, _ = corrupted
    ours, rr = sideline_hrv(sideline_bin, tmp_path, rr)
    truth = clean_rr()
    truth_rmssd = np.sqrt(np.mean(np.diff(truth) ** 2))
    _, their_peaks = nk.signal_fixpeaks(peaks_of(rr), sampling_rate=1000, iterative=True, method="Kubios")
    their_rmssd = nk.hrv_time(their_peaks, sampling_rate=1000).iloc[0]["HRV_RMSSD"]
    raw_rmssd = np.sqrt(np.mean(np.diff(rr) ** 2))
    print(f"RMSSD truth {truth_rmssd:.2f}, raw {raw_rmssd:.2f}, Sideline {ours['time']['rmssdMs']:.2f}, NeuroKit2 {their_rmssd:.2f}")
    assert ours["time"]["rmssdMs"] == pytest.approx(their_rmssd, rel=0.03)
    assert ours["time"]["rmssdMs"] == pytest.approx(truth_rmssd, rel=0.10)


def scipy_bands(end_ms, nn_ms):
    t = np.asarray(end_ms) / 1000
    grid = t[0] + np.arange(int(np.floor((t[-1] - t[0]) * 4)) + 1) / 4
    x = CubicSpline(t, nn_ms, bc_type="natural")(grid)
    nperseg = 1024 if len(x) >= 1024 else 512
    f, p = welch(x, fs=4, window="hann", nperseg=nperseg, noverlap=nperseg // 2, detrend="constant", scaling="density")
    df = f[1] - f[0]
    lf = p[(f >= 0.04) & (f < 0.15)].sum() * df
    hf = p[(f >= 0.15) & (f < 0.40)].sum() * df
    return lf, hf


def test_frequency_domain_equals_scipy_welch(sideline_bin, tmp_path, corrupted):
    ours, _ = sideline_hrv(sideline_bin, tmp_path, corrupted[0])
    (stretch,) = ours["stretches"]
    lf, hf = scipy_bands(stretch["endMs"], stretch["nnMs"])
    assert ours["frequency"]["lfMs2"] == pytest.approx(lf, rel=1e-6)
    assert ours["frequency"]["hfMs2"] == pytest.approx(hf, rel=1e-6)


def test_lf_hf_agrees_with_neurokit_pipeline(sideline_bin, tmp_path):
    rr = clean_rr()
    ours, rr = sideline_hrv(sideline_bin, tmp_path, rr)
    theirs = nk.hrv_frequency(peaks_of(rr), sampling_rate=1000, psd_method="welch").iloc[0]
    print(f"LF/HF Sideline {ours['frequency']['lfHf']:.3f}, NeuroKit2 {theirs['HRV_LFHF']:.3f}")
    assert ours["frequency"]["lfHf"] == pytest.approx(theirs["HRV_LFHF"], rel=0.25)


def test_bad_input_is_marked_not_enough_data(sideline_bin, tmp_path):
    ours, _ = sideline_hrv(sideline_bin, tmp_path, [800, 0, 810, 790])
    assert ours["time"] is None and ours["frequency"] is None
    assert ours["report"]["rejected"] == 1
