"""The issue text, condensed for the prompts: noise out, the user's words and the traceback in."""
from agent.research.condense import condense_issue

ISSUE = """When I call `flatten` on a deep list it blows up. I expected it to just work.

============================= test session starts ==============================
platform linux -- Python 3.12.1, pytest-8.0.0, pluggy-1.4.0
rootdir: /home/me/proj
plugins: cov-4.1.0
collected 1 item

tests/test_flat.py F                                                     [100%]

=================================== FAILURES ===================================
_________________________________ test_deep __________________________________
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _
Traceback (most recent call last):
  File "app.py", line 9, in main
    flatten(data)
""" + """  File "app.py", line 4, in flatten
    return flatten(x[0])
""" * 40 + """RecursionError: maximum recursion depth exceeded
warning: slow
warning: slow
warning: slow
warning: slow
Thanks!
"""


def test_banners_separators_and_repeats_go_the_words_and_traceback_stay():
    out = condense_issue(ISSUE)
    assert "I expected it to just work." in out and "Thanks!" in out
    assert "Traceback (most recent call last):" in out and "RecursionError: maximum recursion depth" in out
    assert 'File "app.py", line 9, in main' in out and out.count('File "app.py", line 4, in flatten') == 1
    assert "[the frame above repeated 39 more times]" in out
    assert "platform linux" not in out and "rootdir" not in out and "test session starts" not in out
    assert "_ _ _" not in out and "____" not in out and "collected 1 item" not in out and "FAILURES" not in out
    assert "--- test_deep" in out                                 # the failing test's name is kept
    assert out.count("warning: slow") == 1 and "[the line above repeated 3 more times]" in out
    assert len(out) < len(ISSUE) // 3
