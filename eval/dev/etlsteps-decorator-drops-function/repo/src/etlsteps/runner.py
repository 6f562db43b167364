from .registry import REGISTRY


def run_pipeline(rows, names):
    unknown = [n for n in names if n not in REGISTRY]
    if unknown:
        raise KeyError(f"unknown steps: {', '.join(unknown)}")
    out = []
    for row in rows:
        for name in names:
            row = REGISTRY[name](row)
        out.append(row)
    return out
