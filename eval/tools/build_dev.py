#!/usr/bin/env python3
"""Build the dev benchmark (eval/dev/<case>/) from the definitions in eval/tools/cases_*.py.

For every case this script
  1. writes repo/ (the buggy project) and case.json,
  2. derives fix.diff with git (a/ b/ prefixes, relative to repo/) from the case's
     reference replacements,
  3. GENERATES report.txt by really running the crash: it copies the project to a
     user-looking checkout (/tmp/home/<user>/src/<project>/), runs the failing pytest
     command or the crashing script/CLI there, and wraps the captured output the way
     the case asks (plain, a log prefix on every line, or an issue body in markdown),
  4. checks the case: the test command fails on repo/ (passes for not_reproduced),
     and passes after fix.diff is applied.

Usage:  python eval/tools/build_dev.py [case-name ...]
        python eval/tools/build_dev.py --example      # examples/inventory/ (the README's demo)
Only the named cases are rebuilt when names are given.
"""
from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

HERE = Path(__file__).resolve().parent
EVAL = HERE.parent
DEV = EVAL / "dev"
USER_HOME = Path("/tmp/home")
CASE_KEYS = ("test_cmd", "kind", "expect", "bug", "fix_class")


def pyproject(case: dict) -> str:
    pkgs = case.get("packages") or [case["pkg"]]
    lines = [
        "[build-system]",
        'requires = ["setuptools>=61"]',
        'build-backend = "setuptools.build_meta"',
        "",
        "[project]",
        f'name = "{case["project"]}"',
        f'version = "{case.get("version", "0.4.1")}"',
        f'description = "{case["description"]}"',
        'requires-python = ">=3.9"',
        "",
        "[tool.setuptools]",
        "packages = [" + ", ".join(f'"{p}"' for p in pkgs) + "]",
    ]
    if case.get("layout", "src") == "src":
        lines.append('package-dir = {"" = "src"}')
    lines += ["", "[tool.pytest.ini_options]", 'testpaths = ["tests"]', ""]
    return "\n".join(lines)


def write_tree(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text).lstrip("\n"))


def _strip_indent(block: str, n: int) -> list[str]:
    return [l[n:] if l.strip() else "" for l in block.splitlines()]


def replace_once(text: str, old: str, new: str, where: str) -> str:
    """Replace `old` by `new` exactly once. Multi-line snippets are re-indented to the file."""
    old_s, new_s = old.strip("\n"), new.strip("\n")
    if "\n" not in old_s:
        if text.count(old_s) != 1:
            raise SystemExit(f"{where}: {old_s!r} found {text.count(old_s)} times")
        return text.replace(old_s, new_s)
    n = min(len(l) - len(l.lstrip()) for l in (old_s + "\n" + new_s).splitlines() if l.strip())
    old_l, new_l = _strip_indent(old_s, n), _strip_indent(new_s, n)
    for line in text.splitlines():
        if line.strip() == old_l[0].strip():
            rel = len(old_l[0]) - len(old_l[0].lstrip())
            pad = line[: len(line) - len(line.lstrip()) - rel]
            o = "\n".join(pad + l if l else l for l in old_l)
            w = "\n".join(pad + l if l else l for l in new_l)
            if text.count(o) == 1:
                return text.replace(o, w)
    raise SystemExit(f"{where}: snippet not found once:\n{old}")


def apply_replacements(root: Path, repls) -> None:
    for rel, old, new in repls:
        p = root / rel
        if old is None:  # a new file
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(textwrap.dedent(new).lstrip("\n"))
            continue
        p.write_text(replace_once(p.read_text(), old, new, f"{root.name}/{rel}"))


def pythonpath(repo: Path) -> str:
    return str(repo / "src") if (repo / "src").is_dir() else str(repo)


