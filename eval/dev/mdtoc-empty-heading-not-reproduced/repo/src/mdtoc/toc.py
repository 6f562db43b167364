from .headings import parse_heading


def build_toc(markdown, max_level=3):
    lines, in_code, used = [], False, {}
    for raw in markdown.splitlines():
        if raw.startswith("```"):
            in_code = not in_code
            continue
        heading = None if in_code else parse_heading(raw)
        if heading is None or heading.level > max_level:
            continue
        anchor = heading.anchor
        if anchor in used:
            used[anchor] += 1
            anchor = f"{anchor}-{used[heading.anchor]}"
        else:
            used[anchor] = 0
        lines.append("  " * (heading.level - 1) + f"- [{heading.title}](#{anchor})")
    return "\n".join(lines)
