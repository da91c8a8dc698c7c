# Sourced by the board's release builds (release-build.sh for amd64, arm64/build.sh): the Swift flags
# every module of a board's binary is compiled with, so the two architectures' binaries are built alike.
#
# Concrete generic types' metadata through accessors that pass their conformances, not instantiated
# from mangled names: the runtime checks a mangled name's generic requirements by scanning every
# protocol conformance of the binary once a type and protocol (≈ 7 800 records, ≈ 0.2-0.5 M
# instructions a scan, tens of them before the first frame; decision 104). Every module, GRDB's too.
# Debian's 6.2.3 (the arm64 cross build) accepts it as this machine's 6.3.1 does.
RELEASE_SWIFT_FLAGS=(-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)
