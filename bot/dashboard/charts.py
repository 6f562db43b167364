"""Charts as inline SVG made on the server (no JavaScript library): horizontal bars, and a job's
phase timeline (one bar per phase, placed where it started)."""
from __future__ import annotations

from markupsafe import Markup, escape

COLORS = ("#4c78a8", "#f58518", "#54a24b", "#e45756", "#72b7b2", "#b279a2", "#eeca3b", "#9d755d", "#bab0ac")
LABEL_W, BAR_W, ROW_H = 190, 360, 22


def bars(items: list[tuple[str, float, str]], title: str, max_value: float | None = None) -> Markup:
    """One bar per (label, value, value shown as text); an empty list draws a short note."""
    if not items:
        return Markup(f'<p class="muted">{escape(title)}: nothing yet.</p>')
    top = max_value or max(v for _, v, _ in items) or 1.0
    height = ROW_H * len(items) + 28
    out = [f'<svg class="chart" role="img" aria-label="{escape(title)}" width="{LABEL_W + BAR_W + 90}" '
           f'height="{height}" viewBox="0 0 {LABEL_W + BAR_W + 90} {height}" xmlns="http://www.w3.org/2000/svg">',
           f'<title>{escape(title)}</title>', f'<text x="0" y="14" class="chart-title">{escape(title)}</text>']
    for i, (label, value, shown) in enumerate(items):
        y = 24 + i * ROW_H
        w = max(1.0, BAR_W * max(value, 0) / top)
        out.append(f'<text x="{LABEL_W - 6}" y="{y + 14}" text-anchor="end">{escape(label[:28])}</text>'
                   f'<rect x="{LABEL_W}" y="{y + 3}" width="{w:.1f}" height="{ROW_H - 6}" '
                   f'fill="{COLORS[i % len(COLORS)]}"><title>{escape(label)}: {escape(shown)}</title></rect>'
                   f'<text x="{LABEL_W + w + 6:.1f}" y="{y + 14}">{escape(shown)}</text>')
    out.append("</svg>")
    return Markup("".join(out))


def timeline(timings: dict) -> Markup:
    """The run's phases in the order they ran (result.json `timings`, seconds each)."""
    phases = [(str(k), float(v)) for k, v in (timings or {}).items() if isinstance(v, (int, float)) and v >= 0]
    if not phases:
        return Markup('<p class="muted">No phase timings recorded.</p>')
    total = sum(v for _, v in phases) or 1.0
    height = ROW_H * len(phases) + 40
    width = LABEL_W + BAR_W + 90
    out = [f'<svg class="chart timeline" role="img" aria-label="phase timeline" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg"><title>phase timeline</title>']
    start = 0.0
    for i, (name, seconds) in enumerate(phases):
        y = 4 + i * ROW_H
        x = LABEL_W + BAR_W * start / total
        w = max(1.5, BAR_W * seconds / total)
        out.append(f'<g class="phase" data-phase="{escape(name)}">'
                   f'<text x="{LABEL_W - 6}" y="{y + 14}" text-anchor="end">{escape(name)}</text>'
                   f'<rect x="{x:.1f}" y="{y + 3}" width="{w:.1f}" height="{ROW_H - 6}" fill="{COLORS[i % len(COLORS)]}">'
                   f'<title>{escape(name)}: {seconds:.2f} s</title></rect>'
                   f'<text x="{x + w + 6:.1f}" y="{y + 14}">{seconds:.2f} s</text></g>')
        start += seconds
    axis_y = 4 + len(phases) * ROW_H + 14
    out.append(f'<text x="{LABEL_W}" y="{axis_y}">0 s</text>'
               f'<text x="{LABEL_W + BAR_W}" y="{axis_y}" text-anchor="end">{total:.1f} s</text></svg>')
    return Markup("".join(out))
