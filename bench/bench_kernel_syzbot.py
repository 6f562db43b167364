"""Real syzbot bugs on Debian's linux-source 6.1, from syzbot's mail alone (issue 38). Run by hand.

    python bench/bench_kernel_syzbot.py --list                 # the cases and what each lacks
    python bench/bench_kernel_syzbot.py --check [CASE ...]     # verify each case's data: seconds, no build
    nice -n 15 python bench/bench_kernel_syzbot.py [--repro-dir DIR] [--tools] [CASE ...]   # run them

A case is a folder bench/kernel_syzbot/<name>/ holding:

    case.json   {"format": "crashfix-kernel-syzbot-case/1", "name", "title" (syzbot's, without its "(N)"),
                 "syzbot": {"extid", "link", "mail"}, "fix": {"subject", "upstream", "stable", "diff"},
                 "files", "kind", "kconfig" (the options the crash needs, by hand), "guilty" (file) and
                 "guilty_function" (syzkaller's guilty frame), "tree": {"base", "unfix", "commit_message":
                 a message that does not give the fix away}, "report": "mail.txt", "reproducer": "repro.c"
                 or null with "reproducer_missing" saying why, "fix_behaviour" in words, "templates_expected"}
    mail.txt    syzbot's mail (the report and its links; "mail_note" in case.json says what was left out)
    fix.diff    the fix as it stands in Debian's tree (the stable patch, context from Debian's file)
    unfix.diff  fix.diff reversed against Debian's tree: committed with commit_message on the tree's import
                commit, it puts the bug back and the case's history names no fix

--check, per case: the stable release that took the fix is not later than Debian's (SUBLEVEL of the
tarball's Makefile); fix.diff reverse-applies to Debian's files (the fix is there), unfix.diff applies and
fix.diff applies again on top (the round trip); the commit message and unfix.diff name no fix; crashfix's
own parser (agent.reports.parse, on the issue text a run gets) gives syzbot's title and guilty frame; the
reproducer compiles (`gcc -fsyntax-only`), or the mail links one and crashfix asks for exactly that file;
and the options crashfix takes from the stack (agent.kernel.kconfig) next to the ones the case needs.

A run makes the case's tree (the fixture's Debian import commit + the unfix, committed), writes the
issue text (the mail, plus the reproducer as a ```c block when the case or --repro-dir DIR/<name>.c has
one) and runs `crashfix run --strategy templates` on it. Per case one JSON line: reproduced, the status,
the fixing template, whether it touches a function the maintainers' fix touches (same_site; whether it
is right in behaviour is for a reviewer: --keep DIR, then DIR/<case>/patch.diff next to fix.diff), the time of each phase
(result.json's timings), per-candidate build seconds, the options dropped; with --tools, the research
agent's tools (search, definition, history, view, blame) timed on the case's tree.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "bench" / "kernel_syzbot"
FORMAT = "crashfix-kernel-syzbot-case/1"
TARBALL = Path("/usr/src/linux-source-6.1.tar.xz")
IDENT = {"GIT_AUTHOR_NAME": "bench", "GIT_AUTHOR_EMAIL": "bench@crashfix.invalid",
         "GIT_COMMITTER_NAME": "bench", "GIT_COMMITTER_EMAIL": "bench@crashfix.invalid",
         "GIT_AUTHOR_DATE": "2024-02-01T00:00:00Z", "GIT_COMMITTER_DATE": "2024-02-01T00:00:00Z"}
GIT_ENV = {"PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "GIT_CONFIG_NOSYSTEM": "1", **IDENT}
REQUIRED = ("name", "title", "syzbot", "fix", "files", "kind", "kconfig", "guilty", "guilty_function", "tree",
            "report", "reproducer", "fix_behaviour")


def load(folder: Path) -> dict:
    case = json.loads((folder / "case.json").read_text())
    if case.get("format") != FORMAT:
        raise ValueError(f"{folder}: case.json format is {case.get('format')!r}, not {FORMAT}")
    case["folder"] = folder
    case["missing"] = [k for k in REQUIRED if k not in case]
    for name in (case.get("report"), case.get("tree", {}).get("unfix"), case.get("fix", {}).get("diff"),
                 case.get("reproducer")):
        if name and not (folder / name).is_file():
            case["missing"].append(name)
    return case


def reproducer(case: dict, repro_dir: Path | None = None) -> str | None:
    """The case's C reproducer: its own file, else DIR/<name>.c (syzbot's, fetched by whoever may)."""
    if case.get("reproducer"):
        return (case["folder"] / case["reproducer"]).read_text()
    if repro_dir and (repro_dir / f"{case['name']}.c").is_file():
        return (repro_dir / f"{case['name']}.c").read_text()
    return None


def issue_text(case: dict, repro_dir: Path | None = None) -> str:
    text = (case["folder"] / case["report"]).read_text().rstrip() + "\n"
    source = reproducer(case, repro_dir)
    if source:
        text += "\nC reproducer:\n\n```c\n" + source.rstrip() + "\n```\n"
    return text


def _git(cwd: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-c", "core.autocrlf=false", *args], cwd=cwd, capture_output=True, text=True,
                          env=GIT_ENV, check=check)


def _fixture() -> tuple[Path, str] | None:
    """The fixture tree (Debian's tarball committed as "Linux 6.1") and its import commit, if made."""
    sys.path.insert(0, str(ROOT))
    from sandbox.kernel.fixture import CACHE
    tree = CACHE / "fixture" / "linux-6.1-demo"
    if not (tree / ".git" / "crashfix-fixture-done").exists():
        return None
    root = _git(tree, "rev-list", "--max-parents=0", "HEAD").stdout.split()[0]
    return tree, root


def debian_sublevel(fixture: tuple[Path, str] | None) -> int:
    if fixture:
        text = _git(fixture[0], "show", f"{fixture[1]}:Makefile").stdout
    else:
        text = subprocess.run(["tar", "-xJOf", str(TARBALL), "linux-source-6.1/Makefile"], capture_output=True,
                              text=True, check=True).stdout
    return int(re.search(r"^SUBLEVEL = (\d+)", text, re.M).group(1))


def _debian_files(case: dict, fixture: tuple[Path, str] | None, where: Path) -> Path:
    """A git repo of just the case's files as Debian's tree has them."""
    repo = where / case["name"]
    repo.mkdir(parents=True)
    for rel in case["files"]:
        if fixture:
            data = subprocess.run(["git", "show", f"{fixture[1]}:{rel}"], cwd=fixture[0], capture_output=True,
                                  check=True).stdout
        else:
            data = subprocess.run(["tar", "-xJOf", str(TARBALL), f"linux-source-6.1/{rel}"], capture_output=True,
                                  check=True).stdout
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_bytes(data)
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "debian")
    return repo


