"""A traceback whose line breaks were lost: pasted into a quoted paragraph, copied from a rendered page
(the shape of a real pytube report: one line, `__init__` shown bold as `**init**`, cut mid-frame)."""
from agent.reports import parse_issue
from agent.reports.python import unflatten

FLAT = ('[BUG] pytube.exceptions.RegexMatchError: get_throttling_function_name: could not find match\n\n'
        '> **Response:** Traceback (most recent call last): File "C:\\py\\site-packages\\pytube\\extract.py", '
        'line 409, in apply_signature cipher = Cipher(js=js) File "C:\\py\\site-packages\\pytube\\cipher.py", line 43, '
        'in **init** self.throttling_plan = get_throttling_plan(js) File "C:\\py\\site-packages\\pytube\\cipher.py", '
        'line 311, in get_throttling_function_code name =\n')


def test_a_flattened_cut_traceback_gives_its_frames_and_the_titles_exception():
    rep = parse_issue(FLAT, "pytube/pytube")
    assert [f.function for f in rep.frames] == ["get_throttling_function_code", "__init__", "apply_signature"]
    assert rep.type.endswith("RegexMatchError") and rep.guilty.function == "get_throttling_function_code"
    assert rep.frames[1].code == "self.throttling_plan = get_throttling_plan(js)"


def test_text_with_its_line_breaks_is_left_alone():
    text = 'Traceback (most recent call last):\n  File "a.py", line 1, in <module>\n    f()\n  File "a.py", line 2, in f\nKeyError: 1'
    assert unflatten(text) == text
