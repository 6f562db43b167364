"""`crashfix backlog --issues DIR`: the App's backlog scan over a folder of issue files, no GitHub: the
same grouping, ranking and summary issue as the installed backlog (bot/backlog/)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.backlog.summary import MARKER
from bot.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "inventory"

# the duplicate of examples/inventory/report.txt (#1): another user, another path, the same crash
DUPLICATE = {
    "number": 7, "state": "open", "title": "AttributeError: 'NoneType' object has no attribute 'quantity'",
    "user": {"login": "bob", "type": "User"}, "labels": [{"name": "bug"}],
    "html_url": "https://github.com/acme/stockroom/issues/7",
    "body": "Happens every time an order lists an unknown SKU.\n\n```\nTraceback (most recent call last):\n"
            '  File "/home/bob/.venv/lib/python3.12/site-packages/stockroom/cli.py", line 26, in main\n'
            "    shipment = fulfil(inventory, lines)\n"
            '  File "/home/bob/.venv/lib/python3.12/site-packages/stockroom/orders.py", line 22, in fulfil\n'
            "    available = min(wanted, item.quantity)\n"
            "AttributeError: 'NoneType' object has no attribute 'quantity'\n```\n"}
OTHER_CRASH = """# `take` of an unknown SKU crashes with a TypeError instead of saying it is unknown

```python
from stockroom.store import Inventory
Inventory().take("ZZ-1", 2)
```

```
Traceback (most recent call last):
  File "<stdin>", line 2, in <module>
  File "/srv/stockroom/src/stockroom/store.py", line 35, in take
    if quantity > item.quantity:
                  ^^^^^^^^^^^^^
AttributeError: 'NoneType' object has no attribute 'quantity'
```
"""
FEATURE = """# Export the reorder list as CSV

It would help our purchasing team if `stockroom reorder` could write a CSV file (sku, name, quantity)
instead of printing the list. No crash, just a feature request.
"""
PULL = {"number": 9, "title": "Add CSV export", "body": "Closes #3", "state": "open", "pull_request": {"url": "x"},
        "user": {"login": "carol"}}


@pytest.fixture
def issues(tmp_path) -> Path:
    folder = tmp_path / "issues"
    folder.mkdir()
    (folder / "1.md").write_text((EXAMPLE / "report.txt").read_text())
    (folder / "github-7.json").write_text(json.dumps(DUPLICATE))
    (folder / "issue-3.md").write_text(FEATURE)
    (folder / "pulls.json").write_text(json.dumps([PULL]))          # a PR in a list: left out, as GitHub's are
    (folder / "take.md").write_text(OTHER_CRASH)                      # no number in the name: the next free one (10)
    (folder / "notes.csv").write_text("not an issue")
    return folder


def test_a_folder_is_ranked_and_summarised_as_the_backlog_does(issues, capsys):
    code = main(["backlog", "--issues", str(issues), "--checkout", str(EXAMPLE / "repo")])
    out = capsys.readouterr()
    assert code == 0, out.err
    text = out.out
    assert "3 of 4 open issues hold a crash report, 2 distinct" in text          # #3 is no crash, #9 a PR
    ranked = re.findall(r"^\s*\d+\. #(\d+)\s+score", text, re.M)
    assert sorted(ranked) == ["1", "10"]
    assert re.search(r"same crash: #7$", text, re.M)                           # the pair, grouped
    assert "the summary issue the App would open" in text and MARKER in text
    assert "summary issue: #" not in text                                       # none was opened anywhere
    summary = text.split("the summary issue the App would open:", 1)[1]
    assert re.search(r"^\d+\. #1: .*score \d+ of \d+", summary, re.M)
    assert "the same crash is reported in #7" in summary
    assert "#3" not in summary and "#9" not in summary
    assert "looks fixable because" in summary


def test_json_output_and_the_checkout_changes_the_ranking(issues, capsys):
    assert main(["backlog", "--issues", str(issues), "--json"]) == 0
    bare = json.loads(capsys.readouterr().out)
    assert main(["backlog", "--issues", str(issues), "--json", "--checkout", str(EXAMPLE / "repo")]) == 0
    located = json.loads(capsys.readouterr().out)
    assert bare["result"]["crashes"] == located["result"]["crashes"] == 3
    score = lambda r, n: next(i["score"] for i in r["result"]["ranked"] if i["issue"] == n)
    assert score(located, 1) > score(bare, 1)            # the frames found in the repository's files count
    assert located["summary"].startswith(MARKER)


def test_bad_folders_exit_2_with_one_line(tmp_path, capsys):
    assert main(["backlog", "--issues", str(tmp_path / "none")]) == 2
    assert "no such folder" in capsys.readouterr().err
    (tmp_path / "empty").mkdir()
    assert main(["backlog", "--issues", str(tmp_path / "empty")]) == 2
    assert "holds no issue file" in capsys.readouterr().err
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "5.md").write_text("# a\n")
    (bad / "x.json").write_text(json.dumps({"number": 5, "title": "b", "body": ""}))
    assert main(["backlog", "--issues", str(bad)]) == 2
    assert "#5" in capsys.readouterr().err
    assert main(["backlog", "--issues", str(bad), "acme/widgets"]) == 2
    assert main(["backlog"]) == 2
