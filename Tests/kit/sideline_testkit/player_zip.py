"""A player's data ZIP (issue 37, item 2) read by tools independent of Sideline's ZIP writer: Python's zipfile
(every entry's CRC by testzip), Info-ZIP's `unzip -t`, Garmin's FIT SDK for each FIT file inside, the
JSON files parsed. Returns the entries by their name inside the archive's one top folder."""
import json
import subprocess
import zipfile

from garmin_fit_sdk import Decoder, Stream

KINDS = ("profile.json", "season.json", "readiness.json", "ratings.json", "README.txt")


def checked_player_zip(path) -> dict:
    tested = subprocess.run(["unzip", "-t", str(path)], capture_output=True, text=True, timeout=60)
    assert tested.returncode == 0 and "No errors detected" in tested.stdout, tested.stdout + tested.stderr
    with zipfile.ZipFile(path) as z:
        assert z.testzip() is None, "every entry's CRC-32 matches"
        names = z.namelist()
        tops = {n.split("/", 1)[0] for n in names}
        assert len(tops) == 1 and tops.pop().startswith("sideline-player-data_"), names
        files = {n.split("/", 1)[1]: z.read(n) for n in names}
    for kind in KINDS:
        assert kind in files, f"{kind} missing from {sorted(files)}"
    readme = files["README.txt"].decode()
    for kind in KINDS[:-1] + ("_samples.csv", "_rr.csv", "_summary.json", ".fit", ".tcx"):
        assert kind in readme, f"the README says nothing of {kind}"
    for name, data in files.items():
        if name.endswith(".json"):
            json.loads(data)
        if name.endswith(".fit"):
            stream = Stream.from_byte_array(bytearray(data))
            checker = Decoder(stream)
            assert checker.is_fit() and checker.check_integrity(), name
            messages, errors = Decoder(Stream.from_byte_array(bytearray(data))).read(convert_datetimes_to_dates=False)
            assert errors == [] and messages.get("record_mesgs"), (name, errors)
    return files