def run(cmd, cwd: Path, env_extra=None, timeout=120):
    env = dict(os.environ)
    env.pop("PYTEST_ADDOPTS", None)
    env["PYTHONPATH"] = pythonpath(cwd)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env.update(env_extra or {})
    argv = [sys.executable if c == "python" else c for c in cmd]
    return subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def make_diff(repo: Path, repls) -> str:
    with tempfile.TemporaryDirectory() as td:
        work = Path(td) / "w"
        shutil.copytree(repo, work)
        g = ["git", "-c", "user.name=x", "-c", "user.email=x@x", "-c", "core.autocrlf=false"]
        subprocess.run(g + ["init", "-q"], cwd=work, check=True)
        subprocess.run(g + ["add", "-A"], cwd=work, check=True)
        subprocess.run(g + ["commit", "-qm", "buggy"], cwd=work, check=True)
        apply_replacements(work, repls)
        subprocess.run(g + ["add", "-A"], cwd=work, check=True)
        out = subprocess.run(g + ["diff", "--cached", "--no-color", "--no-ext-diff"], cwd=work,
                             check=True, capture_output=True, text=True).stdout
        # drop the "index abc..def 100644" lines: they name blobs of a throwaway repo
        return "".join(l for l in out.splitlines(True) if not l.startswith("index "))


def wrap_report(rep: dict, text: str) -> str:
    wrap = rep.get("wrap", "plain")
    text = text.rstrip("\n") + "\n"
    if wrap == "plain":
        return text
    if wrap == "log":
        stamp = rep.get("stamp", "2026-11-02 10:01:22,413")
        prefix = f"{stamp} ERROR {rep.get('logger', 'app')}: "
        return "".join(prefix + l for l in text.splitlines(True))
    if wrap == "issue":
        out = textwrap.dedent(rep["prose"]).strip() + "\n\n```\n" + text + "```\n"
        if rep.get("snippet") and rep.get("show_snippet", True):
            out += "\n" + textwrap.dedent(rep.get("snippet_intro", "Reproducer:")).strip() + "\n\n```python\n"
            out += textwrap.dedent(rep["snippet"]).lstrip("\n") + "```\n"
        if rep.get("footer"):
            out += "\n" + textwrap.dedent(rep["footer"]).strip() + "\n"
        return out
    raise SystemExit(f"unknown wrap {wrap}")


def make_report(case: dict, repo: Path) -> str:
    rep = case["report"]
    user_dir = USER_HOME / rep["user"] / "src" / rep.get("checkout", case["project"])
    if user_dir.exists():
        shutil.rmtree(user_dir)
    user_dir.parent.mkdir(parents=True, exist_ok=True)
    shutil.copytree(repo, user_dir)
    if case.get("report_variant"):
        apply_replacements(user_dir, case["report_variant"])
    write_tree(user_dir, rep.get("user_files", {}))
    if rep.get("snippet"):
        (user_dir / rep.get("snippet_name", "repro.py")).write_text(
            textwrap.dedent(rep["snippet"]).lstrip("\n"))
    res = run(rep["cmd"], user_dir)
    if rep["cmd"][1:3] == ["-m", "pytest"]:
        if res.returncode == 0:
            raise SystemExit(f"{case['name']}: report command passed, expected a failure")
        out = res.stdout
    else:
        if res.returncode == 0:
            raise SystemExit(f"{case['name']}: report script did not crash:\n{res.stdout}{res.stderr}")
        out = res.stderr
    if rep.get("keep_stdout"):
        out = res.stdout + out
    return wrap_report(rep, out)


