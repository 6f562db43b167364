"""Build eval/trust30/: real crash bugs of real PyPI projects, each fixed in the project's next release
(its changelog says so), as the issue a user would file against the buggy release. Per case:

- the buggy release's sdist (docs left out) is the repository, shared by the cases of that release under
  `vendor/`; case.json dates it to the release (`commit_date`: the run makes a one-commit git repo of it
  and installs dependencies as of that day);
- the issue text: prose and the user's own code (a script, a `>>>` session, or only the traceback), with
  the traceback captured by really running that code against the buggy release installed under the
  user's home (so the outer frames are the user's, the project's under `site-packages`);
- `later.json`: what the fixed release does on the same code, from running it (the last line printed,
  or the exception class it raises).

    python eval/tools/build_trust30.py [CASE ...]     # sdists are fetched with `pip download` into /tmp/t30

Nothing here is taken from a public bug benchmark; the fixes themselves are not in the cases.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from eval.tools.trust30_cases import CASES  # noqa: E402

OUT = ROOT / "eval" / "trust30"
SDISTS = Path("/tmp/t30")
HOME = Path("/tmp/home")
PY = f"python{sys.version_info.major}.{sys.version_info.minor}"
# the projects' own dependencies, for running the user's code here (pip install --target DIR ...)
DEPS = [p for p in os.environ.get("TRUST30_DEPS", "").split(os.pathsep) if p]
DROP = {"docs", "doc", ".github", "benchmarks", "bench", "site"}


def sdist(spec: str) -> Path:
    """The unpacked sdist of NAME==VERSION (downloaded with pip when missing)."""
    name, version = spec.split("==")
    pattern = re.compile(rf"^{re.sub(r'[-_.]', '[-_.]', name)}-{re.escape(version)}"
                         r"\.(tar\.gz|zip)$", re.I)
    archives = [p for p in SDISTS.glob("*") if pattern.match(p.name)]
    if not archives:
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-binary", ":all:", "--no-deps",
                        spec, "-d", str(SDISTS)], check=True)
        archives = [p for p in SDISTS.glob("*") if pattern.match(p.name)]
    archive = archives[0]
    dest = SDISTS / "src"
    top = archive.name.removesuffix(".tar.gz").removesuffix(".zip")
    if not (dest / top).is_dir():
        dest.mkdir(parents=True, exist_ok=True)
        if archive.name.endswith(".zip"):
            zipfile.ZipFile(archive).extractall(dest)
        else:
            tarfile.open(archive).extractall(dest, filter="data")
    return dest / top


def released(tree: Path) -> str:
    """The release day of an unpacked sdist: the time its PKG-INFO was written (a case's `released` says it
    where the sdist's files carry no time, as flit's and hatch's do)."""
    when = datetime.fromtimestamp((tree / "PKG-INFO").stat().st_mtime, timezone.utc)
    return when.strftime("%Y-%m-%dT12:00:00+00:00")


def vendor(tree: Path, drop: list[str]) -> Path:
    """The buggy release as the case repository: the sdist without its docs, build leftovers and the
    ``drop`` paths (large test data the case's test command does not use)."""
    repo = OUT / "vendor" / tree.name
    if repo.is_dir():
        return repo
    dropped = {tree / p for p in drop}
    shutil.copytree(tree, repo, ignore=lambda d, names: [n for n in names if (n in DROP and Path(d) == tree)
                                                           or Path(d, n) in dropped or n.endswith((".egg-info", ".orig"))
                                                           or n == "__pycache__"])
    os.utime(repo / "PKG-INFO", ((tree / "PKG-INFO").stat().st_mtime,) * 2)
    return repo


def import_root(tree: Path, pkgs: list[str]) -> Path:
    for base in (tree / "src", tree, tree / "lib"):
        if all((base / p).exists() for p in pkgs):
            return base
    raise SystemExit(f"{tree.name}: none of src/, ./, lib/ holds {pkgs}")


def install(tree: Path, pkgs: list[str], site: Path) -> None:
    shutil.rmtree(site, ignore_errors=True)
    site.mkdir(parents=True)
    base = import_root(tree, pkgs)
    for p in pkgs:
        (shutil.copytree if (base / p).is_dir() else shutil.copy2)(base / p, site / p)


def console_runner(lines: list[str]) -> str:
    return ("import code, sys\nc = code.InteractiveConsole()\n"
            f"for line in {lines!r}:\n    print('>>> ' + line, flush=True)\n    c.push(line)\n    sys.stderr.flush()\n")


def run_user(spec: dict, tree: Path, user: str) -> tuple[str, int]:
    """The user's code run against ``tree``'s package installed under the user's home: (output, exit)."""
    home = HOME / user
    site = home / ".venv" / "lib" / PY / "site-packages"
    install(tree, spec["pkgs"], site)
    work = home / spec.get("where", "app")
    work.mkdir(parents=True, exist_ok=True)
    env = {"PATH": os.environ["PATH"], "PYTHONPATH": os.pathsep.join([str(site)] + DEPS), "HOME": str(home), "PYTHONDONTWRITEBYTECODE": "1",
           "PYTHONIOENCODING": "utf-8"}
    if "console" in spec:
        script = work / ".session.py"
        script.write_text(console_runner([line.removeprefix(">>> ") for line in spec["console"].strip("\n").split("\n")]))
    else:
        script = work / spec.get("file", "main.py")
        script.write_text(spec["script"])
    p = subprocess.run([sys.executable, "-u", script.name], cwd=work, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=60)
    if "console" in spec:
        script.unlink()
    return p.stdout, p.returncode


def later_record(out: str, code: int, version: str, console: bool) -> dict:
    lines = [line for line in out.rstrip("\n").split("\n") if line.strip()]
    if console:     # the session: what the last statement gave (an echoed value or a traceback's last line)
        last = lines[-1] if lines else ""
        if "Traceback (most recent call last):" in out.split(">>> ")[-1]:
            return {"version": version, "raises": last.split(":", 1)[0].rsplit(".", 1)[-1]}
        return {"version": version, "gives": last.rstrip()}
    if code != 0:
        return {"version": version, "raises": lines[-1].split(":", 1)[0].rsplit(".", 1)[-1]}
    return {"version": version, "gives": lines[-1].rstrip() if lines else ""}


def build(name: str, spec: dict) -> dict:
    old, new = sdist(spec["old"]), sdist(spec["new"])
    repo = vendor(old, spec.get("drop", []))
    case = OUT / name
    shutil.rmtree(case, ignore_errors=True)
    case.mkdir(parents=True)
    tb, code = run_user(spec, repo, spec["user"])
    exc = spec["raises"]
    if "Traceback (most recent call last):" not in tb or not re.search(rf"^(\w+\.)*{exc}\b", tb, re.M):
        shutil.rmtree(case)
        raise SystemExit(f"{name}: the old release does not raise {exc}:\n{tb}")
    shown = tb if "console" in spec else tb[tb.index("Traceback (most recent call last):"):]
    fields = {"script": spec.get("script", ""), "tb": shown, "console": spec.get("console", "")}
    text = spec["issue"]
    for key, value in fields.items():
        text = text.replace("{" + key + "}", value)
    (case / "report.txt").write_text(text)
    later_out, later_code = run_user(spec, new, spec["user"] + "-later")
    later = later_record(later_out, later_code, spec["new"].split("==")[1], "console" in spec)
    later["changelog"] = spec["changelog"]
    meta = {"repo": f"../vendor/{repo.name}", "commit_date": spec.get("released") or released(old), "test_cmd": spec["test_cmd"],
            "expect": spec.get("expect", "fixed"), "kind": exc,
            "source": f"{spec['old']} (PyPI sdist, docs left out); fixed in {spec['new'].split('==')[1]} "
                      f"(changelog: {spec['changelog']!r})",
            "later_release": f"{spec['new']}: " + (f"raises {later['raises']}" if "raises" in later
                                                   else f"gives {later['gives']!r}")}
    (case / "case.json").write_text(json.dumps(meta, indent=2) + "\n")
    return later


def main(argv: list[str]) -> int:
    names = argv or list(CASES)
    later_file = OUT / "later.json"
    later = json.loads(later_file.read_text()) if later_file.is_file() else {
        "_about": "What each case's later release does on the issue's own input, from running it "
                  "(eval/tools/build_trust30.py): gives: the last line printed; raises: the exception class."}
    failed = []
    for name in names:
        try:
            later[name] = build(name, CASES[name])
            print(f"{name}: {later[name]}")
        except (SystemExit, subprocess.SubprocessError, OSError) as exc:
            failed.append(name)
            print(f"{name}: FAILED {exc}", file=sys.stderr)
    later_file.write_text(json.dumps(later, indent=1) + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
