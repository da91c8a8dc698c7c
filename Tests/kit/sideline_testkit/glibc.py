"""What a binary asks of glibc, read with binutils' readelf (any architecture), and what its package's Depends
promises: a package whose libc6 bound is lower than the binary's needs installs on a system whose loader then
refuses to start it."""
import re

from sideline_testkit.processes import run

# Version needs that name no release: the glibc release that first defined each.
ABI_MARKERS = {"GLIBC_ABI_DT_RELR": (2, 36)}  # packed relative relocations (lld's -z pack-relative-relocs)


def needed_versions(binary) -> dict:
    """readelf -V's version needs: {library: {version names}}."""
    needs, library = {}, None
    for line in run("readelf", "-V", "-W", str(binary)).stdout.splitlines():
        if m := re.search(r"File: (\S+)\s+Cnt:", line):
            library = m.group(1)
            needs.setdefault(library, set())
        elif (m := re.search(r"Name: (\S+)\s+Flags:", line)) and library:
            needs[library].add(m.group(1))
    return needs


def glibc_release_needed(binary) -> tuple:
    """The oldest glibc release that has every version the binary asks of it: (2, 36)."""
    names = {v for versions in needed_versions(binary).values() for v in versions if v.startswith("GLIBC_")}
    releases = [ABI_MARKERS[v] if v in ABI_MARKERS else tuple(int(p) for p in v.removeprefix("GLIBC_").split("."))
                for v in names if v in ABI_MARKERS or re.fullmatch(r"GLIBC_\d+(\.\d+)+", v)]
    assert releases, names
    return max(releases)


def libc6_bound(depends: str) -> tuple:
    """The highest `libc6 (>= X)` of a Depends field, as a tuple: every such relation must hold."""
    bounds = [tuple(int(p) for p in m.group(1).split(".")) for m in re.finditer(r"\blibc6(?::\w+)? \(>= ([\d.]+)", depends)]
    assert bounds, f"Depends names no libc6 (>= …): {depends}"
    return max(bounds)
