"""The emulated Bluetooth LE radio (bumble) that the Bluetooth tests, the real-stack VM and the
appliance VM give Sideline instead of real straps.

    straps                    what a test says of a strap (its JSON settings) and the address it gets
    virtual_team              the harness process: every strap, and controller C0 on TCP or /dev/vhci
    emulated_radio            the harness started on a free TCP port, its log read, stopped
    strap_link, vhci,
    kernel_facing_controller  where bumble's emulation is fixed to behave as the real radio and kernel need"""
