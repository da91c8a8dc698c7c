# Sideline — the two commands the README promises, plus benchmarks.
#   make demo   a simulated session, then the kiosk (Bluetooth adapter if any, else simulated straps; headless with screenshots when there is no display)
#   make test   every test: unit, end-to-end through the CLI, emulated Bluetooth radio, ThreadSanitizer
#   make bench  the performance figures the issues name, side by side with their baselines
#   make bench-ble  Bluetooth figures on the emulated radio (Sideline vs bumble's host, broadcast, reconnect)
#   make deb    out/sideline_<version>_<arch>.deb: the appliance package (deploy/debian, README "Install on a Raspberry Pi")
.PHONY: demo test bench bench-ble setup build deb

setup:
	@./deploy/setup.sh

build: setup
	swift build -c release --product sideline

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
