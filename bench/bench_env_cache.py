"""Cold set-up vs cached set-up of the same repository (Docker, real PyPI).

    python bench/bench_env_cache.py [--rounds N]     (default 3)

A small package (pyproject.toml, its own editable install) whose requirements are a few real
PyPI projects as of 2023-06 (numpy, pandas, scipy, requests, python-dateutil, attrs, PyYAML, click). Each round
sets the repository up cold (an empty cache: uv downloads and installs everything) and then
cached (a new commit of the same tree: the prepared environment is reused, only the project's
own offline install runs again), and runs its tests in both; medians of the rounds.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from sandbox.docker import envcache
from sandbox import open_sandbox
from sandbox.docker.images import ensure_image
from sandbox.setup import plan_commands

REQUIREMENTS = ("numpy==1.25.0\npandas==2.0.3\nscipy==1.11.1\nrequests==2.31.0\npython-dateutil==2.8.2\n"
                "attrs==23.1.0\nPyYAML==6.0\nclick==8.1.3\n")
FILES = {
    "pyproject.toml": '[build-system]\nrequires = ["setuptools"]\nbuild-backend = "setuptools.build_meta"\n\n'
                      '[project]\nname = "tally"\nversion = "0.1"\n',
    "requirements.txt": REQUIREMENTS,
    "tally/__init__.py": "import attrs, click, dateutil.parser, numpy, pandas, requests, scipy, yaml\n\n"
                         "def when(text):\n    return dateutil.parser.parse(text).year\n",
    "tests/test_tally.py": "from tally import when\n\ndef test_when():\n    assert when('2023-06-01') == 2023\n",
}
AS_OF = "2023-06-30T00:00:00Z"


def make_repo(root: Path) -> Path:
    for name, text in FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    git(root, "init", "-q")
    commit(root, "the tree")
    return root


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=bench", "-c", "user.email=bench@localhost", *args], cwd=root, check=True)


def commit(root: Path, message: str) -> None:
    git(root, "add", "-A")
    git(root, "commit", "-qm", message, "--allow-empty")


def set_up(repo: Path, image: str, name: str) -> tuple[float, float, list[str]]:
    """(set-up seconds, test seconds, notes) of one sandbox; keeps a new environment."""
    steps = plan_commands(repo, ["pip install -e .", "pip install -r requirements.txt"])
    notes: list[str] = []
    start = time.perf_counter()
    box = open_sandbox("docker", repo, image=image, steps=steps, as_of=AS_OF, notes=notes, cache=name)
    took = time.perf_counter() - start
    with box:
        start = time.perf_counter()
        res = box.run("python -m pytest -q", timeout=300)
        tests = time.perf_counter() - start
        if "1 passed" not in res.output:
            raise SystemExit(f"the tests did not pass:\n{res.output[-2000:]}")
        said = envcache.keep(box.pending_env)
        notes += [said] if said else []
    return took, tests, notes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    image = ensure_image("python")
    cold, warm, test_cold, test_warm = [], [], [], []
    with tempfile.TemporaryDirectory(prefix="bench-envcache-") as tmp:
        for n in range(args.rounds):
            os.environ["CRASHFIX_ENV_CACHE"] = f"{tmp}/cache-{n}"
            repo = make_repo(Path(tmp) / f"repo-{n}")
            took, tests, notes = set_up(repo, image, f"bench/tally-{n}")
            assert any("miss" in x for x in notes), notes
            cold.append(took), test_cold.append(tests)
            size = sum(e.size for e in envcache.entries())
            (repo / "tally" / "__init__.py").write_text(FILES["tally/__init__.py"] + "\nVERSION = 2\n")
            commit(repo, "a new commit, the same dependencies")
            took, tests, notes = set_up(repo, image, f"bench/tally-{n}")
            assert any("hit" in x for x in notes), notes
            warm.append(took), test_warm.append(tests)
            print(f"round {n + 1}: cold {cold[-1]:.1f} s, cached {warm[-1]:.1f} s (entry {size / (1 << 20):.1f} MiB)",
                  flush=True)
    print(f"\nset-up of {len(REQUIREMENTS.split())} requirements + the project (median of {args.rounds}): "
          f"cold {statistics.median(cold):.1f} s, cached {statistics.median(warm):.1f} s "
          f"({statistics.median(cold) / statistics.median(warm):.1f}x); the tests then take "
          f"{statistics.median(test_cold):.1f} s / {statistics.median(test_warm):.1f} s")


if __name__ == "__main__":
    main()
