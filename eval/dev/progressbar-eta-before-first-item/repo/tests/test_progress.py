from progresstick import Progress, format_line


class FakeClock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def test_rate_and_eta():
    clock = FakeClock()
    p = Progress(10, clock=clock)
    clock.now += 4
    p.advance(2)
    assert p.rate() == 0.5
    assert p.eta() == 16.0


def test_line_midway():
    clock = FakeClock()
    p = Progress(4, clock=clock)
    clock.now += 30
    p.advance(2)
    assert format_line(p, width=8) == "[####....] 2/4 eta 00:30"


def test_line_before_first_item():
    clock = FakeClock()
    p = Progress(4, clock=clock)
    clock.now += 1
    assert format_line(p, width=8) == "[........] 0/4 eta --:--"
