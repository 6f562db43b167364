"""The issue's attachments, downloaded by the App on the host (never in a sandbox: the sandbox has no
network), for the run's input files (agent/inputs.py InputFile).

Only links of GitHub's attachment shapes on GitHub's hosts are fetched (`AllowList`):
`https://github.com/user-attachments/files/<id>/<name>`, `https://github.com/<owner>/<repo>/files/<id>/<name>`,
`…/user-attachments/assets/<uuid>`, `…/<owner>/<repo>/assets/<id>/<uuid>`, and the image hosts
(user-images.githubusercontent.com, private-user-images.githubusercontent.com). Redirects are followed
only to GitHub's storage hosts; no token and no cookie is ever sent (a public issue's attachments need
none). Each download has a timeout and a size cap, all together a total cap, at most `max_links` links.
Archives (.zip, .tar, .tar.gz, .tgz, .tar.xz, .gz, .xz) are unpacked in memory-bounded steps: no
absolute path, no `..`, no link or device, at most `max_members` members, the unpacked bytes under the
same caps (a zip bomb is refused, with a line saying so). Nothing downloaded is run here.
"""
from __future__ import annotations

import fnmatch
import gzip
import io
import lzma
import posixpath
import re
import shutil
import tarfile
import time
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from dataclasses import dataclass
from pathlib import Path

from agent.inputs import InputFile, bad_name

MIB = 1 << 20
GITHUB_PATH = re.compile(r"^/(?:user-attachments|[\w.-]+/[\w.-]+)/(?:files/\d+/[^/?#]+|assets/(?:\d+/)?[0-9a-fA-F-]{36})$")
URL = re.compile(r"https?://[^\s)\]>\"'<`]+")
ARCHIVES = (".tar.gz", ".tgz", ".tar.xz", ".txz", ".tar", ".zip", ".gz", ".xz")
CHUNK = 1 << 16


@dataclass(frozen=True)
class AllowList:
    """Where links may point and redirects may go (host or host:port, fnmatch patterns)."""
    # links of GitHub's attachment path shapes (GITHUB_PATH)
    github_hosts: tuple[str, ...] = ("github.com",)
    # links of any path (issue images)
    content_hosts: tuple[str, ...] = ("user-images.githubusercontent.com", "private-user-images.githubusercontent.com")
    # where a link's redirects may lead (never back to a link host with another shape)
    storage_hosts: tuple[str, ...] = ("objects.githubusercontent.com", "github-production-user-asset-*.s3.amazonaws.com",
                                      "github-production-repository-file-*.s3.amazonaws.com",
                                      "user-images.githubusercontent.com", "private-user-images.githubusercontent.com")
    schemes: tuple[str, ...] = ("https",)


@dataclass(frozen=True)
class AttachmentLimits:
    max_links: int = 5
    max_file: int = 10 * MIB          # one download, and one unpacked member
    max_total: int = 25 * MIB         # everything downloaded and unpacked for one run
    max_members: int = 64             # an archive's members
    timeout: float = 30.0             # per link: connect, each read, and the whole download
    max_redirects: int = 5


class Refused(Exception):
    """A link or its download that is not used; the message says why, as "… which <message>"."""


def clean(name: str) -> str:
    """A file name (or path) with each character an input's name cannot have made `_` (`my poc.bin`
    -> `my_poc.bin`); `/`, `.` and `..` stay, for bad_name to judge."""
    return "/".join(re.sub(r"[^\w.+-]", "_", part) for part in name.split("/"))


def mib(n: int) -> str:
    return f"{n / MIB:.3g} MiB" if n >= MIB else f"{n} bytes"


