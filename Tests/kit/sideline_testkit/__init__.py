"""Sideline's test kit: what the Python suites and benchmarks drive Sideline with, one module per job.

    paths           where things are in the checkout (ROOT, the deploy scripts, the kiosk flows)
    waiting         wait_until: the one way to wait, on a condition, saying what was waited for
    processes       run (a command to its end) and WatchedProcess (one whose output is read as it runs)
    kiosk           the kiosk driven headless by touch scripts (Kiosk), script pieces, the flows
    png             a PNG reader for pixel checks, standard library only
    audio           what the kiosk played, read from SDL's disk audio driver: its sounds by pitch
    pictures        test photos made with OpenCV, colours compared after a JPEG round trip
    tile_checks     what every live tile in a state dump must hold (text apart, readable, whole names)
    tcx_schema      Garmin's TCX v2 schema as the judge of every exported TCX
    roster          roster CSVs of players and their straps
    recording       `sideline record` read back (Recording), and a recording over the emulated radio
    hostile_files   what a stranger's USB stick may carry (picture bombs, lying files, bad rosters and backups), made at test time
    stepwise_kiosk  one headless kiosk fed many inputs, a step at a time, each ending in a state dump
    radio/          the emulated Bluetooth LE radio (bumble): the straps' harness process and its fixes
    bluez_mock      a stand-in bluetoothd (python-dbusmock) on a private bus
    realstack/      the real Linux Bluetooth stack in a VM: the host's boot, the guest's stack and runner
    appliance/      the appliance VM: QEMU from outside (screen, touch, power), the guest agent, screens

On Python's path through a .pth file naming Tests/kit: in .venv (deploy/scripts/venv.sh writes it)
and in the VM image (deploy/scripts/vm/build-image.sh). What the guests run (waiting, processes,
recording, roster, radio, realstack) needs only the standard library, and bumble for the radio."""
