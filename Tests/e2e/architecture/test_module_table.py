"""docs/ARCHITECTURE.md's module table against Package.swift, and the rooms the hot path must stay out of.

Package.swift is read through SwiftPM itself (`swift package dump-package`), not by pattern: the manifest is
Swift, and only SwiftPM knows what it declares. The table's contract, per row:

- the first column names the row's targets in backticks (a parenthesis there is a note: paths, product names);
- the last column names, in backticks, every target of this package the row's targets depend on (products
  such as GRDB or swift-log and system packages are written plainly; a parenthesis is a note) — or starts
  with "all" (the executables that wire everything);
- every target but the test targets is in exactly one row.
"""
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
TABLE_HEADING = "## Modules (SwiftPM targets)"

# The hot path (a session being recorded) and the store stay out of the analysis and the club's wire (issue 35).
KEPT_OUT = {"Recording": {"Analytics", "ClubProtocol"}, "Store": {"Analytics", "ClubProtocol"}}
# Rooms still reached, with why: each must still be reached (so the line goes when the work is done). None now.
PENDING: dict[tuple[str, str], str] = {}

# The club server's rooms (decision 091): the routes and pages reach PostgreSQL only through the storage's protocols,
# and the storage knows nothing of HTTP. Per target: the modules it may neither depend on (its own or through its
# targets, for the storage; directly, for the rest, whose storage below them holds PostgresNIO) nor import.
CLUB_ROOMS = {
    "ClubStorage": {"Hummingbird", "HummingbirdCore", "HummingbirdTLS", "HTTPTypes", "NIOHTTP1"},
    "ClubServerHTTP": {"PostgresNIO", "_ConnectionPoolModule"},
    "ClubAPI": {"PostgresNIO", "_ConnectionPoolModule"},
    "ClubWeb": {"PostgresNIO", "_ConnectionPoolModule"},
}
# Those whose whole closure must stay clear (the others reach PostgresNIO through ClubStorage, by design).
CLUB_ROOMS_CLOSED = {"ClubStorage"}
# What the routes and pages must not name in their code (comments aside): the storage's database, its transactions and
# its PostgreSQL — they reach it only through the protocols of their jobs (`KioskSyncStorage`, the `Web…Storage`s).
CLUB_STORAGE_INSIDES = re.compile(r"\b(ClubDatabase|ClubTransaction|inClub|inTransaction|PostgresConnection|PostgresQuery)\b")
CLUB_STORAGE_CALLERS = ("ClubAPI", "ClubWeb")


@pytest.fixture(scope="module")
def package(manifest):
    targets = manifest

    def local(dependency):
        kind, value = next(iter(dependency.items()))
        if kind in ("byName", "target") and value[0] in targets:
            return value[0]
        return None  # a product of another package

    deps = {name: {d for d in map(local, t["dependencies"]) if d} for name, t in targets.items()}
    kinds = {name: t["type"] for name, t in targets.items()}
    return deps, kinds


def without_notes(cell):
    """The cell with its parenthesised notes taken out (nested ones too)."""
    previous = None
    while previous != cell:
        previous, cell = cell, re.sub(r"\([^()]*\)", "", cell)
    return cell


def names(cell):
    return re.findall(r"`([^`]+)`", without_notes(cell))


