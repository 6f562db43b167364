def _clock(seconds):
    if seconds is None:
        return "--:--"
    minutes, secs = divmod(int(round(seconds)), 60)
    return f"{minutes:02d}:{secs:02d}"


def format_line(progress, width=20):
    frac = progress.done / progress.total if progress.total else 1.0
    filled = int(frac * width)
    bar = "#" * filled + "." * (width - filled)
    return f"[{bar}] {progress.done}/{progress.total} eta {_clock(progress.eta())}"
