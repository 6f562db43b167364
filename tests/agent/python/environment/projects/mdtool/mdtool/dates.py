import datetime


def localize(day, tz):
    """Midnight of ``day`` in the time zone ``tz`` (a pytz zone)."""
    return tz.localize(datetime.datetime(day.year, day.month, day.day))
