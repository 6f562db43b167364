"""The issue's attachments, downloaded by the App on the host (bot/github/attachments.py), against a
local HTTP server the test starts: the allow-list is the constructor's (this server's host stands for
github.com and for GitHub's storage), nothing reaches the internet."""
from __future__ import annotations

import io
import tarfile
import threading
import time
import zipfile
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from bot.github.attachments import MIB, AllowList, AttachmentLimits, Attachments, fetch_inputs

POC = b"\x00\xffcrash\x01"


def _zip(members: dict[str, bytes], *, link: str | None = None) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members.items():
            z.writestr(name, data)
        if link:
            info = zipfile.ZipInfo(link)
            info.external_attr = (0o120777 << 16)
            z.writestr(info, "/etc/passwd")
    return buf.getvalue()


def _tar_with_link() -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as t:
        info = tarfile.TarInfo("poc")
        info.type, info.linkname = tarfile.SYMTYPE, "/etc/passwd"
        t.addfile(info)
    return buf.getvalue()


class Server:
    """Serves `routes` (path -> (status, headers, body)) and records every request's headers."""

    def __init__(self, routes: dict):
        self.routes, self.seen = routes, []
        outer = self

        class H(BaseHTTPRequestHandler):
            def do_GET(self):
                outer.seen.append((self.path, dict(self.headers)))
                status, headers, body = outer.routes.get(self.path, (404, {}, b"no"))
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                pieces = body if isinstance(body, list) else [body]
                self.send_header("Content-Length", str(sum(len(p) for p in pieces)))
                self.end_headers()
                try:
                    for piece in pieces:
                        self.wfile.write(piece)
                        self.wfile.flush()
                        if len(pieces) > 1:
                            time.sleep(0.25)
                except (BrokenPipeError, ConnectionResetError):
                    pass                    # the client stopped reading (the timeout's test)

            def log_message(self, *a):
                pass
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), H)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def url(self, path: str, host: str = "127.0.0.1") -> str:
        return f"http://{host}:{self.port}{path}"


@pytest.fixture
def server():
    s = Server({})
    yield s
    s.httpd.shutdown()


def allow(server: Server) -> AllowList:
    """127.0.0.1 stands for github.com (attachment shapes only), localhost for GitHub's storage."""
    return AllowList(github_hosts=(f"127.0.0.1:{server.port}",), content_hosts=(),
                     storage_hosts=(f"localhost:{server.port}",), schemes=("http",))


def test_a_zip_attachment_is_downloaded_and_unpacked(server, tmp_path):
    server.routes["/user-attachments/files/1/poc.zip"] = (200, {}, _zip({"poc": POC}))
    text = f"Run `./fribidi --test ./poc` with [poc.zip]({server.url('/user-attachments/files/1/poc.zip')})"
    got = fetch_inputs(text, tmp_path / "in", allow(server))
    by_name = {i.name: i for i in got}
    assert set(by_name) == {"poc.zip", "poc"}
    assert by_name["poc"].path.read_bytes() == POC and by_name["poc"].problem is None
    assert by_name["poc"].source == server.url("/user-attachments/files/1/poc.zip")


def test_a_plain_file_through_a_redirect_to_storage_carries_no_token(server, tmp_path):
    server.routes["/o/r/files/7/poc.j2k"] = (302, {"Location": server.url("/store/abc", "localhost")}, b"")
    server.routes["/store/abc"] = (200, {}, POC)
    got = fetch_inputs(f"see {server.url('/o/r/files/7/poc.j2k')}.", tmp_path / "in", allow(server))
    assert [(i.name, i.path.read_bytes()) for i in got] == [("poc.j2k", POC)]
    assert [p for p, _ in server.seen] == ["/o/r/files/7/poc.j2k", "/store/abc"]
    assert not any(k.lower() in ("authorization", "cookie") for _, h in server.seen for k in h)


def test_a_redirect_to_another_host_is_refused_naming_it(server, tmp_path):
    server.routes["/user-attachments/files/2/poc"] = (302, {"Location": "http://evil.example:81/x"}, b"")
    [got] = fetch_inputs(server.url("/user-attachments/files/2/poc"), tmp_path / "in", allow(server))
    assert got.path is None and got.name == "poc"
    assert got.problem == "was refused: it redirects to http://evil.example:81, not one of GitHub's storage hosts"
    assert [p for p, _ in server.seen] == ["/user-attachments/files/2/poc"]      # nothing else was asked


