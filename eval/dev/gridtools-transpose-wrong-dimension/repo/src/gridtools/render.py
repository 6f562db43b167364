from .grid import transpose


def render_columns(header, records):
    """Records given column-wise (one list per field) rendered as aligned text rows."""
    rows = [header] + transpose(records)
    widths = [max(len(str(r[j])) for r in rows) for j in range(len(header))]
    return "\n".join("  ".join(str(v).ljust(w) for v, w in zip(r, widths)).rstrip() for r in rows)
