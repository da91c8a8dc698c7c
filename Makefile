# Sideline — the two commands the README promises, plus benchmarks.
#   make demo   run the kiosk on simulated straps (headless with screenshots when there is no display)
#   make test   every test: unit, end-to-end through the CLI, emulated Bluetooth radio, ThreadSanitizer
#   make bench  the performance figures the issues name, side by side with their baselines
.PHONY: demo test bench setup build

setup:
	@./deploy/setup.sh

build: setup
	swift build -c release --product sideline

demo: build
	@./deploy/demo.sh

test: setup
	@./deploy/test.sh

bench: setup
	swift build -c release --product sideline-bench
	.build/release/sideline-bench