def test_a_zip_bomb_is_refused_with_a_line(server, tmp_path):
    bomb = _zip({"poc": b"\0" * (3 * MIB)})
    assert len(bomb) < 64 * 1024
    server.routes["/user-attachments/files/3/poc.zip"] = (200, {}, bomb)
    [got] = fetch_inputs(server.url("/user-attachments/files/3/poc.zip"), tmp_path / "in", allow(server),
                         AttachmentLimits(max_file=MIB, max_total=2 * MIB))
    assert got.path is None and "unpacks to more than 1 MiB" in got.problem and "bomb" in got.problem
    assert not list((tmp_path / "in").rglob("*poc"))          # nothing of it was written


def test_too_large_says_both_sizes(server, tmp_path):
    server.routes["/user-attachments/files/4/big.bin"] = (200, {}, b"x" * (3 * MIB))
    [got] = fetch_inputs(server.url("/user-attachments/files/4/big.bin"), tmp_path / "in", allow(server),
                         AttachmentLimits(max_file=2 * MIB))
    assert got.problem == "could not be downloaded: too large (3 MiB > 2 MiB)"


def test_unsafe_members_and_failed_downloads_are_refused(server, tmp_path):
    server.routes["/user-attachments/files/5/a.zip"] = (200, {}, _zip({"../../etc/x": POC}))
    server.routes["/user-attachments/files/6/b.zip"] = (200, {}, _zip({}, link="poc"))
    server.routes["/user-attachments/files/7/c.tgz"] = (200, {}, _tar_with_link())
    server.routes["/user-attachments/files/8/d.zip"] = (200, {}, _zip({"/abs/poc": POC}))
    links = [server.url(f"/user-attachments/files/{n}") for n in ("5/a.zip", "6/b.zip", "7/c.tgz", "8/d.zip", "9/gone")]
    got = fetch_inputs("\n".join(links), tmp_path / "in", allow(server))
    problems = {i.source.rsplit("/", 1)[-1]: i.problem for i in got}
    assert all(i.path is None for i in got)
    assert "not a path inside the tree" in problems["a.zip"]
    assert "is a link or a device" in problems["b.zip"] and "is a link or a device" in problems["c.tgz"]
    assert "not a path inside the tree" in problems["d.zip"]
    assert problems["gone"] == "could not be downloaded: HTTP 404 Not Found"


def test_only_attachment_shapes_on_allowed_hosts_and_only_so_many(server, tmp_path):
    a = Attachments(tmp_path, allow(server), AttachmentLimits(max_links=1))
    text = (f"{server.url('/o/r/issues/3')} {server.url('/user-attachments/files/1/poc', 'localhost')} "
            f"https://example.com/user-attachments/files/1/poc {server.url('/user-attachments/files/1/p1')} "
            f"{server.url('/user-attachments/files/2/p2')}")
    assert a.links(text) == [server.url("/user-attachments/files/1/p1"), server.url("/user-attachments/files/2/p2")]
    server.routes["/user-attachments/files/1/p1"] = (200, {}, POC)
    got = a.fetch_all(text)
    assert got[0].name == "p1" and got[0].path is not None
    assert got[1].path is None and "more than 1 attachment links" in got[1].problem
    # the defaults: https only, GitHub's hosts
    d = Attachments(tmp_path)
    assert d.is_attachment("https://github.com/user-attachments/files/17001234/poc.zip")
    assert d.is_attachment("https://github.com/fribidi/fribidi/files/123/poc.zip")
    assert d.is_attachment("https://github.com/user-attachments/assets/0b3c6f6e-4a57-4f1e-9d0e-0123456789ab")
    assert not d.is_attachment("http://github.com/user-attachments/files/1/poc.zip")
    assert not d.is_attachment("https://github.com/fribidi/fribidi/blob/main/poc")
    assert not d.is_attachment("https://github.com.evil.example/user-attachments/files/1/poc")
    assert not d.is_attachment("https://user:pw@github.com/user-attachments/files/1/poc")


def test_a_slow_download_stops_at_the_timeout_and_odd_names_are_made_plain(server, tmp_path):
    server.routes["/user-attachments/files/1/slow"] = (200, {}, [b"x" * 100] * 8)       # 2 s in all
    server.routes["/user-attachments/files/2/my%20poc%5B1%5D.bin"] = (200, {}, POC)
    text = f"{server.url('/user-attachments/files/1/slow')} {server.url('/user-attachments/files/2/my%20poc%5B1%5D.bin')}"
    slow, odd = fetch_inputs(text, tmp_path / "in", allow(server), AttachmentLimits(timeout=1.0))
    assert slow.path is None and slow.problem == "could not be downloaded: it took more than 1 s"
    assert odd.name == "my_poc_1_.bin" and odd.path.read_bytes() == POC