def _names_the_fix(case: dict) -> list[str]:
    """What in the case's history would give the fix away."""
    message = case["tree"]["commit_message"].lower()
    subject = re.sub(r"^[\w/ .-]+: ", "", case["fix"]["subject"].lower())
    found = [w for w in ("fix", "fixes", "syzbot", "reported-by", "kasan", "ubsan", "out-of-bounds",
                         "use-after-free", "null-ptr", "overflow") if re.search(rf"(?<![\w-]){w}(?![\w-])", message)]
    words, said = re.findall(r"[a-z0-9_]+", subject), " " + " ".join(re.findall(r"[a-z0-9_]+", message)) + " "
    found += [" ".join(words[i:i + 3]) for i in range(len(words) - 2) if f" {' '.join(words[i:i + 3])} " in said]
    unfix = (case["folder"] / case["tree"]["unfix"]).read_text().lower()
    found += [w for w in ("syzbot", "reported-by", case["fix"]["upstream"][:12].lower()) if w in unfix]
    return found


def _stable_number(stable: str) -> int | None:
    m = re.match(r"6\.1\.(\d+)", stable)
    return int(m.group(1)) if m else None


def _fixture_options(fixture: tuple[Path, str] | None, rep, texts: list[str]) -> list[str] | None:
    """The options crashfix's kernel path takes from the report's stack (the tree's Kbuild and Kconfig)."""
    if not fixture or rep is None:
        return None
    from agent.kernel.kconfig import options_for_crash, with_dependencies
    return with_dependencies(fixture[0], options_for_crash(fixture[0], rep, texts))


