import datetime

import pytz

from mdtool.dates import localize


def test_localize_to_a_zone():
    when = localize(datetime.date(2018, 3, 1), pytz.timezone("Europe/Paris"))
    assert when.utcoffset() == datetime.timedelta(hours=1)
