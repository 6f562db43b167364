from .filters import matching


def last_lines(lines, n):
    if n <= 0:
        return []
    if n >= len(lines):
        return list(lines)
    return lines[len(lines) - n + 1:]


def tail_file(path, n=10, grep=None):
    with open(path, encoding="utf-8", errors="replace") as fh:
        lines = [line.rstrip("\n") for line in fh]
    if grep:
        lines = matching(lines, grep)
    return last_lines(lines, n)