def table_rows():
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text()
    start = text.index(TABLE_HEADING)
    rows = []
    for line in text[start:].splitlines()[1:]:
        if line.startswith("## "):
            break
        if not line.startswith("|") or line.startswith("| ---") or line.startswith("| target |"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        rows.append((names(cells[0]), cells[-1]))
    assert rows, "no module table under " + TABLE_HEADING
    return rows


def test_every_target_is_in_one_row(package):
    deps, kinds = package
    listed = [t for row, _ in table_rows() for t in row]
    unknown = sorted(set(listed) - set(deps))
    assert not unknown, f"the table names targets Package.swift does not declare: {unknown}"
    twice = sorted({t for t in listed if listed.count(t) > 1})
    assert not twice, f"targets in more than one row: {twice}"
    missing = sorted(t for t, kind in kinds.items() if kind != "test" and t not in listed)
    assert not missing, f"targets of Package.swift the table leaves out: {missing}"


def test_each_rows_imports_are_its_targets_dependencies(package):
    deps, _ = package
    wrong = []
    for targets, imports in table_rows():
        if imports.startswith("all"):
            continue
        declared = set().union(*(deps[t] for t in targets)) - set(targets)
        written = set(names(imports))
        if written != declared:
            wrong.append(f"{' + '.join(targets)}: Package.swift has {sorted(declared - written)} the table lacks, "
                         f"the table has {sorted(written - declared)} Package.swift lacks")
    assert not wrong, "\n".join(wrong)


def closure(deps, target):
    seen, todo = set(), [target]
    while todo:
        for d in deps[todo.pop()]:
            if d not in seen:
                seen.add(d)
                todo.append(d)
    return seen


def test_the_hot_path_and_the_store_stay_out_of_the_analysis_and_the_wire(package):
    deps, _ = package
    for target, rooms in KEPT_OUT.items():
        reached = closure(deps, target) & rooms
        unexpected = sorted(r for r in reached if (target, r) not in PENDING)
        assert not unexpected, f"{target} depends (directly or not) on {unexpected}"
        for room in rooms - reached:
            assert (target, room) not in PENDING, f"{target} no longer reaches {room}: drop its PENDING line"


def test_the_club_servers_rooms_keep_to_their_jobs(package, manifest):
    """ClubWeb, ClubAPI and ClubServerHTTP neither depend on PostgresNIO nor import it; ClubStorage reaches no HTTP module,
    its own or through its targets, and imports none (decision 091)."""
    deps, _ = package

    def products(target):
        return {value[0] for kind, value in (next(iter(d.items())) for d in manifest[target]["dependencies"])
                if kind in ("product", "byName") and value[0] not in manifest}

    problems = []
    for target, kept_out in CLUB_ROOMS.items():
        reached = products(target)
        if target in CLUB_ROOMS_CLOSED:
            reached = reached.union(*(products(t) for t in closure(deps, target)))
        if reached & kept_out:
            problems.append(f"{target} depends on {sorted(reached & kept_out)}")
        sources = ROOT / "Sources" / target
        assert sources.is_dir(), sources
        for path in sorted(sources.rglob("*.swift")):
            for n, line in enumerate(path.read_text().splitlines(), 1):
                imported = re.match(r"\s*(?:@\w+\s+)*(?:(?:public|package|internal)\s+)?import\s+(?:\w+\s+)?(\w+)", line)
                if imported and imported.group(1) in kept_out:
                    problems.append(f"{path.relative_to(ROOT)}:{n}: imports {imported.group(1)}")
    assert not problems, "\n".join(problems)


def test_the_routes_and_pages_reach_storage_only_through_its_protocols():
    """ClubAPI and ClubWeb hold a storage protocol, never the database: no `ClubDatabase`, transaction or PostgreSQL
    type in their code, so every query and its transaction's club stay in ClubStorage (decision 091)."""
    problems = []
    for target in CLUB_STORAGE_CALLERS:
        for path in sorted((ROOT / "Sources" / target).rglob("*.swift")):
            for n, line in enumerate(path.read_text().splitlines(), 1):
                code = line.split("//", 1)[0]
                if found := CLUB_STORAGE_INSIDES.search(code):
                    problems.append(f"{path.relative_to(ROOT)}:{n}: names {found.group(1)}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("wanted", [("SPSCRingTests",), ("HeartRateProtocolTests", "StoreTests", "ClubProtocolTests")])
def test_a_subset_of_test_targets_keeps_exactly_what_they_need(manifest, wanted):
    """SIDELINE_TEST_TARGETS (Package.swift, for tsan-check.sh and the aarch64 core tests): the manifest keeps the
    targets named and every target they reach, nothing else, no product, and only the packages those targets'
    products come from — the closure computed here from the whole manifest."""
    reach, queue, packages = set(), list(wanted), set()
    while queue:
        name = queue.pop()
        if name in reach:
            continue
        reach.add(name)
        for kind, value in (next(iter(d.items())) for d in manifest[name]["dependencies"]):
            if kind in ("byName", "target"):
                queue.append(value[0])
            else:
                packages.add(value[1])
    env = dict(os.environ, SIDELINE_TEST_TARGETS=",".join(wanted))
    dump = subprocess.run([shutil.which("swift"), "package", "dump-package"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert dump.returncode == 0, dump.stderr
    subset = json.loads(dump.stdout)
    assert {t["name"] for t in subset["targets"]} == reach
    assert subset["products"] == []
    urls = {d["sourceControl"][0]["location"]["remote"][0]["urlString"] for d in subset["dependencies"]}
    assert {url.rstrip("/").rsplit("/", 1)[-1] for url in urls} == packages, (urls, packages)
    assert len(reach) < len(manifest)


def test_a_subset_naming_an_unknown_target_is_refused_by_name():
    env = dict(os.environ, SIDELINE_TEST_TARGETS="SPSCRingTests,NoSuchTests")
    dump = subprocess.run([shutil.which("swift"), "package", "dump-package"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert dump.returncode != 0 and "NoSuchTests is not a target of this package" in dump.stderr, dump.stderr[-2000:]
