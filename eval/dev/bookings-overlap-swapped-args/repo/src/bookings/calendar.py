from dataclasses import dataclass

from .ranges import DateRange, intersection


@dataclass(frozen=True)
class Conflict:
    room: str
    guest: str
    nights: int


class Calendar:
    def __init__(self):
        self._bookings = {}

    def book(self, room, guest, start, end):
        wanted = DateRange(start, end)
        conflicts = []
        for other_guest, booked in self._bookings.get(room, []):
            shared = intersection(wanted, booked)
            if shared is not None:
                conflicts.append(Conflict(room, other_guest, shared.nights))
        if not conflicts:
            self._bookings.setdefault(room, []).append((guest, wanted))
        return conflicts
