"""The arm64 packages `make deb ARCH=arm64` builds (Debian's Swift, cross-compiled here), checked from
outside and run on an arm64 trixie and an arm64 bookworm root through qemu-user: aarch64 code, the
Swift runtime linked in, relative relocations packed (DT_RELR), no glibc symbol newer than bookworm's
(GLIBC_2.36), every versioned symbol they need defined by bookworm's own libraries, and the binaries
answering and recording there."""
import pathlib
import re
import sqlite3

import pytest

from conftest import PACKAGES, SCRATCH, in_root
from sideline_testkit.glibc import glibc_release_needed, libc6_bound, needed_versions
from sideline_testkit.processes import run

BOOKWORM_GLIBC = (2, 36)  # the oldest release the package is proven on (docs/decisions/061-trixie-is-the-main-line.md)
MULTIARCH = ("usr/lib/aarch64-linux-gnu", "lib/aarch64-linux-gnu")


def control(deb, field):
    return run("dpkg-deb", "-f", str(deb), field).stdout.strip()


def defined_versions(library) -> set:
    """readelf -V's version definitions of a shared library."""
    text = run("readelf", "-V", "-W", str(library)).stdout
    section = text.split("Version definition section", 1)[-1].split("Version needs section", 1)[0]
    return set(re.findall(r"Name: (\S+)", section))


@pytest.fixture(params=PACKAGES)
def package(request, debs, binaries):
    return request.param, debs[request.param], binaries[request.param]


def test_name_version_and_arch(package, toolchain):
    name, deb, binary = package
    version = in_root(toolchain["BOOKWORM_ROOT"], binary, "--version").stdout.strip()
    assert deb.name == f"{name}_{version}_arm64.deb"
    assert (control(deb, "Package"), control(deb, "Version"), control(deb, "Architecture")) == (name, version, "arm64")


def test_aarch64_code_with_the_swift_runtime_linked_in(package):
    _, _, binary = package
    header = run("readelf", "-h", str(binary)).stdout
    assert re.search(r"Machine:\s+AArch64", header), header
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[(\S+)\]", run("readelf", "-d", str(binary)).stdout)
    assert "libc.so.6" in needed
    assert not [n for n in needed if "swift" in n.lower() or "Foundation" in n or "dispatch" in n], needed


def test_no_glibc_symbol_newer_than_bookworms(package):
    """The versions the binary asks of glibc (readelf -V): none above GLIBC_2.36, or bookworm's loader
    refuses it. The Swift runtime of sid (glibc 2.42) calls some GLIBC_2.38 functions:
    deploy/package/arm64/glibc-2.36.c answers them inside the binary."""
    _, _, binary = package
    needs = needed_versions(binary)
    glibc = {v for versions in needs.values() for v in versions if v.startswith("GLIBC_2.")}
    assert glibc, needs
    newest = glibc_release_needed(binary)
    assert newest <= BOOKWORM_GLIBC, f"needs glibc {'.'.join(map(str, newest))}: {sorted(glibc)}"
    dynamic = run("readelf", "--dyn-syms", "-W", str(binary)).stdout
    assert not re.search(r"\bUND\b.*(__isoc23_|strlcpy|strlcat)", dynamic), "a GLIBC_2.38 function is still taken from libc"


def test_depends_asks_libc6_for_the_glibc_the_binary_needs(package):
    """Depends' libc6 bound is no lower than the newest glibc the binary asks for, GLIBC_ABI_DT_RELR's 2.36 included:
    dpkg-shlibdeps counts symbols only (it wrote libc6 (>= 2.35)), and a lower bound installs the package where
    the loader then refuses to start it."""
    _, deb, binary = package
    assert libc6_bound(control(deb, "Depends")) >= glibc_release_needed(binary), control(deb, "Depends")