def check_tests(case: dict, case_dir: Path) -> None:
    cmd = case["test_cmd"].split()
    with tempfile.TemporaryDirectory() as td:
        work = Path(td) / "repo"
        shutil.copytree(case_dir / "repo", work)
        res = run(cmd, work)
        want_fail = case["expect"] != "not_reproduced"
        if want_fail and res.returncode != 1:
            raise SystemExit(f"{case['name']}: buggy repo: rc={res.returncode}, expected 1\n{res.stdout}{res.stderr}")
        if not want_fail and res.returncode != 0:
            raise SystemExit(f"{case['name']}: repo should pass\n{res.stdout}")
        subprocess.run(["git", "init", "-q"], cwd=work, check=True)
        subprocess.run(["git", "apply", str(case_dir / "fix.diff")], cwd=work, check=True)
        res = run(cmd, work)
        if res.returncode != 0:
            raise SystemExit(f"{case['name']}: fixed repo fails\n{res.stdout}{res.stderr}")


def build(case: dict, d: Path | None = None) -> None:
    d = d or DEV / case["name"]
    if d.exists():
        shutil.rmtree(d)
    repo = d / "repo"
    repo.mkdir(parents=True)
    files = dict(case["files"])
    files.setdefault("pyproject.toml", pyproject(case))
    write_tree(repo, files)
    meta = {
        "test_cmd": case.get("test_cmd", "python -m pytest -q"),
        "kind": case["kind"],
        "expect": case.get("expect", "fixed"),
        "bug": " ".join(case["bug"].split()),
        "fix_class": case["fix_class"],
    }
    case = {**case, **meta}
    (d / "case.json").write_text(json.dumps(meta, indent=2) + "\n")
    (d / "fix.diff").write_text(make_diff(repo, case["fix"]))
    (d / "report.txt").write_text(make_report(case, repo))
    check_tests(case, d)
    print(f"ok  {case['name']:<36} {meta['kind']:<20} {meta['fix_class']:<22} {meta['expect']}")


def all_cases() -> list[dict]:
    sys.path.insert(0, str(HERE))
    cases = []
    for mod in sorted(HERE.glob("cases_*.py")):
        cases += importlib.import_module(mod.stem).CASES
    names = [c["name"] for c in cases]
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        raise SystemExit(f"duplicate case names: {dup}")
    return cases


def report_style(case: dict) -> str:
    rep = case["report"]
    cmd = rep["cmd"]
    if cmd[1:3] == ["-m", "pytest"]:
        how = "pytest " + " ".join(a for a in cmd[3:] if a.startswith("-")) if cmd[3:] else "pytest"
        if any(not a.startswith("-") for a in cmd[3:]):
            how += " (one test)"
    elif cmd[1] == "-m":
        how = "CLI `python -m`"
    else:
        how = "script"
    wrap = {"plain": "", "log": ", log prefix", "issue": ", issue markdown"}[rep.get("wrap", "plain")]
    if rep.get("wrap") == "issue" and rep.get("snippet") and rep.get("show_snippet", True):
        wrap += " + reproducer"
    return how.strip() + wrap


def write_readme_table(cases: list[dict]) -> None:
    readme = DEV / "README.md"
    text = readme.read_text()
    start, end = "<!-- cases:start -->", "<!-- cases:end -->"
    rows = ["| case | kind | fix_class | expect | report |", "|---|---|---|---|---|"]
    for c in sorted(cases, key=lambda c: c["name"]):
        rows.append(f"| `{c['name']}` | {c['kind']} | {c['fix_class']} | {c.get('expect', 'fixed')} "
                    f"| {report_style(c)} |")
    head, rest = text.split(start, 1)
    tail = rest.split(end, 1)[1]
    readme.write_text(head + start + "\n" + "\n".join(rows) + "\n" + end + tail)


def main(argv: list[str]) -> None:
    if argv == ["--readme"]:
        write_readme_table(all_cases())
        return
    if argv == ["--example"]:
        sys.path.insert(0, str(HERE))
        ex = importlib.import_module("example_inventory").EXAMPLE
        build(ex, EVAL.parent / "examples" / "inventory")
        return
    cases = all_cases()
    if argv:
        cases = [c for c in cases if c["name"] in argv]
    for c in cases:
        build(c)
    if not argv:
        write_readme_table(cases)


if __name__ == "__main__":
    main(sys.argv[1:])
