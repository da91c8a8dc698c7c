"""Pieces of kiosk scripts (deploy/kiosk/demo-flow.kiosk's language) that tests share."""


def pin_pad(digits):
    """Taps `digits` on the PIN pad, one script line each."""
    return "\n".join(f'tap "pin:{d}"' for d in digits)


def open_settings(pin="1234"):
    """From the team picker: Settings, then the PIN."""
    return 'tap "Settings"\n' + pin_pad(pin)
