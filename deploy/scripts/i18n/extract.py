#!/usr/bin/env python3
"""Extracts every message the user reads from the Swift sources into po/sideline.pot (decision 080).

A message is a string literal in `tr("…")`, `tr("…", context: "…")`, `trn("…", "…", n: …)`, `N_("…")` or `Nn_("…", "…")`
(Sources/Localization/Translator.swift). xgettext has no Swift parser, so this one reads Swift's literals
itself: escapes (\\n, \\", \\u{…}) are decoded; an interpolation (\\(…)) inside a message is refused — a
translator must see the whole sentence, so variable parts are `{name}` placeholders.

  extract.py            writes po/sideline.pot
  extract.py --check    exits 1 and says why when a po/<lang>.po lacks a message or translates one
                        the code no longer has (what the test runs)
  --domain club         the same for the club server's web (decision 084): its own domain, sideline-club, whose
                        messages are the string literals of `words.tr("…")`, `words.trn("…", "…", n: …)` (a
                        per-request Translator's methods) and `N_("…")` in the server's targets (CLUB_SOURCES), written to
                        po/club/sideline-club.pot and checked against po/club/<lang>.po; the kiosk's domain
                        leaves those out, so neither product's translators edit the other's files
  --domain club-admin   the club server's command line (decision 087): Sources/sideline-club's `tr`/`trn`/`N_`, and
                        the sentences the server's library (all but ClubWeb) words for both its API and the admin's terminal,
                        marked `N_admin("…")` there (a marker the web's domain does not read), to
                        po/club-admin/sideline-club-admin.pot and po/club-admin/<lang>.po; shipped by the club
                        server's package beside the web's, so the kiosk's domain leaves Sources/sideline-club out too
A message in the kiosk's domain may also be a value's `words.tr("…")`/`words.trn(…)` (a `Translator` handed in: a
line said in English to the log and in the admin's language on the terminal, e.g. ClubSync's reports).
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SOURCES = ROOT / "Sources"
PO = ROOT / "po"
LANGUAGES = ["de", "fr", "es", "nl"]

CALL = re.compile(r'(?<![A-Za-z0-9_.])(tr|trn|N_|Nn_)\(\s*"')
# A value's methods too: `words.tr("…")`, `WebLanguage.words.trn("…", …)` (the club web's per-request translator, a
# report's line in a translator handed in).
CLUB_CALL = re.compile(r'(?<![A-Za-z0-9_])(?:[A-Za-z_][A-Za-z0-9_]*\.)*(tr|trn|N_|Nn_)\(\s*"')
# ClubServer's sentences for the admin's terminal (and its API, in English).
ADMIN_MARK = re.compile(r'(?<![A-Za-z0-9_.])(N_admin)\(\s*"')
# The club server's library, in its rooms (decision 091); the admin's sentences are in every room but the web.
CLUB_WEB_SOURCES = SOURCES / "ClubWeb"
CLUB_SOURCES = tuple(SOURCES / name for name in ("ClubStorage", "ClubServerHTTP", "ClubAPI", "ClubServer")) + (CLUB_WEB_SOURCES,)
CLUB_ADMIN_SOURCES = (SOURCES / "sideline-club",)
# domain -> (folder of its .po files, its template, [(the calls that mark a message, the folders read, the folders left out)])
DOMAINS = {
    "sideline": (PO, "sideline.pot", [(CLUB_CALL, (SOURCES,), CLUB_SOURCES + CLUB_ADMIN_SOURCES)]),
    "club": (PO / "club", "sideline-club.pot", [(CLUB_CALL, CLUB_SOURCES, ())]),
    "club-admin": (PO / "club-admin", "sideline-club-admin.pot",
                   [(CALL, CLUB_ADMIN_SOURCES, ()), (ADMIN_MARK, CLUB_SOURCES, (CLUB_WEB_SOURCES,))]),
}
STRING = r'"((?:[^"\\\n]|\\.)*)"'


class ExtractError(Exception):
    pass


def decode(literal, where):
    if "\\(" in literal:
        raise ExtractError(f"{where}: an interpolation in a message; use a {{placeholder}}: \"{literal}\"")
    out, i = [], 0
    while i < len(literal):
        c = literal[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        nxt = literal[i + 1]
        if nxt == "u":
            end = literal.index("}", i)
            out.append(chr(int(literal[i + 3:end], 16)))
            i = end + 1
            continue
        out.append({"n": "\n", "t": "\t", '"': '"', "\\": "\\", "'": "'", "0": "\0"}[nxt])
        i += 2
    return "".join(out)


def messages(domain="sideline"):
    """(context, id, plural) -> [file:line, …] in source order."""
    found = {}
    for call, sources, left_out in DOMAINS[domain][2]:
        read(call, sources, left_out, found)
    return found


def read(call, sources, left_out, found):
    for path in sorted(path for folder in sources for path in folder.rglob("*.swift")):
        if path.parent.name == "Localization" or any(other in path.parents for other in left_out):
            continue  # the functions' own documentation; the other domain's sources
        text = path.read_text()
        for m in call.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            where = f"{path.relative_to(ROOT)}:{line}"
            rest = text[m.end() - 1:]
            first = re.match(STRING, rest)
            if not first:
                raise ExtractError(f"{where}: a message must be one string literal")
            msgid = decode(first.group(1), where)
            rest = rest[first.end():]
            plural = None
            if m.group(1) in ("trn", "Nn_"):  # Nn_: a plural kept as data in a Message
                second = re.match(r"\s*,\s*" + STRING, rest)
                if not second:
                    raise ExtractError(f"{where}: trn needs its plural as a literal")
                plural = decode(second.group(1), where)
                rest = rest[second.end():]
            context = None
            ctx = re.match(r"\s*(?:,\s*n:[^,()]*(?:\([^()]*\))?[^,()]*)?,\s*context:\s*" + STRING, rest)
            if ctx:
                context = decode(ctx.group(1), where)
            if not msgid:
                raise ExtractError(f"{where}: an empty message")
            found.setdefault((context, msgid, plural), []).append(where)


def po_quote(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


def pot(found):
    out = ['# Sideline\'s messages: the source for po/<lang>.po (deploy/scripts/i18n/extract.py writes it; do not edit).',
           'msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"',
           '"Content-Transfer-Encoding: 8bit\\n"', '']
    for (context, msgid, plural), places in found.items():
        for place in places[:3]:
            out.append(f"#: {place}")
        if "{" in msgid:
            out.append("#, python-brace-format")
        if context is not None:
            out.append(f"msgctxt {po_quote(context)}")
        out.append(f"msgid {po_quote(msgid)}")
        if plural is not None:
            out += [f"msgid_plural {po_quote(plural)}", 'msgstr[0] ""', 'msgstr[1] ""']
        else:
            out.append('msgstr ""')
        out.append("")
    return "\n".join(out)


def read_po(path):
    """(context, id) -> [msgstr forms] of a .po file (enough of the format for ours: no fuzzy, no obsolete)."""
    entries, cur, key = {}, {}, None
    def flush():
        if "msgid" in cur:
            forms = [v for k, v in sorted(cur.items()) if k.startswith("msgstr")]
            entries[(cur.get("msgctxt"), cur["msgid"])] = (forms, cur.get("fuzzy", False), cur.get("msgid_plural"))
        cur.clear()
    for raw in path.read_text().splitlines() + [""]:
        line = raw.strip()
        if not line:
            flush()
            continue
        if line.startswith("#,") and "fuzzy" in line:
            cur["fuzzy"] = True
        if line.startswith("#"):
            continue
        m = re.match(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[\d\])?)\s+"(.*)"$', line)
        if m:
            # A new entry starts at its msgctxt, or at a msgid not preceded by one.
            if (m.group(1) == "msgctxt" or (m.group(1) == "msgid" and "msgctxt" not in cur)) and "msgid" in cur:
                flush()
            key = m.group(1)
            cur[key] = unquote(m.group(2))
        elif line.startswith('"') and key:
            cur[key] += unquote(line[1:-1])
    return {k: v for k, v in entries.items() if k[1]}


def unquote(s):
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), s)


def check(found, domain="sideline"):
    wanted = {(ctx, msgid): plural for (ctx, msgid, plural) in found}
    problems = []
    folder = DOMAINS[domain][0]
    for lang in LANGUAGES:
        path = folder / f"{lang}.po"
        where = path.relative_to(ROOT)
        if not path.exists():
            problems.append(f"{where} is missing")
            continue
        have = read_po(path)
        for key, plural in wanted.items():
            entry = have.get(key)
            label = f"{key[1]!r}" + (f" (context {key[0]!r})" if key[0] else "")
            if entry is None:
                problems.append(f"{where}: no {label}")
            elif entry[1] or not all(entry[0]) or not entry[0]:
                problems.append(f"{where}: {label} is untranslated or fuzzy")
            elif (plural is None) != (entry[2] is None):
                problems.append(f"{where}: {label} plural forms differ from the code's")
        for key in have:
            if key not in wanted:
                problems.append(f"{where}: {key[1]!r} is no longer in the code")
    return problems


def main():
    domain = sys.argv[sys.argv.index("--domain") + 1] if "--domain" in sys.argv else "sideline"
    if domain not in DOMAINS:
        print(f"extract: no domain {domain!r} (one of {', '.join(DOMAINS)})", file=sys.stderr)
        return 2
    try:
        found = messages(domain)
    except ExtractError as e:
        print(f"extract: {e}", file=sys.stderr)
        return 1
    if "--check" in sys.argv:
        problems = check(found, domain)
        for p in problems:
            print(p, file=sys.stderr)
        print(f"{len(found)} messages, {len(problems)} problems")
        return 1 if problems else 0
    folder, template = DOMAINS[domain][0], DOMAINS[domain][1]
    folder.mkdir(exist_ok=True)
    (folder / template).write_text(pot(found) + "\n")
    print(f"{(folder / template).relative_to(ROOT)}: {len(found)} messages")
    return 0


if __name__ == "__main__":
    sys.exit(main())
