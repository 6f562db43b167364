"""A logger that indents its `Traceback (most recent call last):` line deeper than the frames that
follow (the shape of a real report: `    TRACEBACK:` then the head at four spaces, `File` at two)."""
from agent.reports import parse_issue

LOG = '''Error fetching media: KeyError: 'streamingData'

```
2023-04-28 11:53:26,844 - app.process - ERROR - <class 'KeyError'> : 'streamingData'
    TRACEBACK:
    Traceback (most recent call last):
  File "/usr/src/app/app/process_resource.py", line 13, in process_resource
    return input_item.call_resource_processor()
  File "/usr/src/app/app/input_items/input_item_youtube.py", line 13, in download
    .streams \\
     ^^^^^^^
  File "/usr/local/lib/python3.11/site-packages/pytube/__main__.py", line 296, in streams
    return StreamQuery(self.fmt_streams)
'''


def test_a_head_indented_alone_keeps_every_frame_whole_or_cut():
    for text in (LOG + "KeyError: 'streamingData'\n```\n", LOG + "```\n"):
        rep = parse_issue(text, "someone/speech_processor")
        assert [f.function for f in rep.frames] == ["streams", "download", "process_resource"]
        assert rep.type == "KeyError"
        assert rep.guilty.function == "download"        # the service's code, pytube only raised


def test_a_traceback_indented_as_a_whole_is_still_read():
    text = "crash\n\n" + "\n".join("    " + ln for ln in (
        "Traceback (most recent call last):",
        '  File "/app/x.py", line 3, in <module>',
        "    f()",
        '  File "/app/x.py", line 2, in f',
        "    return {}['k']",
        "KeyError: 'k'"))
    rep = parse_issue(text)
    assert [f.function for f in rep.frames] == ["f", "<module>"] and rep.type == "KeyError"
