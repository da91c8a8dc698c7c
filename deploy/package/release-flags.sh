# Sourced by the board's release builds (release-build.sh for amd64, arm64/build.sh): the Swift flags
# every module of a board's binary is compiled with, and the flags it is linked with, so the two
# architectures' binaries are built alike.
#
# Concrete generic types' metadata through accessors that pass their conformances, not instantiated
# from mangled names: the runtime checks a mangled name's generic requirements by scanning every
# protocol conformance of the binary once a type and protocol (≈ 7 800 records, ≈ 0.2-0.5 M
# instructions a scan, tens of them before the first frame; decision 104). Every module, GRDB's too.
# Debian's 6.2.3 (the arm64 cross build) accepts it as this machine's 6.3.1 does.
RELEASE_SWIFT_FLAGS=(-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)

# Packed relative relocations (DT_RELR; glibc 2.36, bookworm's, reads them, and lld marks the binary as
# needing GLIBC_ABI_DT_RELR so an older loader refuses it rather than misreading it): a PIE with the Swift
# runtime in it has ≈ 100 000 relative relocations, 2.4-2.5 MB of RELA the loader reads at every start and
# that stay resident beside the kiosk for nothing; as RELR they are ≈ 20 KB (decision 109 for amd64,
# 111 for arm64). lld's flag: each build picks lld its own way (release-build.sh with -use-ld=lld, the
# arm64 Swift SDK's toolset.json). Link commands only: adding it relinks, it recompiles nothing.
RELEASE_LINK_FLAGS=(-Xlinker -z -Xlinker pack-relative-relocs)
