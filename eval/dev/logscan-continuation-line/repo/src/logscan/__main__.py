import sys

from .parser import parse_lines
from .summary import count_by_level

with open(sys.argv[1], encoding="utf-8") as fh:
    for level, n in count_by_level(parse_lines(fh)).items():
        print(f"{level:8} {n}")
