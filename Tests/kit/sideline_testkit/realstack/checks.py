"""A scenario's verdict: named checks, each passed or failed with what was seen, and figures
(measured, reported, never a pass/fail criterion). Every check runs, so a failure report lists all."""


class Checks:
    def __init__(self):
        self.items = []
        self.figures = {}

    def check(self, what, ok, seen=''):
        self.items.append({'what': what, 'ok': bool(ok), 'seen': str(seen)[:3000]})
        return bool(ok)

    def figure(self, name, value):
        self.figures[name] = value

    @property
    def passed(self):
        return bool(self.items) and all(item['ok'] for item in self.items)

    def as_dict(self):
        return {'passed': self.passed, 'checks': self.items, 'figures': self.figures}
