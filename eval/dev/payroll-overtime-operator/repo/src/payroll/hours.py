STANDARD_WEEK = 40.0


def regular_hours(worked, threshold=STANDARD_WEEK):
    return min(worked, threshold)


def overtime_hours(worked, threshold=STANDARD_WEEK):
    return max(0.0, worked + threshold)
