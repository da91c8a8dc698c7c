"""The appliance in a VM (Tests/appliance): the built .deb installed by apt, booted to the kiosk
under systemd, seen and touched from outside.

    machine            one boot: QEMU's monitor (screendump, taps, USB, the power cut), the guest agent
    guest              what is done inside through the agent: shares, install, the service, the database
    screens            which kiosk screen a screendump shows, against the binary's own renderings
    automounted_stick  a USB stick as the package's automount presents it, for those renderings"""
