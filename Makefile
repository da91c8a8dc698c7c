# Sideline — the two commands the README promises, plus benchmarks.
#   make demo   a simulated session, then the kiosk (Bluetooth adapter if any, else simulated straps; headless with screenshots when there is no display)
#   make test   every test: unit, end-to-end through the CLI, emulated Bluetooth radio, ThreadSanitizer, the package, the real stack and the appliance in VMs,
#               and the arm64 build: the kiosk's arm64 package, the core tests as aarch64 code, the arm64 board in a VM, instruction counts on both architectures
#   make bench  the performance figures the issues name, side by side with their baselines
#   make bench-instructions  issue 34's table: instructions per unit (callgrind over N and 2N units) beside the time, the target and a Pi 4 / Pi 5 estimate; a few minutes. ARCH=arm64: the arm64 build's own counts, under qemu-user with a counting plugin
#   make club-demo  a throwaway club: PostgreSQL, sideline-club on loopback, two simulated kiosks recording and syncing; screenshots of its web pages in out/club-demo/ (no display), else the address and sign-in until Ctrl-C
#   make bench-club the club server's figures on a throwaway PostgreSQL: ingest beside COPY, size per session-hour, document and list times
#   make bench-club-kiosk the live screen's frame time and ring-to-frame latency without and with a club sync pass beside it (a throwaway PostgreSQL and sideline-club, a season waiting)
#   make bench-club-hostile the club server's peak memory through the hostile uploads (bombs, 10 million readings, the upload quota, PostgreSQL stopped mid-stream) and a session page's p95 with 1,000 idle connections held
#   make bench-club-upload the issue's upload figure on a shaped link: a 90-minute 24-player session recorded and synced by the real kiosk over 1 Mbit/s with 100 ms round trips (network namespaces, root)
#   make bench-ble  Bluetooth figures on the emulated radio (Sideline vs bumble's host, broadcast, reconnect)
#   make bench-hostile  peak RSS through each hostile file a USB stick may carry (import-roster, restore, the kiosk), and the photo helper's cost
#   make bench-memory  the kiosk's peak RSS: 3 h x 40 recorded and reviewed (kiosk and command line), 40 live at 1920x1080; medians of 3
#   make test-vm    only the real-stack suite: Debian's kernel and bluetoothd in a VM (Tests/vm); RELEASE=bookworm for bookworm's (default trixie)
#   make bench-vm   Bluetooth figures on the real stack in the VM, trixie and bookworm side by side (launch, a strap's return, an adapter's return, kernel oopses)
#   make deb    out/sideline_<version>_<arch>.deb, the appliance package (docs/OPERATIONS.md "Install on a Raspberry Pi"), and
#               out/sideline-club_<version>_<arch>.deb, the club server's (docs/CLUB-OPERATIONS.md); both from deploy/package/debian
#               ARCH=arm64: both for a Raspberry Pi, cross-compiled here with Debian's own Swift (deploy/package/arm64/, docs/decisions/062-arm64-cross-build.md)
#   make test-arm64  the arm64 build's checks with the club server's (make test's arm64 stage has the kiosk's alone; docs/TESTING.md): both arm64 .debs, their binaries on an arm64 trixie and bookworm root (qemu-user), the core test targets
#               as aarch64 code, and the same session's exports byte for byte on both architectures (deploy/scripts/arm64-test.sh);
#               KIOSK_ONLY=1: the kiosk's package alone, no club server's cross build (as make test builds it, decision 102)
#   make bench-appliance  kill -9 → the kiosk back on screen, on this machine's cores: cage (headless) and the kiosk as the unit runs them
#   make test-appliance  only the appliance in a VM: the .deb installed by apt, boot to the kiosk on bluez and hci-user, taps, crashes, power cut, USB sticks, no blanking, no adapter at start, a bookworm board upgraded to trixie (Tests/appliance); RELEASE=bookworm boots bookworm's
#               ARCH=arm64: an arm64 trixie board (qemu-system-aarch64, Cortex-A72, TCG) in one boot: the arm64 .deb installed by apt, the picker, emulated straps (on hci_uart: no hci_vhci in Debian's arm64 kernel) recorded exactly,
#               the USB stick's backup, kill -9 → READY, with its figures (Tests/arm64/test_appliance_vm.py, deploy/scripts/vm/test-appliance-arm64.sh; make test's arm64 stage runs it too)
#   make test-upgrade  only a bookworm board with Sideline upgraded in place to trixie (Tests/appliance/test_upgrade.py; not in make test: run it when deploy/package changes)
#   make screenshots-all  docs/screenshots again: every kiosk flow at both sizes in English, and in German, French, Spanish and Dutch
#               under docs/screenshots/<lang>/ (deploy/scripts/kiosk/screenshots.sh with LANGUAGES; about 5 × the English run)
#   make bench-display  the display measured again in the appliance VM: cage against SDL's KMSDRM (frames drawn, taps, memory)
.PHONY: demo screenshots-all club-demo test test-arm64 test-vm test-appliance test-upgrade bench-appliance bench-display bench bench-instructions bench-ble bench-club bench-club-kiosk bench-club-hostile bench-club-upload bench-hostile bench-memory bench-vm setup build build-static deb
RELEASE ?= trixie
ARCH ?=