def check_case(case: dict, fixture: tuple[Path, str] | None, sublevel: int, where: Path) -> dict:
    sys.path.insert(0, str(ROOT))
    from agent.kernel.path import pick_reproducer, syzbot_reproducer_link
    from agent.reports import parse
    out: dict = {"case": case["name"], "problems": []}
    problems = out["problems"]
    if case["missing"]:
        problems.append(f"incomplete: {', '.join(case['missing'])}")
        return out
    # the fix is in Debian's tree: its stable release is not later than Debian's
    number = _stable_number(case["fix"]["stable"])
    out["stable"] = case["fix"]["stable"].split()[0]
    out["debian_has_release"] = number is not None and number <= sublevel
    if not out["debian_has_release"]:
        problems.append(f"the fix's release {case['fix']['stable']} is not in Debian's 6.1.{sublevel}")
    # fix.diff is in Debian's files; unfix.diff applies; the fix applies again on top
    repo = _debian_files(case, fixture, where)
    fix, unfix = case["folder"] / case["fix"]["diff"], case["folder"] / case["tree"]["unfix"]
    out["fix_in_debian"] = _git(repo, "apply", "-R", "--check", str(fix), check=False).returncode == 0
    applied = _git(repo, "apply", str(unfix), check=False)
    out["unfix_applies"] = applied.returncode == 0
    out["fix_reapplies"] = out["unfix_applies"] and _git(repo, "apply", "--check", str(fix),
                                                          check=False).returncode == 0
    for key, what in (("fix_in_debian", "fix.diff does not reverse-apply to Debian's files"),
                      ("unfix_applies", f"unfix.diff does not apply: {applied.stderr.strip()[:200]}"),
                      ("fix_reapplies", "fix.diff does not apply on the unfixed files")):
        if not out[key]:
            problems.append(what)
    given_away = _names_the_fix(case)
    out["history_clean"] = not given_away
    if given_away:
        problems.append(f"the case's history names the fix: {given_away}")
    # crashfix's own parser on the issue text a run gets
    text = issue_text(case)
    rep = parse(text)
    out["parsed_title"] = rep.title if rep else None
    out["parsed_guilty"] = rep.guilty.function if rep and rep.guilty else None
    out["title_ok"] = bool(rep) and rep.title == case["title"]     # the crash's title: no "(N)" of syzbot's
    out["guilty_ok"] = bool(rep) and out["parsed_guilty"] == case["guilty_function"]
    if not out["title_ok"]:
        problems.append(f"parsed title {out['parsed_title']!r}, syzbot's is {case['title']!r}")
    if not out["guilty_ok"]:
        problems.append(f"parsed guilty frame {out['parsed_guilty']!r}, syzkaller's is {case['guilty_function']!r}")
    # the reproducer: compiles, or the mail links it and crashfix asks for that file
    source = pick_reproducer(rep.reproducers) if rep else None
    out["reproducer"] = "present" if case["reproducer"] else "missing"
    if case["reproducer"]:
        if source is None:
            problems.append("the case's reproducer is not picked up from the issue text")
        c = where / f"{case['name']}.c"
        c.write_text(source or "")
        gcc = subprocess.run(["gcc", "-fsyntax-only", "-w", str(c)], capture_output=True, text=True)
        out["reproducer_compiles"] = gcc.returncode == 0
        if gcc.returncode:
            problems.append(f"the reproducer does not compile: {gcc.stderr.strip()[:200]}")
    else:
        out["reproducer_link"] = syzbot_reproducer_link(text)
        if not case.get("reproducer_missing"):
            problems.append("no reproducer and no reproducer_missing saying why")
    # the options crashfix derives from the stack, next to the ones the crash needs
    derived = _fixture_options(fixture, rep, [text, source or ""])
    if derived is not None:
        wanted = [o.removeprefix("CONFIG_") for o in case["kconfig"]]
        got = {o.split("=")[0].removeprefix("CONFIG_") for o in derived}
        out["kconfig_from_stack"] = sorted(got)
        out["kconfig_missed"] = [o for o in wanted if o not in got]
    return out


