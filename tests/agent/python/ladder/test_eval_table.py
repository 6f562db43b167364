"""`crashfix eval` says which rung reproduced each case, and the rate per rung."""
from __future__ import annotations

from agent.evaluate import CaseResult, table


def test_the_table_names_the_rung_of_each_case_and_counts_them():
    results = [CaseResult("snippet", "fixed", "fixed", 3.0, 2, "fix", None, 1, "issue code block"),
               CaseResult("call", "not_fixed", "not_fixed", 5.0, 9, None, "none", 3, "call site: f(...)"),
               CaseResult("foreign", "not_reproduced", "not_reproduced", 1.0, 0, None, "did not reproduce")]
    text = table(results)
    rows = {line.split()[0]: line.split() for line in text.splitlines()[1:4]}
    assert rows["snippet"][-1] == "1" and rows["call"][-1] == "3" and rows["foreign"][-1] == "-"
    assert "reproduced by rung: 1: 1/3, 3: 1/3; not reproduced: 1/3" in text
