from .util import clamp, parse_hhmm


class Schedule:
    def __init__(self, periods, min_temp=10.0, max_temp=25.0):
        """periods: list of ("HH:MM", temperature), in any order."""
        self.min_temp = min_temp
        self.max_temp = max_temp
        self.periods = sorted((parse_hhmm(t), temp) for t, temp in periods)

    def target(self, hhmm):
        now = parse_hhmm(hhmm)
        current = self.periods[-1][1]        # wraps around from yesterday
        for start, temp in self.periods:
            if start <= now:
                current = temp
        return current

    def setpoint(self, hhmm):
        return clamp(self.target(hhmm), self.max_temp, self.min_temp)
