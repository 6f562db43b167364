"""Build eval/issues/: real PyPI sdists at a version with a crash fixed later, and the issue a user
would file: prose, a traceback from their own script (a path outside the repo), sometimes a snippet
or a command. The traceback is captured by really running the user's code against the old version.

    python eval/tools/build_issues.py SDIST_DIR      # SDIST_DIR holds the unpacked sdists
(`pip download --no-binary :all: --no-deps sqlparse==0.2.3 parse==1.8.4`, then untar them)
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from agent.evaluate import OVERLAY, case_repo  # noqa: E402
OUT = ROOT / "eval" / "issues"
HOME = Path("/tmp/home")

SQLPARSE = {"sdist": "sqlparse-0.2.3", "keep": ["sqlparse", "setup.py", "setup.cfg", "LICENSE",
                                                  "tests/__init__.py", "tests/conftest.py", "tests/test_format.py",
                                                  "tests/test_split.py", "tests/files"],
            "source": "sqlparse 0.2.3 (PyPI sdist); its 0.2.4 CHANGELOG: 'Fix handling of semicolon in "
                      "assignments (issue359, issue358)'",
            "fix": ("sqlparse/engine/grouping.py", "    def valid(token):\n        return token is not None\n\n"
                    "    def post(tlist, pidx, tidx, nidx):\n        m_semicolon",
                    "    def valid(token):\n        return token is not None and token.ttype not in (T.Keyword)\n\n"
                    "    def post(tlist, pidx, tidx, nidx):\n        m_semicolon")}
PARSE = {"sdist": "parse-1.8.4", "keep": ["parse.py", "test_parse.py", "setup.py", "setup.cfg"],
         "source": "parse 1.8.4 (PyPI sdist); its 1.13.0 changelog: 'Handle comparison of FixedTzOffset with "
                   "other types of object'",
         "fix": ("parse.py", "    def __eq__(self, other):\n        return self._name",
                 "    def __eq__(self, other):\n        if not isinstance(other, FixedTzOffset):\n"
                 "            return False\n        return self._name")}
# parse 1.8.4 again, another crash: numbered fields with a type ("{0:d}"); upstream's 1.19.0 fix splits
# the field before telling names from numbers
PARSE_NUMBERED = {**PARSE, "source": "parse 1.8.4 (PyPI sdist); its 1.19.0 changelog: 'Fix issue with using "
                                       "digit field numbering and types'",
                  "fix": ("parse.py",
                          "        format = ''\n        if field and field[0].isalpha():\n            if ':' in field:\n"
                          "                name, format = field.split(':')\n            else:\n"
                          "                name = field\n            if name in",
                          "        format = ''\n\n        if ':' in field:\n            name, format = field.split(':')\n"
                          "        else:\n            name = field\n\n        if name and name[0].isalpha():\n"
                          "            if name in"),
                  "fix2": ("parse.py", "            wrap = '(%s)'\n            if ':' in field:\n"
                                       "                format = field[1:]\n            group",
                           "            wrap = '(%s)'\n            group")}
# the same crash as a CI failure: parse 1.8.4 plus upstream's test of the fix (1.19.0's TestPattern.test_numbered,
# its float pattern as 1.8.4 writes it), which a contributor's CI run reports by its node id; the case keeps
# the added test as its overlay.diff (crashfix eval applies it to a copy of the shared repo)
NUMBERED_TEST = ("    def test_numbered(self):\n        self._test_expression('{0}', '(.+?)')\n"
                 "        self._test_expression('{0} {1}', '(.+?) (.+?)')\n"
                 "        self._test_expression('{0:f} {1:f}', r'([-+ ]?\\d+\\.\\d+) ([-+ ]?\\d+\\.\\d+)')\n\n")
PARSE_CI = {**PARSE_NUMBERED, "add": ("test_parse.py", "    def test_named_typed(self):", NUMBERED_TEST)}
SQL = "SELECT @min_price:=MIN(price), @max_price:=MAX(price) FROM shop;"

CASES = {
    "sqlparse-assignment-snippet": dict(
        project=SQLPARSE, user="dana", where="etl", kind="IndexError", rung=1, expect="not_fixed",
        script=f"import sqlparse\n\nquery = {SQL!r}\nstatements = sqlparse.parse(query)\nprint(statements)\n",
        issue="Parsing a MySQL statement with two `:=` assignments crashes with IndexError "
              "(sqlparse 0.2.3, Python 3.11).\n\n```python\n{script}```\n\nOutput:\n\n```\n{tb}```\n"),
    "sqlparse-assignment-command": dict(
        project=SQLPARSE, user="omar", where="reports", kind="IndexError", rung=1, expect="not_fixed",
        command=f'echo "{SQL}" | sqlformat --strip-comments -',
        issue="`sqlformat` dies on this query:\n\n```console\n$ {command}\n{tb}```\n\n"
              "Same with a file instead of stdin."),
    "sqlparse-assignment-traceback-only": dict(
        project=SQLPARSE, user="lee", where="lint", kind="IndexError", rung=3, expect="not_fixed",
        script=f"import sqlparse\n\n\ndef tidy(sql):\n    return sql.strip()\n\n\n"
               f"print(sqlparse.format({SQL!r}, strip_comments=True))\n",
        issue="Our SQL linter crashes inside sqlparse on a statement with variable assignments:\n\n"
              "```\n{tb}```\n"),
    "parse-tz-compare-console": dict(
        project=PARSE, user="kim", where="logs", kind="AttributeError-None", rung=1, expect="fixed",
        console=(">>> import parse\n>>> r = parse.parse('{:ti}', '2019-01-01T10:00:00+01:00')\n"
                 ">>> r[0].tzinfo == None\n"),
        issue="Comparing a parsed timezone with None raises instead of returning False:\n\n"
              "```pycon\n{console}{tb}```\n"),
    "parse-numbered-field-search": dict(
        project=PARSE_NUMBERED, user="ravi", where="backup", kind="ValueError", rung=4, expect="not_fixed",
        script="import parse\n\nTEMPLATES = {'copied': 'copied {0:d} files in {1:d} s'}\n\n\n"
               "def read(kind, line):\n    return parse.parse(TEMPLATES[kind], line)\n\n\n"
               "for line in ['copied 12 files in 3 s']:\n    print(read('copied', line))\n",
        issue="Our backup report parses its log with templates from a config file; since we numbered the "
              "fields (`copied {{0:d}} files in {{1:d}} s`) it dies:\n\n```\n{tb}```\n"),
    "parse-numbered-field-named-test": dict(
        project=PARSE_CI, user="jo", where="src", kind="ValueError", rung=2, expect="not_fixed",
        pytest="test_parse.py::TestPattern::test_numbered",
        issue="Numbered fields with a type do not compile. I added upstream's pattern test for them and CI "
              "fails:\n\n```\n$ python -m pytest -q\n{tb}```\n"),
    "sqlparse-foreign-traceback-not-reproduced": dict(
        project=SQLPARSE, user="ana", where="app", kind="KeyError", rung=None, expect="not_reproduced",
        script="import sqlparse\n\nSETTINGS = {'dialect': 'mysql'}\n\n\ndef load(name):\n"
               "    return SETTINGS[name]\n\n\nprint(sqlparse.format('select 1', keyword_case=load('case')))\n",
        issue="sqlparse crashes when I format with my settings:\n\n```\n{tb}```\n"),
}


def build(name: str, spec: dict, sdists: Path) -> None:
    project = spec["project"]
    case = OUT / name
    shutil.rmtree(case, ignore_errors=True)
    case.mkdir(parents=True)
    repo = OUT / "vendor" / project["sdist"]          # one copy per sdist, shared by its cases
    if not repo.exists():
        for part in project["keep"]:
            src = sdists / project["sdist"] / part
            dst = repo / part
            dst.parent.mkdir(parents=True, exist_ok=True)
            (shutil.copytree if src.is_dir() else shutil.copy2)(src, dst)
        for junk in repo.rglob("__pycache__"):
            shutil.rmtree(junk, ignore_errors=True)
    meta = {"repo": f"../vendor/{project['sdist']}"}
    if "add" in project:                               # a test added before an anchor line: the case's overlay
        path, anchor, text = project["add"]
        old = (repo / path).read_text()
        (case / OVERLAY).write_text(_diff(path, old, old.replace(anchor, text + anchor, 1)))
    tb = _user_run(spec, case_repo(case, meta, HOME / "case-repo"))
    fields = {k: spec.get(k, "") for k in ("script", "command", "console")}
    (case / "report.txt").write_text(spec["issue"].format(tb=tb, **fields))
    path, old, new = project["fix"]
    text = fixed = (repo / path).read_text()
    for _, old, new in [project["fix"]] + ([project["fix2"]] if "fix2" in project else []):
        assert old in fixed, (name, path)
        fixed = fixed.replace(old, new, 1)
    (case / "fix.diff").write_text(_diff(path, text, fixed))
    meta |= {"test_cmd": "python -m pytest -q", "kind": spec["kind"], "expect": spec["expect"],
             "rung": spec["rung"], "source": project["source"],
             "bug": "the report's traceback is from the user's own code" if spec["rung"] is None else
             f"crash fixed upstream in {path}", "fix_class": "none"}
    if spec.get("pytest"):
        meta["named_test"] = spec["pytest"]
    (case / "case.json").write_text(json.dumps(meta, indent=2) + "\n")


def _user_run(spec: dict, repo: Path) -> str:
    """Run the user's code against a copy of the repo under /tmp/home/<user>/ and return the traceback."""
    home = HOME / spec["user"]
    checkout = home / "venv-lib" / "site-packages"
    shutil.rmtree(home, ignore_errors=True)
    shutil.copytree(repo, checkout)
    if spec.get("pytest"):                             # the user's own checkout runs the suite
        work = home / spec["where"] / "parse"
        shutil.copytree(repo, work)
        out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=work,
                             capture_output=True, text=True).stdout
        assert spec["pytest"] in out, out
        return out
    work = home / spec["where"]
    work.mkdir(parents=True)
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    if spec.get("console"):
        code = "\n".join(ln[4:] for ln in spec["console"].splitlines() if ln.startswith(">>> "))
        cmd = [sys.executable, "-c", "import code, sys\ncode.interact(banner='', exitmsg='')"]
        out = subprocess.run(cmd, input=code + "\n", cwd=work, env=env, capture_output=True, text=True).stderr
        return out[out.index("Traceback"):].replace(">>> ", "").replace("... ", "").rstrip() + "\n"
    if spec.get("command"):
        sql = spec["command"].split('"')[1]
        cmd = [sys.executable, "-c", "import sys; from sqlparse.__main__ import main; sys.argv = ['sqlformat', "
               "'--strip-comments', '-']; sys.exit(main())"]
        out = subprocess.run(cmd, input=sql + "\n", cwd=work, env=env, capture_output=True, text=True).stderr
        return out.replace('File "<string>"', f'File "{home}/.local/bin/sqlformat"')
    script = work / "check.py"
    script.write_text(spec["script"])
    out = subprocess.run([sys.executable, str(script)], cwd=work, env=env, capture_output=True, text=True).stderr
    assert "Traceback" in out, out
    return out


def _diff(path: str, old: str, new: str) -> str:
    import difflib
    lines = difflib.unified_diff(old.splitlines(True), new.splitlines(True), f"a/{path}", f"b/{path}")
    return f"diff --git a/{path} b/{path}\n" + "".join(lines)


def main(argv: list[str]) -> int:
    sdists = Path(argv[0])
    for name, spec in CASES.items():
        if len(argv) > 1 and name not in argv[1:]:
            continue
        build(name, spec, sdists)
        print("built", name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
