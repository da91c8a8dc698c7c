"""The real Linux Bluetooth stack in a VM (Tests/vm): Debian's kernel and bluetoothd, emulated
straps on /dev/vhci.

    vm_run        the host's side: the image, one boot running the guest's plan, its results
    guest_runner  the guest's side: every scenario of the plan on a fresh hci0, results.json
    context       what a scenario works with: the stack up for a transport, its folder, the straps' log
    stack         the guest's kernel modules, dbus, bluetoothd, btmon, the straps, hci0 (un)plugged
    sideline_cli  the sideline binary as a user runs it in the guest, every command's output kept
    truth         what the straps sent against what sideline recorded
    checks        a scenario's verdict: named checks and figures"""
