import click


def terminal_width(default=80):
    width, _ = click.get_terminal_size()
    return width or default


def _widths(rows):
    widths = {}
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths.get(i, 0), len(str(cell)))


def layout(rows, sep="  "):
    widths = _widths(rows)
    lines = []
    for row in rows:
        cells = []
        for i, cell in enumerate(row):
            cells.append(str(cell).ljust(widths[i]))
        lines.append(sep.join(cells).rstrip())
    return "\n".join(lines)