def make_tree(case: dict, fixture: tuple[Path, str], where: Path, checkout: bool = True) -> Path:
    """A clone of the fixture's Debian import commit with the case's unfix committed on top.

    Without `checkout` the commit is made in the index alone (no 75k-file working tree, ~4 min under load):
    enough for a run that ends before it reads the tree (no reproducer: the kernel path asks for it
    first, and builds from a clone of the commit in any case)."""
    base, root = fixture
    tree = where / case["name"]
    subprocess.run(["git", "clone", "-q", "--shared", "--no-checkout", str(base), str(tree)], check=True, env=GIT_ENV)
    unfix = str(case["folder"] / case["tree"]["unfix"])
    if checkout:
        _git(tree, "checkout", "-q", "-b", "case", root)
        _git(tree, "apply", unfix)
        _git(tree, "commit", "-q", "-a", "-m", case["tree"]["commit_message"])
        return tree
    _git(tree, "read-tree", root)
    _git(tree, "apply", "--cached", unfix)
    written = _git(tree, "write-tree").stdout.strip()
    commit = _git(tree, "commit-tree", written, "-p", root, "-m", case["tree"]["commit_message"]).stdout.strip()
    _git(tree, "update-ref", "refs/heads/case", commit)
    _git(tree, "symbolic-ref", "HEAD", "refs/heads/case")
    return tree


def _functions(diff: str) -> set[str]:
    """The functions a diff's hunks are in (from the @@ … @@ context)."""
    names = set()
    for m in re.finditer(r"^@@[^@]*@@\s*(.*)$", diff, re.M):
        f = re.findall(r"([A-Za-z_]\w*)\s*\(", m.group(1))
        if f:
            names.add(f[0])
    return names


def time_tools(case: dict, tree: Path) -> dict:
    """The research agent's tools on the case's tree, each timed (seconds)."""
    from agent.memory import Memory
    from agent.reports import parse
    from agent.research.tools import ToolContext, analysis_toolbox
    from sandbox.kernel.workspace import KernelWorkspace
    rep = parse(issue_text(case))
    ws = KernelWorkspace(tree)
    ctx = ToolContext(sb=ws, source=tree, memory=Memory(), report=rep)
    box = analysis_toolbox(rep)
    fn, path = case["guilty_function"], case["guilty"]
    calls = [("search_code", {"pattern": rf"\b{fn}\("}), ("search_definition", {"symbol": fn}),
             ("search_commits", {"pattern": fn}), ("view", {"path": path, "start": 1, "end": 60}),
             ("git_blame", {"path": path, "start": 1, "end": 40})]
    timed = {}
    try:
        for name, args in calls:
            start = time.monotonic()
            obs = box.call(ctx, name, args)
            timed[name] = {"seconds": round(time.monotonic() - start, 2), "ok": bool(obs.ok),
                           "names_the_file": path in (obs.text or "")}
    finally:
        ws.close()
    return timed


def run_case(case: dict, fixture: tuple[Path, str], work: Path, repro_dir: Path | None, tools: bool,
             keep: Path | None = None) -> dict:
    if case["missing"]:
        return {"case": case["name"], "skipped": f"incomplete: {', '.join(case['missing'])}"}
    tree = make_tree(case, fixture, work, checkout=tools or reproducer(case, repro_dir) is not None)
    report = work / f"{case['name']}.txt"
    report.write_text(issue_text(case, repro_dir))
    out = work / f"{case['name']}-out"
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "bot.cli.main", "run", "--repo", str(tree), "--report", str(report),
                           "--out", str(out), "--sandbox", "local", "--strategy", "templates"], cwd=ROOT,
                          capture_output=True, text=True)
    result = json.loads((out / "result.json").read_text()) if (out / "result.json").is_file() else {}
    best = next((c for c in result.get("candidates", []) if c.get("validated")), None)
    fix_functions = _functions((case["folder"] / case["fix"]["diff"]).read_text())
    row = {"case": case["name"], "exit": proc.returncode, "seconds": round(time.monotonic() - start, 1),
           "reproducer": "case" if case.get("reproducer") else ("repro-dir" if reproducer(case, repro_dir)
                                                                else "missing"),
           "status": result.get("status"), "error_kind": result.get("error_kind"),
           "message": (result.get("error") or proc.stderr.strip()[-300:]),
           "reproduced": (result.get("reproduction") or {}).get("reproduced"),
           "fixed_by": best and best.get("template"), "expected": case.get("templates_expected"),
           "same_site": bool(best) and bool(_functions(best.get("patch") or best.get("diff") or "") & fix_functions),
           "timings": result.get("timings"),
           "build_seconds": [c.get("build_seconds") for c in result.get("candidates", [])],
           "options_dropped": (result.get("artifacts", {}).get("kernel") or {}).get("options_dropped")}
    if tools:
        row["tools"] = time_tools(case, tree)
    if keep and (out / "result.json").is_file():
        shutil.rmtree(keep / case["name"], ignore_errors=True)
        shutil.copytree(out, keep / case["name"], ignore=shutil.ignore_patterns("console-*.log"))
    shutil.rmtree(tree, ignore_errors=True)         # a whole 6.1 checkout: one at a time on disk
    return row