class Attachments:
    """Download the attachment links of an issue's text into `dest` (one folder per run)."""

    def __init__(self, dest: Path, allow: AllowList = AllowList(), limits: AttachmentLimits = AttachmentLimits()):
        self.dest, self.allow, self.limits = Path(dest), allow, limits
        self.used = 0

    # -- which links ---------------------------------------------------------------------------
    def _host_ok(self, parts: urllib.parse.SplitResult, hosts: tuple[str, ...]) -> bool:
        netloc = (parts.hostname or "") + (f":{parts.port}" if parts.port else "")
        return (parts.scheme in self.allow.schemes and not parts.username and not parts.password
                and any(fnmatch.fnmatchcase(netloc.lower(), h) for h in hosts))

    def is_attachment(self, url: str) -> bool:
        """A link of GitHub's attachment shapes on an allowed host."""
        try:
            parts = urllib.parse.urlsplit(url)
            parts.port
        except ValueError:
            return False
        if self._host_ok(parts, self.allow.github_hosts):
            return bool(GITHUB_PATH.match(parts.path))
        return self._host_ok(parts, self.allow.content_hosts)

    def links(self, text: str) -> list[str]:
        """The issue's attachment links, in order, once each (at most `max_links`: the rest are said)."""
        found = [u.rstrip(".,;:!") for u in URL.findall(text or "")]
        return [u for u in dict.fromkeys(found) if self.is_attachment(u)]

    # -- fetch ---------------------------------------------------------------------------------
    def fetch_all(self, text: str) -> list[InputFile]:
        """The input files of every attachment link of `text` (a failed one with its problem)."""
        out: list[InputFile] = []
        links = self.links(text)
        for i, link in enumerate(links):
            name = self._name(link, None)
            if i >= self.limits.max_links:
                out.append(InputFile(name, None, link, f"was not downloaded: the issue has more than "
                                     f"{self.limits.max_links} attachment links"))
                continue
            try:
                out.extend(self.fetch(link, self.dest / str(i)))
            except Refused as exc:
                out.append(InputFile(name, None, link, str(exc)))
        return out

    def fetch(self, link: str, folder: Path) -> list[InputFile]:
        """The attachment at `link` (and, for an archive, its members) as input files under `folder`."""
        if not self.is_attachment(link):
            raise Refused("was refused: not a link of GitHub's attachment shapes on GitHub's hosts")
        data, disposition = self._download(link)
        name = self._name(link, disposition)
        folder.mkdir(parents=True, exist_ok=True)
        if (why := bad_name(name)) is not None:
            raise Refused(f"was refused: its file name {why}")
        members = self._unpack(name, data) if name.lower().endswith(ARCHIVES) else []
        files = [(name, data)] + members
        out = []
        for j, (member, body) in enumerate(files):
            path = folder / f"{j}-{posixpath.basename(member)}"
            path.write_bytes(body)
            out.append(InputFile(member, path, link))
        # a member in a folder of the archive (`poc/poc`) is also given by its own name, when that is one
        bases = [posixpath.basename(m) for m, _ in members]
        for (member, _), inp in zip(members, out[1:]):
            base = posixpath.basename(member)
            if base != member and bases.count(base) == 1 and base != name:
                out.append(InputFile(base, inp.path, link))
        return out

    def _name(self, link: str, disposition: str | None) -> str:
        if disposition:
            m = re.search(r"filename\*?=(?:UTF-8'')?\"?([^\";]+)\"?", disposition, re.I)
            if m:
                return clean(posixpath.basename(urllib.parse.unquote(m.group(1)).replace("\\", "/"))) or "attachment"
        return clean(posixpath.basename(urllib.parse.unquote(urllib.parse.urlsplit(link).path))) or "attachment"

    def _opener(self) -> urllib.request.OpenerDirector:
        allow, limits = self.allow, self.limits
        host_ok = self._host_ok

        class Redirects(urllib.request.HTTPRedirectHandler):
            max_redirections = limits.max_redirects

            def redirect_request(self, req, fp, code, msg, headers, newurl):
                parts = urllib.parse.urlsplit(newurl)
                if not host_ok(parts, allow.storage_hosts):
                    raise Refused(f"was refused: it redirects to {parts.scheme}://{parts.netloc}, "
                                  "not one of GitHub's storage hosts")
                new = super().redirect_request(req, fp, code, msg, headers, newurl)
                if new is not None:
                    for h in ("Authorization", "Cookie"):     # none is set; none may travel either
                        new.remove_header(h)
                return new
        # no proxy handler from the environment's settings, no cookie jar: only these handlers
        return urllib.request.build_opener(urllib.request.ProxyHandler({}), Redirects)

    def _download(self, link: str) -> tuple[bytes, str | None]:
        cap = min(self.limits.max_file, self.limits.max_total - self.used)
        if cap <= 0:
            raise Refused(f"was not downloaded: the run's attachments already reach {mib(self.limits.max_total)}")
        req = urllib.request.Request(link, headers={"User-Agent": "crashfix-attachments"})
        try:
            with self._opener().open(req, timeout=self.limits.timeout) as resp:
                length = resp.headers.get("Content-Length")
                if length and length.isdigit() and int(length) > cap:
                    raise Refused(f"could not be downloaded: too large ({mib(int(length))} > {mib(cap)})")
                buf, start = io.BytesIO(), time.monotonic()
                while chunk := resp.read(CHUNK):
                    buf.write(chunk)
                    if time.monotonic() - start > self.limits.timeout:
                        raise Refused(f"could not be downloaded: it took more than {self.limits.timeout:g} s")
                    if buf.tell() > cap:
                        raise Refused(f"could not be downloaded: too large (more than {mib(cap)})")
                data, disposition = buf.getvalue(), resp.headers.get("Content-Disposition")
        except Refused:
            raise
        except urllib.error.HTTPError as exc:
            raise Refused(f"could not be downloaded: HTTP {exc.code} {exc.reason}") from None
        except urllib.error.URLError as exc:
            reason = exc.reason if isinstance(exc.reason, Refused) else None
            if reason is not None:
                raise reason from None
            raise Refused(f"could not be downloaded: {exc.reason}") from None
        except (OSError, ValueError) as exc:      # a timeout, a reset connection, a bad URL
            raise Refused(f"could not be downloaded: {exc or type(exc).__name__}") from None
        self.used += len(data)
        return data, disposition

    # -- unpack --------------------------------------------------------------------------------
    def _take(self, size: int, member: str) -> None:
        """Count `size` unpacked bytes of `member` against the caps."""
        if size > self.limits.max_file:
            raise Refused(f"was refused: its member {member} unpacks to more than {mib(self.limits.max_file)} "
                          "(an archive bomb?)")
        self.used += size
        if self.used > self.limits.max_total:
            raise Refused(f"was refused: unpacked, the run's attachments would pass {mib(self.limits.max_total)} "
                          "(an archive bomb?)")

    def _read(self, stream, member: str) -> bytes:
        """A member's bytes, read in steps, never more than the cap allows."""
        buf = io.BytesIO()
        while chunk := stream.read(CHUNK):
            buf.write(chunk)
            if buf.tell() > self.limits.max_file:
                self._take(buf.tell(), member)
        self._take(buf.tell(), member)
        return buf.getvalue()

    def _member_name(self, name: str) -> str:
        name = clean(name)
        if (why := bad_name(name)) is not None:
            raise Refused(f"was refused: its member {why}")
        return posixpath.normpath(name.removeprefix("./"))

    def _unpack(self, name: str, data: bytes) -> list[tuple[str, bytes]]:
        """(member path, bytes) of the archive `name`; Refused when it is unsafe or too big."""
        low, used = name.lower(), self.used
        try:
            if low.endswith(".zip"):
                out = self._unzip(data)
            elif low.endswith((".tar.gz", ".tgz", ".tar.xz", ".txz", ".tar")):
                out = self._untar(data)
            else:
                stem = name[: -3] if low.endswith((".gz", ".xz")) else name
                opener = gzip.GzipFile if low.endswith(".gz") else lzma.LZMAFile
                with opener(fileobj=io.BytesIO(data)) as f:
                    out = [(self._member_name(stem), self._read(f, stem))]
        except Refused:
            self.used = used
            raise
        except (zipfile.BadZipFile, tarfile.TarError, lzma.LZMAError, gzip.BadGzipFile, EOFError, OSError,
                NotImplementedError, RuntimeError) as exc:
            self.used = used
            raise Refused(f"was refused: it is not a readable archive ({exc})") from None
        return out

    def _unzip(self, data: bytes) -> list[tuple[str, bytes]]:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            infos = [i for i in z.infolist() if not i.is_dir()]
            if len(infos) > self.limits.max_members:
                raise Refused(f"was refused: it holds more than {self.limits.max_members} files")
            out = []
            for info in infos:
                mode = info.external_attr >> 16
                if mode and (mode & 0o170000) not in (0, 0o100000):
                    raise Refused(f"was refused: its member {info.filename} is a link or a device")
                member = self._member_name(info.filename)
                if info.file_size > self.limits.max_file:
                    self._take(info.file_size, member)
                with z.open(info) as f:
                    out.append((member, self._read(f, member)))
        return out

    def _untar(self, data: bytes) -> list[tuple[str, bytes]]:
        out = []
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:*") as t:
            count = 0
            for info in t:
                if info.isdir():
                    continue
                count += 1
                if count > self.limits.max_members:
                    raise Refused(f"was refused: it holds more than {self.limits.max_members} files")
                if not info.isreg():
                    raise Refused(f"was refused: its member {info.name} is a link or a device")
                member = self._member_name(info.name)
                if info.size > self.limits.max_file:
                    self._take(info.size, member)
                f = t.extractfile(info)
                out.append((member, self._read(f, member) if f else b""))
        return out


def fetch_inputs(text: str, dest: Path, allow: AllowList = AllowList(),
                 limits: AttachmentLimits = AttachmentLimits()) -> tuple[InputFile, ...]:
    """The input files of the issue's attachments (downloaded into `dest`, emptied first)."""
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True, exist_ok=True)
    return tuple(Attachments(dest, allow, limits).fetch_all(text))
