"""docs/ARCHITECTURE.md's thread table against the places in Sources that start threads, queues or tasks.

The table's second column ("started in") names, in backticks, every place that starts one, as `Module/Name`:
Module is the folder under Sources/, Name is the thread's or queue's own name where the code gives one (a
`WorkerThread`'s name, a `DispatchQueue`'s label), else the type whose code starts it (the file's top-level
declaration above the line: `extension SidelineStore` counts as `SidelineStore`). Both ways are held: a start the
table does not list fails, and so does a listed one no code makes any more.

Found by pattern, not by compiling: each kind below is how Swift, Foundation, Dispatch, SwiftNIO, Hummingbird,
PostgresNIO and swift-service-lifecycle start concurrent work, written as Sources write it. A new way of starting
one (a new library's) needs a pattern here. Benchmarks (Benchmarks/) and tests are outside: the table is the
kiosk's and the club server's.
"""
import re
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
TABLE_HEADING = "## Threads"

# (what it starts, pattern); a pattern with a group takes the name from it, else the enclosing type names it.
STARTS = [
    ("a WorkerThread, named", re.compile(r'\.start\(name:\s*"([^"]+)"')),
    ("a dispatch queue, labelled", re.compile(r'\bDispatchQueue\(\s*label:\s*"([^"]+)"')),
    ("a dispatch queue without a label", re.compile(r"\bDispatchQueue\((?!\s*label:)")),
    ("a Foundation Thread", re.compile(r"\bThread\s*(?:\(|\{)|\bThread\.detachNewThread\b")),
    ("a POSIX thread", re.compile(r"\bpthread_create\s*\(")),
    ("work on Dispatch's global queues", re.compile(r"\bDispatchQueue\.global\s*\(")),
    ("work spread over Dispatch's threads", re.compile(r"\bDispatchQueue\.concurrentPerform\b")),
    ("a timer", re.compile(r"\bDispatchSource\.make\w*Timer|\bTimer\s*\(|\bOperationQueue\s*\(")),
    ("a Swift task", re.compile(r"\bTask(?:\.detached)?\s*(?:\(|\{)|\.addTask\b|\.addTaskUnlessCancelled\b")),
    ("SwiftNIO event loops or threads", re.compile(r"\bMultiThreadedEventLoopGroup\b|\bNIOThreadPool\b|\bNIOSingletons\b")),
    ("a Hummingbird server (on NIO's event loops)", re.compile(r"\bApplication\s*\(")),
    ("PostgresNIO's connection pool (on NIO's event loops)", re.compile(r"\bPostgresClient\s*\(")),
    ("a service group (runs each service as a task)", re.compile(r"\bServiceGroup\s*\(")),
]
# A type that is a swift-service-lifecycle `Service`: a service group runs it as a task of its own.
SERVICE = re.compile(r"^\s*(?:(?:public|package|internal|private|fileprivate|final)\s+)*(?:struct|class|actor|extension)\s+(\w+)\s*:[^{]*\bService\b")
TOP_LEVEL_TYPE = re.compile(r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|final|open)\s+)*"
                            r"(?:struct|class|enum|actor|extension|protocol)\s+([A-Za-z_]\w*)")


def code_part(line):
    """The line up to its `//` comment (one outside a string literal)."""
    quoted = False
    i = 0
    while i < len(line):
        c = line[i]
        if c == "\\" and quoted:
            i += 2
            continue
        if c == '"':
            quoted = not quoted
        elif not quoted and line.startswith("//", i):
            return line[:i]
        i += 1
    return line


def starts_in(path):
    """(module, name, kind, line number) for every start in one Swift file."""
    module = path.relative_to(ROOT / "Sources").parts[0]
    enclosing = path.stem
    found = []
    for number, raw in enumerate(path.read_text().splitlines(), 1):
        top = TOP_LEVEL_TYPE.match(raw)
        if top:
            enclosing = top.group(1)
        line = code_part(raw)
        if not line.strip() or line.lstrip().startswith(("///", "*")):
            continue
        service = SERVICE.match(line)
        if service:
            found.append((module, service.group(1), "a service (run as a task by a service group)", number))
        for kind, pattern in STARTS:
            for match in pattern.finditer(line):
                name = match.group(1) if pattern.groups else enclosing
                found.append((module, name, kind, number))
    return found