def summary(rows: list[dict]) -> str:
    ok = [r for r in rows if not r.get("problems")]
    keys = ("debian_has_release", "fix_in_debian", "unfix_applies", "fix_reapplies", "history_clean",
            "title_ok", "guilty_ok")
    lines = [f"{len(ok)} of {len(rows)} cases pass every check"]
    lines += [f"  {k}: {sum(1 for r in rows if r.get(k))}/{len(rows)}" for k in keys]
    present = sum(1 for r in rows if r.get("reproducer") == "present")
    linked = sum(1 for r in rows if r.get("reproducer_link"))
    lines.append(f"  reproducer in the case: {present}/{len(rows)}; missing but linked in the mail: {linked}")
    with_k = [r for r in rows if "kconfig_missed" in r]
    if with_k:
        full = sum(1 for r in with_k if not r["kconfig_missed"])
        lines.append(f"  every needed option derived from the stack: {full}/{len(with_k)}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cases", nargs="*", help="case names (default: all)")
    ap.add_argument("--list", action="store_true", help="list the cases and what each lacks")
    ap.add_argument("--check", action="store_true", help="verify each case's data only (no build, no boot)")
    ap.add_argument("--repro-dir", type=Path, help="syzbot's C reproducers as DIR/<case>.c, for cases without one")
    ap.add_argument("--tools", action="store_true", help="also time the research agent's tools on each case's tree")
    ap.add_argument("--keep", type=Path, help="copy each run's out dir (result.json, report.md, logs) to DIR/<case>")
    args = ap.parse_args(argv)
    cases = [load(f) for f in sorted(CASES.iterdir()) if (f / "case.json").is_file()]
    if args.cases:
        unknown = set(args.cases) - {c["name"] for c in cases}
        if unknown:
            ap.error(f"no such case: {', '.join(sorted(unknown))}")
        cases = [c for c in cases if c["name"] in args.cases]
    if args.list:
        for c in cases:
            what = f"incomplete ({', '.join(c['missing'])})" if c["missing"] else "complete"
            repro = "reproducer" if c.get("reproducer") else "no reproducer"
            print(f"{c['name']}: {what}, {repro}")
        return 0
    sys.path.insert(0, str(ROOT))
    fixture = _fixture()
    if args.check:
        sublevel = debian_sublevel(fixture)
        rows = []
        with tempfile.TemporaryDirectory(prefix="bench-syzbot-check-") as work:
            for case in cases:
                start = time.monotonic()
                row = check_case(case, fixture, sublevel, Path(work))
                row["seconds"] = round(time.monotonic() - start, 2)
                rows.append(row)
                print(json.dumps(row), flush=True)
        print(f"Debian's tree: 6.1.{sublevel}" + ("" if fixture else " (no fixture tree: options not derived)"))
        print(summary(rows))
        return 1 if any(r["problems"] for r in rows) else 0
    if fixture is None:
        from sandbox.kernel.fixture import demo_tree
        demo_tree()
        fixture = _fixture()
    with tempfile.TemporaryDirectory(prefix="bench-syzbot-") as work:
        for case in cases:
            print(json.dumps(run_case(case, fixture, Path(work), args.repro_dir, args.tools, args.keep)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
