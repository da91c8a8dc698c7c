"""Every feature flow in deploy/scripts/kiosk/flows, played the way the docs' screenshots are made
(deploy/scripts/kiosk/play-flow.sh) on the real binary at both sizes: it runs to its end, each
`screenshot` is a picture of the screen's size (with its wall display twin at 1920×1080 while live),
live tiles in any dump it takes keep their text apart, every text on every screen it photographs fits
its box at the readable minimum or larger (decision 099; the other languages: test_languages.py), and
at 800×480 every touch target on every screen it photographs is at least 64 px on its smaller side
(issue 14: gloves). What each feature does is checked by its own tests; this keeps the flows the lead
regenerates docs/screenshots from playable."""
import json
import re

import pytest

from sideline_testkit.kiosk import DEMO_FLOW, FLOWS, MIN_TARGET, play_flow, small_targets, unreadable_texts
from sideline_testkit.png import read_png_size
from sideline_testkit.tile_checks import check_tiles

FLOW_FILES = [DEMO_FLOW] + sorted(FLOWS.glob("*.kiosk"))
SIZES = {"800x480": (800, 480), "1920x1080": (1920, 1080)}


def with_target_dumps(flow, tmp_path):
    """The flow with a dump after each screenshot, so the targets of every photographed screen are seen."""
    text = re.sub(r"^screenshot (\S+)$", r"screenshot \1\ndump \1.targets.json", flow.read_text(), flags=re.M)
    copy = tmp_path / flow.name
    copy.write_text(text)
    return copy


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("flow", FLOW_FILES, ids=[f.stem for f in FLOW_FILES])
def test_the_flow_plays_and_takes_its_screenshots(sideline_bin, tmp_path, flow, size):
    shots = tmp_path / "shots"
    play_flow(sideline_bin, with_target_dumps(flow, tmp_path), size, shots)
    names = re.findall(r"^screenshot (\S+)$", flow.read_text(), re.M)
    assert names, "a flow takes screenshots"
    unreadable = []
    for name in names:
        assert read_png_size(shots / f"{name}.png") == SIZES[size], name
        targets = json.loads((shots / f"{name}.targets.json").read_text())
        assert targets["targets"], name
        unreadable += [f"{name}: {line}" for line in unreadable_texts(targets)]
        if size == "800x480":
            assert small_targets(targets) == [], f"{flow.stem} {name}: targets under {MIN_TARGET} px"
        if size == "800x480":
            assert not (shots / f"{name}-wall.png").exists(), "no wall display at 800×480"
        elif (shots / f"{name}-wall.png").exists():  # while a session is live
            read_png_size(shots / f"{name}-wall.png")
    assert unreadable == [], f"{flow.stem} {size}:\n" + "\n".join(unreadable)
    for dump in re.findall(r"^dump (\S+)$", flow.read_text(), re.M):
        live = json.loads((shots / dump).read_text()).get("live")
        # A readiness check's results take the tiles' place: no tile is drawn then.
        if live and live.get("tiles") and not live.get("readinessResults"):
            check_tiles(live["tiles"], min_text=12 if size == "800x480" else 24, where=f"{flow.stem} {dump} {size}")
