import re


def matching(lines, pattern):
    rx = re.compile(pattern)
    return [line for line in lines if rx.search(line)]