setup:
	@./deploy/scripts/setup.sh

build: setup
	swift build -c release --product sideline

# One self-contained release binary (Swift runtime inside): what the VM suite runs and a Pi installs.
build-static: setup
	./deploy/package/release-build.sh

screenshots-all: build
	LANGUAGES="en de fr es nl" ./deploy/scripts/kiosk/screenshots.sh .build/release/sideline docs/screenshots

deb: setup
	./deploy/package/deb.sh $(if $(ARCH),--arch $(ARCH))

test-arm64: setup
	./deploy/scripts/arm64-test.sh $(if $(KIOSK_ONLY),--kiosk-only)

demo: build
	@./deploy/scripts/demo.sh

club-demo: setup
	swift build -c release --product sideline
	swift build -c release --product sideline-club
	@./deploy/scripts/club-demo.sh

test: setup
	@./deploy/scripts/test.sh

bench: setup
	swift build -c release --product sideline-bench
	.build/release/sideline-bench

bench-instructions: setup
ifeq ($(ARCH),arm64)
	./deploy/package/arm64/build.sh sideline sideline-bench
	eval "$$(./deploy/package/arm64/toolchain.sh)" && python3 Benchmarks/instructions/bench_instructions.py --arch arm64 --root "$$TRIXIE_ROOT"
else
	swift build -c release --product sideline-bench
	swift build -c release --product sideline
	./deploy/package/release-build.sh sideline
	python3 Benchmarks/instructions/bench_instructions.py
endif

bench-club: setup
	swift build -c release --product sideline-club
	./deploy/scripts/club-bench.sh --sessions 200

bench-club-kiosk: setup
	swift build -c release --product sideline
	swift build -c release --product sideline-club
	./deploy/scripts/venv.sh
	SIDELINE_BIN=$(CURDIR)/.build/release/sideline SIDELINE_CLUB_BIN=$(CURDIR)/.build/release/sideline-club .venv/bin/python Benchmarks/club/kiosk_frames_while_syncing.py

bench-club-hostile: setup
	swift build -c release --product sideline-club
	./deploy/scripts/venv.sh
	SIDELINE_CLUB_BIN=$(CURDIR)/.build/release/sideline-club .venv/bin/python Benchmarks/club/hostile_server.py

bench-club-upload: setup
	swift build -c release --product sideline
	swift build -c release --product sideline-club
	./deploy/scripts/venv.sh
	SIDELINE_BIN=$(CURDIR)/.build/release/sideline SIDELINE_CLUB_BIN=$(CURDIR)/.build/release/sideline-club .venv/bin/python Benchmarks/club/upload_link.py

bench-ble: setup
	swift build -c release --product sideline
	./deploy/scripts/venv.sh
	SIDELINE_BIN=$(CURDIR)/.build/release/sideline .venv/bin/python Benchmarks/ble/bench_ble.py

bench-hostile: setup
	swift build -c release --product sideline
	swift build -c release --product sideline-bench
	./deploy/scripts/venv.sh
	.venv/bin/python Benchmarks/hostile/bench_hostile.py

bench-memory: setup
	swift build -c release --product sideline
	python3 Benchmarks/memory/bench_memory.py

test-vm: setup
	./deploy/scripts/vm/test-vm.sh $(RELEASE)

test-appliance: build-static
ifeq ($(ARCH),arm64)
	./deploy/scripts/vm/test-appliance-arm64.sh
else
	./deploy/scripts/venv.sh
	SIDELINE_VM_RELEASE=$(RELEASE) .venv/bin/python -m pytest -q -rP Tests/appliance
endif

test-upgrade: build-static
	./deploy/scripts/venv.sh
	.venv/bin/python -m pytest -q -rP Tests/appliance/test_upgrade.py

bench-display: deb
	./deploy/scripts/venv.sh
	.venv/bin/python Benchmarks/appliance/display_vm.py --release $(RELEASE)

bench-appliance: build-static
	python3 Benchmarks/appliance/bench_restart.py

bench-vm: build-static
	./deploy/scripts/venv.sh
	.venv/bin/python Benchmarks/vm/bench_vm.py