def test_relative_relocations_are_packed(package):
    """Linked as amd64's board binary is (release-flags.sh's RELEASE_LINK_FLAGS, decisions 109 and 111):
    the ≈ 100 000 relative relocations as DT_RELR, not 2.4 MB of RELA the loader reads at every start.
    lld then asks libc for GLIBC_ABI_DT_RELR (2.36), which bookworm's defines (checked below)."""
    _, _, binary = package
    dynamic = run("readelf", "-d", "-W", str(binary)).stdout
    sizes = {tag: int(size) for tag, size in re.findall(r"\((RELASZ|RELRSZ)\)\s+(\d+) \(bytes\)", dynamic)}
    assert "RELRSZ" in sizes, f"no DT_RELR: linked without -z pack-relative-relocs?\n{dynamic}"
    assert sizes.get("RELASZ", 0) < 256 * 1024, f"{sizes['RELASZ']} bytes of RELA left: relative relocations not packed"
    assert "GLIBC_ABI_DT_RELR" in needed_versions(binary).get("libc.so.6", set())


def test_nothing_the_binary_imports_is_also_exported_by_it(package):
    """A name the binary both exports and imports (with a version) binds to the binary's own
    definition: glibc's loader lets an unversioned definition answer a versioned reference. The
    shim's `fmod` once did, and fmod@GLIBC_2.17 called itself for ever in every Calendar call."""
    _, _, binary = package
    exported, imported = set(), set()
    for line in run("readelf", "--dyn-syms", "-W", str(binary)).stdout.splitlines():
        fields = line.split()
        if len(fields) >= 8 and fields[0].endswith(":") and fields[3] in ("FUNC", "OBJECT", "IFUNC"):
            name = fields[7].split("@")[0]
            (imported if fields[6] == "UND" else exported).add(name)
    assert imported, "no imports read: readelf's format changed?"
    assert not exported & imported, sorted(exported & imported)


def test_every_versioned_symbol_is_defined_by_bookworms_libraries(package, toolchain):
    """Beyond glibc: libstdc++'s GLIBCXX_*/CXXABI_*, libcurl's, each as bookworm's own file defines it."""
    _, _, binary = package
    root = pathlib.Path(toolchain["BOOKWORM_ROOT"])
    for library, versions in needed_versions(binary).items():
        path = next((root / d / library for d in MULTIARCH if (root / d / library).exists()), None)
        assert path, f"bookworm's root has no {library}"
        missing = versions - defined_versions(path.resolve())
        assert not missing, f"{library} of bookworm lacks {sorted(missing)}"


@pytest.mark.parametrize("release", ["trixie", "bookworm"])
def test_runs_and_records_on_an_arm64_board(release, binaries, toolchain):
    """--version, then a simulated session recorded into SQLite, on the release's own libraries;
    LD_BIND_NOW resolves every symbol at start, so one missing in the release fails here, not later."""
    root = toolchain[f"{release.upper()}_ROOT"]
    env = ["env", "LD_BIND_NOW=1", "TZ=UTC"]
    version = in_root(root, *env, binaries["sideline"], "--version").stdout.strip()
    assert re.fullmatch(r"\d+\.\d+\.\d+\S*", version), version
    if "sideline-club" in binaries:
        club = in_root(root, *env, binaries["sideline-club"], "--version").stdout.strip()
        assert club == version
    db = SCRATCH / f"record-{release}.sqlite"
    for leftover in db.parent.glob(db.name + "*"):
        leftover.unlink()
    result = in_root(root, *env, binaries["sideline"], "record", "--source", "sim:4", "--speed", "60", "--team", "Board", "--minutes", "1",
                     "--db", db, timeout=300)
    assert result.stdout.strip(), result.stderr
    with sqlite3.connect(db) as connection:
        sessions = connection.execute("SELECT count(*) FROM session").fetchone()[0]
        samples = connection.execute("SELECT coalesce(sum(length(readings)), 0) / 10 FROM sample_minute").fetchone()[0]  # 10 bytes a reading (v33)
    assert sessions == 1
    assert samples >= 4 * 50, f"4 straps for a minute at about 1 Hz: {samples} samples"
