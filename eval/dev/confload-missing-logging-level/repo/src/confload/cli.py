import sys

from .loader import load_path


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        print("usage: python -m confload.cli CONFIG", file=sys.stderr)
        return 2
    cfg = load_path(argv[0])
    for key, value in cfg.items():
        print(f"{key:10} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
