# Sideline — the two commands the README promises, plus benchmarks.
#   make demo   a simulated session, then the kiosk (Bluetooth adapter if any, else simulated straps; headless with screenshots when there is no display)
#   make test   every test: unit, end-to-end through the CLI, emulated Bluetooth radio, ThreadSanitizer, the package, the real stack and the appliance in VMs
#   make bench  the performance figures the issues name, side by side with their baselines
#   make bench-ble  Bluetooth figures on the emulated radio (Sideline vs bumble's host, broadcast, reconnect)
#   make bench-hostile  peak RSS through each hostile file a USB stick may carry (import-roster, restore, the kiosk), and the photo helper's cost
#   make test-vm    only the real-stack suite: Debian's kernel and bluetoothd in a VM (Tests/vm)
#   make bench-vm   Bluetooth figures on the real stack in the VM (launch, a strap's return, an adapter's return)
#   make deb    out/sideline_<version>_<arch>.deb: the appliance package (deploy/debian, README "Install on a Raspberry Pi")
#   make bench-appliance  kill -9 → the kiosk back on screen, on this machine's cores: cage (headless) and the kiosk as the unit runs them
#   make test-appliance  only the appliance in a VM: the .deb installed by apt, boot to the kiosk on bluez and hci-user, taps, crashes, power cut, USB sticks, no blanking, no adapter at start (Tests/appliance)
.PHONY: demo test test-vm test-appliance bench-appliance bench bench-ble bench-hostile bench-vm setup build build-static deb

setup:
	@./deploy/setup.sh

build: setup
	swift build -c release --product sideline

# One self-contained release binary (Swift runtime inside): what the VM suite runs and a Pi installs.
build-static: setup
	./deploy/release-build.sh

deb: setup
	./deploy/deb.sh

demo: build
	@./deploy/demo.sh

test: setup
	@./deploy/test.sh

bench: setup
	swift build -c release --product sideline-bench
	.build/release/sideline-bench

bench-ble: setup
	swift build -c release --product sideline
	./deploy/venv.sh
	SIDELINE_BIN=$(CURDIR)/.build/release/sideline .venv/bin/python Tests/e2e/ble/bench_ble.py

bench-hostile: setup
	swift build -c release --product sideline
	swift build -c release --product sideline-bench
	./deploy/venv.sh
	.venv/bin/python Tests/e2e/bench_hostile.py

test-vm: setup
	./deploy/vm/test-vm.sh

test-appliance: build-static
	./deploy/venv.sh
	.venv/bin/python -m pytest -q -rP Tests/appliance

bench-appliance: build-static
	python3 Tests/appliance/bench_restart.py

bench-vm: build-static
	./deploy/venv.sh
	.venv/bin/python Tests/vm/bench_vm.py
