# (month, day) of holidays that fall on the same date every year
FIXED_HOLIDAYS = {(1, 1), (4, 27), (12, 25), (12, 26)}
