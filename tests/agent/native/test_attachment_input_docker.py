"""Issue 39: a C issue whose command reads `./poc`, which only its attachment (a zip) holds. The App's
download (bot/github/attachments.py, against a local HTTP server standing for GitHub, the allow-list
injected) gives the run its input file; the run writes it into the sandbox's tree and the issue's
command crashes as reported. Without it the run ends not_reproduced with the missing-input line
naming the link and saying the run was not given it."""
from __future__ import annotations

import io
import threading
import zipfile
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from agent.pipeline import run_job
from agent.run import RunConfig
from bot.github.attachments import AllowList, fetch_inputs
from gitrepo import make_repo
from tini import HEADER, LIB, MAKEFILE, TOOL

pytestmark = pytest.mark.docker

# the reporter's tool says when its file is missing (as real tools do: `fopen` checked)
TOOL_CHECKED = TOOL.replace('    size_t len = fread(buf, 1, sizeof buf, f);\n',
                            '    if (!f) { perror(argv[1]); return 1; }\n    size_t len = fread(buf, 1, sizeof buf, f);\n')
REPORT = """```
=================================================================
==4242==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000013 at pc 0x5612 bp 0x7ffc sp 0x7ffc
READ of size 1 at 0x602000000013 thread T0
    #0 0x561234 in tini_value /home/me/tini/tini.c:10
    #1 0x561235 in main /home/me/tini/tinicat.c:13
    #2 0x7f0000 in __libc_start_main (/lib/x86_64-linux-gnu/libc.so.6+0x21b96)

0x602000000013 is located 0 bytes to the right of 3-byte region [0x602000000010,0x602000000013)
SUMMARY: AddressSanitizer: heap-buffer-overflow /home/me/tini/tini.c:10 in tini_value
```
"""


def _issue(link: str) -> str:
    return ("tinicat: heap-buffer-overflow in tini_value on the attached file\n\n"
            "Build with `make`, then run\n\n```\n$ ./tinicat ./poc\n```\n\n"
            f"The file: [poc.zip]({link})\n\n" + REPORT)


@pytest.fixture
def github(tmp_path):
    """A local HTTP server serving the attachment zip (the file `poc` has no '=': tini_value reads past it)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("poc", b"abc")
    body = buf.getvalue()

    class H(BaseHTTPRequestHandler):
        def do_GET(self):
            ok = self.path == "/user-attachments/files/9/poc.zip"
            self.send_response(200 if ok else 404)
            self.send_header("Content-Length", str(len(body) if ok else 0))
            self.end_headers()
            self.wfile.write(body if ok else b"")

        def log_message(self, *a):
            pass
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), H)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield httpd.server_address[1]
    httpd.shutdown()


def test_the_attached_poc_reaches_the_sandbox_and_the_crash_reproduces(c_image, github, tmp_path):
    repo = make_repo(tmp_path / "tini", {"tini.c": LIB, "tini.h": HEADER, "Makefile": MAKEFILE, "tinicat.c": TOOL_CHECKED})
    link = f"http://127.0.0.1:{github}/user-attachments/files/9/poc.zip"
    issue = _issue(link)

    def run(inputs, out):
        return run_job(RunConfig(repo=str(repo), report_text=issue, out=tmp_path / out, strategy="templates",
                                 sandbox="docker", image=c_image, tries=1, max_candidates=0, inputs=inputs))
    before = run((), "before")
    assert before.status == "not_reproduced", (before.status, before.error)
    assert before.error.startswith(f"the reproducer's input `./poc` is missing: the issue links it as an attachment "
                                   f"({link}), which this run was not given"), before.error

    inputs = fetch_inputs(issue, tmp_path / "downloads",
                          AllowList(github_hosts=(f"127.0.0.1:{github}",), content_hosts=(), storage_hosts=(),
                                    schemes=("http",)))
    assert sorted(i.name for i in inputs) == ["poc", "poc.zip"]
    after = run(inputs, "after")
    rep = after.reproduction
    assert rep is not None and rep.reproduced, (after.status, after.error, [(a.command, a.output_tail[-300:])
                                                                          for a in (rep.attempts if rep else [])])
    assert "./poc" in rep.command and rep.observed.guilty.function == "tini_value"
    assert any(n.startswith("input `poc` (" + link) and "written into the tree" in n for n in after.notes), after.notes
