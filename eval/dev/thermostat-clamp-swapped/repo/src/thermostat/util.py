def clamp(value, low, high):
    return max(low, min(value, high))


def parse_hhmm(text):
    hours, minutes = text.split(":")
    return int(hours) * 60 + int(minutes)
