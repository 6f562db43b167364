"""Writes eval/trust30/<case>/scripted-model.json for a few cases: a REPLAY written by us of what a capable model
does (reproduce, read the crashing code, note, conclude; edit a fix that does what the later release's
changelog and later.json record, check, submit),
through the research agent's real tools. Run from the repository root: python eval/tools/trust30_replays.py"""
import json
from pathlib import Path

NOTE = ("REPLAY written by crashfix's developers, not a model: the turns a capable model would take on this "
        "issue (read the code with the agent's tools, edit a fix that does what the later release records, check "
        "it; the fix is ours, in the maintainers' style, not copied from the later release). "
        "It stands in for a model so the judge can be measured on a model's patch offline; it fits only this case.")

def script(case, model, view, facts, cause, fix, path, old, new, summary):
    analysis = [
        {"content": "Reproduce the crash and read the code at the crashing line.",
         "tool_calls": [{"name": "reproduce", "arguments": {}},
                        {"name": "view", "arguments": {"path": path, "start": view[0], "end": view[1]}}]},
        {"content": "Recording what the code shows.",
         "tool_calls": [*({"name": "note", "arguments": {"fact": f, "source": s, "kind": "code"}} for f, s in facts),
                        {"name": "conclude", "arguments": {"root_cause": cause, "fix": fix}}]},
    ]
    synthesis = [
        {"content": "Make the fix.", "tool_calls": [{"name": "edit", "arguments": {"path": path, "old": o, "new": n}}
                                                    for o, n in (zip(old, new) if isinstance(old, list) else [(old, new)])]},
        {"content": "Check the crash and the tests.",
         "tool_calls": [{"name": "reproduce", "arguments": {}}, {"name": "run_tests", "arguments": {}}]},
        {"content": "Submit.", "tool_calls": [{"name": "submit", "arguments": {"summary": summary}}]},
    ]
    out = {"description": NOTE, "model": f"scripted-{model}", "analysis": analysis, "synthesis": synthesis}
    Path(f"eval/trust30/{case}/scripted-model.json").write_text(json.dumps(out, indent=1) + "\n")

script("funcy-join-bytes", "funcy",
       (63, 90),
       [("join() picks the result's type from the first collection; for str and bytes it always joins with the str ''",
         "funcy/colls.py:73-74")],
       "join() joins bytes with the str separator '', which str.join rejects",
       "join str and bytes with an empty separator of the first collection's own type (dest[:0])",
       "funcy/colls.py",
       "    if isinstance(dest, (bytes, str)):\n        return ''.join(colls)\n",
       "    if isinstance(dest, (bytes, str)):\n        return dest[:0].join(colls)\n",
       "join() joins bytes with b'' (an empty separator of the first collection's type) instead of the str ''")

script("hyperlink-child-no-segments", "hyperlink",
       (1075, 1101),
       [("child() concatenates self.path (a tuple) with the encoded new segments, a list when no segment is given",
         "hyperlink/_url.py:1096-1099")],
       "child() with no segments adds the empty list that _encode_path_parts returns to the path tuple",
       "return the URL itself when no segment is given (a child of nothing is the same URL)",
       "hyperlink/_url.py",
       "        segments = [_textcheck('path segment', s) for s in segments]\n",
       "        if not segments:  # shortcut for no-op\n            return self\n"
       "        segments = [_textcheck('path segment', s) for s in segments]\n",
       "URL.child() with no segments returns the same URL instead of adding a list to the path tuple")

script("wcwidth-wcswidth-n-too-long", "wcwidth",
       (96, 118),
       [("wcswidth loops while idx < end, and end is n when n is given, even when n exceeds len(pwcs)",
         "wcwidth/_wcswidth.py:101,114-115")],
       "an n larger than the string makes the loop index past the end of pwcs (in wcswidth and wcstwidth alike)",
       "measure at most the whole string: end = min(n, len(pwcs)), as POSIX wcswidth takes at most n characters",
       "wcwidth/_wcswidth.py",
       # the same line is in wcswidth and wcstwidth (the changelog names both): each edited, by its own context
       ["        return len(pwcs)\n\n    _wcwidth = wcwidth if ambiguous_width == 1 else lambda c: wcwidth(c, 'auto', ambiguous_width)\n\n    end = len(pwcs) if n is None else n\n",
        "    # Select wcwidth call pattern for best lru_cache performance\n    _wcwidth = wcwidth if ambiguous_width == 1 else lambda c: wcwidth(c, 'auto', ambiguous_width)\n\n    end = len(pwcs) if n is None else n\n"],
       ["        return len(pwcs)\n\n    _wcwidth = wcwidth if ambiguous_width == 1 else lambda c: wcwidth(c, 'auto', ambiguous_width)\n\n    end = len(pwcs) if n is None else min(n, len(pwcs))\n",
        "    # Select wcwidth call pattern for best lru_cache performance\n    _wcwidth = wcwidth if ambiguous_width == 1 else lambda c: wcwidth(c, 'auto', ambiguous_width)\n\n"
        "    end = len(pwcs) if n is None else min(n, len(pwcs))\n"],
       "wcswidth and wcstwidth measure at most the whole string when n exceeds its length")