def all_starts():
    starts = []
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        starts += [(path.relative_to(ROOT), *s) for s in starts_in(path)]
    return starts


def table_entries():
    """Every `Module/Name` of the thread table's "started in" column, with its row's thread."""
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text()
    start = text.index(TABLE_HEADING + "\n")
    entries = {}
    header = None
    for line in text[start:].splitlines()[1:]:
        if line.startswith("## "):
            break
        if not line.startswith("|"):
            if header is not None and line.strip():
                break  # the table ends at its first line that is not a row
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
            assert cells[1] == "started in", f"the thread table's second column is {cells[1]!r}, not 'started in'"
            continue
        if cells[0].startswith("---"):
            continue
        for entry in re.findall(r"`([^`/]+/[^`]+)`", cells[1]):
            entries[entry] = cells[0]
    assert header is not None, "no table under " + TABLE_HEADING
    assert entries, "the thread table names no `Module/Name`"
    return entries


def test_every_thread_queue_or_task_started_in_sources_is_in_the_thread_table():
    listed = table_entries()
    missing = defaultdict(list)
    for path, module, name, kind, number in all_starts():
        if f"{module}/{name}" not in listed:
            missing[f"{module}/{name}"].append(f"{path}:{number} ({kind})")
    assert not missing, "started in Sources but not in ARCHITECTURE's thread table:\n" + "\n".join(
        f"  `{entry}`: {', '.join(places)}" for entry, places in sorted(missing.items()))


def test_every_start_the_thread_table_lists_is_still_in_sources():
    found = {f"{module}/{name}" for _, module, name, _, _ in all_starts()}
    stale = sorted(entry for entry in table_entries() if entry not in found)
    assert not stale, f"the thread table lists starts no code in Sources makes: {stale}"


def test_the_scanner_finds_each_kind_of_start():
    """The patterns themselves, on lines written as Sources write them (and not on look-alikes)."""
    def names(line):
        return [(name, kind) for kind, pattern in STARTS for m in pattern.finditer(code_part(line))
                for name in [m.group(1) if pattern.groups else "T"]]

    assert names('thread.start(name: "sideline.hci") { shouldStop in') == [("sideline.hci", "a WorkerThread, named")]
    assert names('let queue = DispatchQueue(label: "sideline.club-sync", qos: .utility)') == [("sideline.club-sync", "a dispatch queue, labelled")]
    assert [k for _, k in names("let thread = Thread {")] == ["a Foundation Thread"]
    assert [k for _, k in names("DispatchQueue.global(qos: .utility).async { [self] in")] == ["work on Dispatch's global queues"]
    assert [k for _, k in names("Task { [database] in await work() }")] == ["a Swift task"]
    assert [k for _, k in names("group.addTask { await database.client.run(); return nil }")] == ["a Swift task"]
    assert [k for _, k in names("let app = Application(")] == ["a Hummingbird server (on NIO's event loops)"]
    assert [k for _, k in names("client = PostgresClient(configuration: c, backgroundLogger: l)")] == [
        "PostgresNIO's connection pool (on NIO's event loops)"]
    assert SERVICE.match("struct UploadSweep: Service {").group(1) == "UploadSweep"
    for look_alike in ["private let thread = WorkerThread()", "Thread.sleep(forTimeInterval: 0.05)",
                       "try await Task.sleep(for: interval)", "if Thread.isMainThread {", "let owner = Self.currentThread()",
                       "configuration: ApplicationConfiguration(address: a)", "// Task { } in a comment",
                       'let url = "https://club.example" // DispatchQueue.global() after a string with //']:
        assert names(look_alike) == [], look_alike