script("markdown2-middle-word-em-none", "markdown2",
       (3107, 3120),
       [("MiddleWordEm.__init__ turns a bool option into a dict, but calls options.setdefault on None",
         "lib/markdown2.py:3116-3118"),
        ("_setup_extras passes the extra's value from the extras dict, None when the user gave None",
         "lib/markdown2.py:419")],
       "MiddleWordEm's options are None when the extra is enabled without options, and None has no setdefault",
       "treat None options as no options (an empty dict), as for the bool form",
       "lib/markdown2.py",
       "        if isinstance(options, bool):\n            options = {'allowed': options}\n        options.setdefault('allowed', True)\n",
       "        if options is None:\n            options = {}\n        elif isinstance(options, bool):\n"
       "            options = {'allowed': options}\n        options.setdefault('allowed', True)\n",
       "MiddleWordEm accepts options=None (no options), defaulting to allowed=True")

script("packaging-version-not-a-string", "packaging",
       (404, 425),
       [("Version.__init__ documents `:raises InvalidVersion:` for a version that does not conform to PEP 440",
         "src/packaging/version.py:410-412"),
        ("it iterates the version (issuperset) before checking it is a string", "src/packaging/version.py:414")],
       "Version() iterates a non-string version, which raises TypeError instead of the documented InvalidVersion",
       "raise InvalidVersion for a version that is not a string, before parsing it",
       "src/packaging/version.py",
       "        if _SIMPLE_VERSION_INDICATORS.issuperset(version):\n",
       "        if not isinstance(version, str):\n            raise InvalidVersion(f\"Invalid version: {version!r}\")\n"
       "        if _SIMPLE_VERSION_INDICATORS.issuperset(version):\n",
       "Version() raises InvalidVersion for a non-string version instead of a TypeError")

script("texttable-add-rows-iterator", "texttable",
       (389, 408),
       [("add_rows' docstring says rows can be an iterator returning arrays", "texttable.py:392-393"),
        ("it detects an iterator by a `next` attribute (Python 2's protocol); a Python 3 iterator has __next__, "
         "so it falls to rows[0]", "texttable.py:401-404")],
       "add_rows tests for Python 2's iterator protocol (rows.next), so a Python 3 iterator is indexed",
       "detect and consume Python 3 iterators with __next__ / next(rows)",
       "texttable.py",
       "            if hasattr(rows, '__iter__') and hasattr(rows, 'next'):\n                self.header(rows.next())\n",
       "            if hasattr(rows, '__iter__') and hasattr(rows, '__next__'):\n                self.header(next(rows))\n",
       "add_rows consumes Python 3 iterators (__next__) when reading the header row")

script("pathspec-add-tuple-and-list", "pathspec",
       (113, 145),
       [("__add__ concatenates self.patterns and other.patterns, which may be a tuple and a list",
         "pathspec/pathspec.py:119"),
        ("__iadd__ does the same with +=", "pathspec/pathspec.py:140")],
       "PathSpec keeps its patterns as given (a tuple or a list), and + between a tuple and a list raises TypeError",
       "combine the patterns into a new list whatever sequence type each side holds, in __add__ and __iadd__",
       "pathspec/pathspec.py",
       "\t\t\treturn self.__class__(self.patterns + other.patterns, backend=self._backend_name)\n",
       "\t\t\treturn self.__class__([*self.patterns, *other.patterns], backend=self._backend_name)\n",
       "PathSpec + PathSpec combines patterns held as a tuple and a list")
