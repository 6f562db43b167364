"""Per-repository settings: ``.github/crashfix.yml`` on the default branch.

Layers, later ones winning (mappings such as ``budgets`` merge key by key; lists are replaced):

1. crashfix's defaults (the field defaults of `RepoConfig`);
2. the organisation's defaults: the same path in the owner's ``.github`` repository
   (``<owner>/.github``, default branch);
3. whatever the repo file's ``_extends`` names: ``other-repo`` (same owner), ``owner/repo``, or
   ``owner/repo:path/to/file.yml`` (an ``_extends`` there is followed too, up to `MAX_DEPTH`);
4. the repository's own file.

A file that is not YAML, or a value of the wrong type or an unknown key, raises `ConfigError`
naming the field (``test_cmd: Input should be a valid string``); `config_error_comment()` renders
the issue comment that says so.
"""
from __future__ import annotations

import difflib
import re
from typing import TYPE_CHECKING, Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from agent.judge.protect import matches

if TYPE_CHECKING:
    from bot.github.api import InstallationAPI

CONFIG_PATH = ".github/crashfix.yml"
MAX_DEPTH = 3
DEFAULT_PROTECTED = [".github/**", ".ci/**", "tests/**", "test/**", "**/tests/**", "**/test_*.py",
                     "**/*_test.py", "**/conftest.py"]


class ConfigError(Exception):
    """A configuration file crashfix cannot use; ``message`` names the field and the problem."""

    def __init__(self, message: str, field: str | None = None, source: str | None = None,
                 problems: list[str] | None = None):
        super().__init__(message)
        self.message, self.field, self.source = message, field, source
        self.problems = problems or [message]


class Budgets(BaseModel):
    """Limits of one repair run; the run stops (reporting what it has) at the first one reached."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)

    steps: int = Field(50, ge=1, le=1000)
    """Tool calls the research agent may make."""
    tokens: int = Field(400_000, ge=1000)
    """LLM tokens (prompt + completion) for the whole run."""
    usd: float = Field(2.0, ge=0)
    """LLM spend for the whole run, in US dollars."""
    seconds: int = Field(1800, ge=60, le=6 * 3600)
    """Wall-clock time for the whole run."""


class BacklogSettings(BaseModel):
    """What the backlog scan (on installation, `/crashfix scan`) does with the crashes it ranks."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)

    fix: int = Field(0, ge=0, le=50)
    """Queue a fix run for the top N crashes of the ranking (once each); 0: list them in one summary issue instead."""


class PullRequestSettings(BaseModel):
    """When a validated patch becomes a pull request."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)

    min_confidence: Literal["high", "speculative"] = "high"
    """The least confidence (agent/judge/confidence.py) a patch needs for a pull request: `high` (default), or
    `speculative` to open one for a patch that may hide the crash rather than fix it (its title and
    first line then say so). Below it, the status comment shows the patch as a suggestion, with why."""


PYTHON_VERSION = r"^3\.\d{1,2}$"


def _quoted_version(value: Any) -> Any:
    if isinstance(value, float):        # `python: 3.12` in YAML is a float; 3.10 would be 3.1
        raise ValueError("YAML read a number; quote the version, e.g. python: \"3.12\"")
    return value


class EnvironmentSettings(BaseModel):
    """How the repository is set up in the sandbox; each key given here wins over what crashfix
    borrows from the repo's recipes (CI workflows, tox, nox, devcontainer) or detects."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)

    python: str | None = Field(None, pattern=PYTHON_VERSION)
    """Python version (quoted, e.g. `"3.9"`); the nearest sandbox image is used and the report says so."""
    install: list[str] = Field(default_factory=list)
    """Install commands, run in order inside the sandbox (network on, dependencies as of the commit)."""
    test_cmd: str | None = None
    """The test command."""
    env: dict[str, str] = Field(default_factory=dict)
    """Environment variables for the install and test commands."""
    system_packages: list[str] = Field(default_factory=list)
    """Debian packages the project needs; not installed by crashfix (no root in the sandbox): name an
    `image` that has them."""
    services: list[str] = Field(default_factory=list)
    """Services the tests need (e.g. `postgres`); recorded, not started."""
    image: str | None = None
    """A sandbox image of your own (full override of the Python version)."""

    @field_validator("python", mode="before")
    @classmethod
    def _python_number(cls, value: Any) -> Any:
        return _quoted_version(value)

    @field_validator("install", mode="before")
    @classmethod
    def _one_command(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value


class RepoConfig(BaseModel):
    """What `.github/crashfix.yml` may hold."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)

    trigger_label: str = Field("crashfix", min_length=1, max_length=50)
    """Adding this label to an issue asks crashfix to fix the crash it reports."""
    triage: bool = True
    """Triage opened and edited issues: `crash:*` labels and one comment on what was parsed.
    `false`: crashfix writes nothing on an issue until someone asks for a fix."""
    setup_cmd: str | None = None
    """Command that installs the project in the sandbox (default: detected from the repo)."""
    build_cmd: str | None = None
    """Command that builds the project after a patch is applied (compiled projects)."""
    test_cmd: str | None = None
    """The test command, e.g. `python -m pytest -q`; run before and after a patch."""
    image: str | None = None
    """Sandbox image to run in (default: crashfix's own image for the project's language)."""
    python: str | None = Field(None, pattern=PYTHON_VERSION)
    """Python version of the sandbox, e.g. `"3.12"` (quote it in YAML); default: resolved from the
    repo (CI, tox, `.python-version`, `requires-python`, ...); the nearest image is used."""
    environment: EnvironmentSettings = Field(default_factory=EnvironmentSettings)
    """How to set the repo up: `python`, `install`, `test_cmd`, `env`, `system_packages`, `services`, `image`."""
    budgets: Budgets = Field(default_factory=Budgets)
    """Limits of one run: `steps`, `tokens`, `usd`, `seconds`."""
    backlog: BacklogSettings = Field(default_factory=BacklogSettings)
    """The backlog scan: `fix: N` queues fix runs for the top N crashes; default 0 (a summary issue)."""
    draft: bool = True
    """Open pull requests as drafts."""
    pull_requests: PullRequestSettings = Field(default_factory=PullRequestSettings)
    """When a patch becomes a pull request: `min_confidence: high | speculative` (default `high`)."""
    max_open_prs: int = Field(3, ge=0, le=50)
    """At most this many crashfix pull requests open in the repository at once; a fix beyond it
    opens none (the status comment says so) until one is merged or closed."""
    protected_paths: list[str] = Field(default_factory=lambda: list(DEFAULT_PROTECTED))
    """Globs of files a fix may never change (`**` spans folders; a pattern without `/` matches
    the file name at any depth)."""
    max_diff_lines: int = Field(200, ge=1, le=5000)
    """The largest patch crashfix may propose, in changed lines; a larger candidate is refused
    before it runs."""
    regression_test: Literal["show", "push"] = "show"
    """The test the reproduction became runs code from the issue's author. `show` (default): it is
    shown in the pull request's body, not pushed; `push`: it is also added to the branch as a file
    (the PR says that it runs code from the issue's author)."""
    strategies: list[Literal["templates", "llm"]] = Field(default_factory=lambda: ["templates", "llm"],
                                                         min_length=1)
    """How candidate patches are made, in order: `templates` (deterministic fix templates),
    `llm` (the research agent)."""

    @field_validator("python", mode="before")
    @classmethod
    def _python_number(cls, value: Any) -> Any:
        return _quoted_version(value)

    def environment_settings(self) -> dict:
        """The explicit environment for a run (`environment:` over the top-level `python`,
        `test_cmd`, `setup_cmd`, `image`), as `agent.python.environment.resolve` takes it."""
        from agent.python.environment.explicit import normalise
        return normalise(self.model_dump(include={"python", "test_cmd", "setup_cmd", "image", "environment"}))

    @field_validator("strategies")
    @classmethod
    def _unique(cls, value: list[str]) -> list[str]:
        if len(set(value)) != len(value):
            raise ValueError("each strategy may appear once")
        return value


def field_docs() -> dict[str, str]:
    """Field name -> its docstring (budgets' fields as ``budgets.steps``)."""
    docs = {name: " ".join((f.description or "").split()) for name, f in RepoConfig.model_fields.items()}
    docs.update({f"budgets.{name}": " ".join((f.description or "").split())
                 for name, f in Budgets.model_fields.items()})
    docs.update({f"environment.{name}": " ".join((f.description or "").split())
                 for name, f in EnvironmentSettings.model_fields.items()})
    docs.update({f"backlog.{name}": " ".join((f.description or "").split())
                 for name, f in BacklogSettings.model_fields.items()})
    docs.update({f"pull_requests.{name}": " ".join((f.description or "").split())
                 for name, f in PullRequestSettings.model_fields.items()})
    return docs


# -- protected paths ---------------------------------------------------------------------------

def is_protected(config: RepoConfig, path: str) -> bool:
    """Whether a fix may not change ``path`` (relative to the repo root); the glob dialect is agent/judge/protect.py's."""
    return matches(config.protected_paths, path)


# -- loading -----------------------------------------------------------------------------------

def _parse(text: str, source: str) -> dict:
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise ConfigError(f"{source}: not valid YAML{where}: {problem}", None, source) from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ConfigError(f"{source}: the file must hold a mapping of settings, not a {type(data).__name__}",
                          None, source)
    return data


def _merge(base: dict, over: dict) -> dict:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _target(spec: Any, owner: str) -> tuple[str, str]:
    """``_extends`` value -> (owner/repo, path)."""
    if not isinstance(spec, str) or not spec.strip():
        raise ConfigError("_extends: must name a repository: other-repo, owner/repo or owner/repo:path",
                          "_extends")
    spec = spec.strip()
    repo, _, path = spec.partition(":")
    if "/" not in repo:
        repo = f"{owner}/{repo}"
    if repo.count("/") != 1 or not re.fullmatch(r"[\w.-]+/[\w.-]+", repo):
        raise ConfigError(f"_extends: {spec!r} is not other-repo, owner/repo or owner/repo:path", "_extends")
    return repo, (path or CONFIG_PATH).lstrip("/")


def _read(api: "InstallationAPI", repo: str, path: str) -> str | None:
    return api.read_file(repo, path)


def _layer_chain(api: "InstallationAPI", repo: str, path: str, text: str, seen: set) -> list[tuple[str, dict]]:
    """[(source, data), ...] from the farthest ``_extends`` to this file; ``_extends`` removed."""
    source = f"{repo}:{path}"
    data = _parse(text, source)
    chain: list[tuple[str, dict]] = []
    spec = data.pop("_extends", None)
    if spec is not None:
        target_repo, target_path = _target(spec, repo.split("/")[0])
        key = (target_repo.lower(), target_path)
        if key in seen:
            raise ConfigError(f"_extends: {target_repo}:{target_path} extends itself (a cycle)", "_extends", source)
        if len(seen) >= MAX_DEPTH:
            raise ConfigError(f"_extends: more than {MAX_DEPTH} levels of _extends", "_extends", source)
        inherited = _read(api, target_repo, target_path)
        if inherited is None:
            raise ConfigError(f"_extends: {target_repo}:{target_path} not found (or not readable by crashfix)",
                              "_extends", source)
        chain = _layer_chain(api, target_repo, target_path, inherited, seen | {key})
    return chain + [(source, data)]


def load_repo_config(api: "InstallationAPI | None", repo: str) -> RepoConfig:
    """The merged configuration of ``repo``: defaults < org ``.github`` repo < ``_extends`` < repo file."""
    if api is None:
        return RepoConfig()
    owner, _, name = repo.partition("/")
    layers: list[tuple[str, dict]] = []
    if name != ".github":
        org_text = _read(api, f"{owner}/.github", CONFIG_PATH)
        if org_text is not None:
            layers += _layer_chain(api, f"{owner}/.github", CONFIG_PATH, org_text,
                                   {(f"{owner}/.github".lower(), CONFIG_PATH)})
    text = _read(api, repo, CONFIG_PATH)
    if text is not None:
        layers += _layer_chain(api, repo, CONFIG_PATH, text, {(repo.lower(), CONFIG_PATH)})
    merged: dict = {}
    for _, data in layers:
        merged = _merge(merged, data)
    return validate(merged, layers)


def validate(data: dict, layers: list[tuple[str, dict]] | None = None) -> RepoConfig:
    """`RepoConfig` from a mapping, or `ConfigError` naming the first bad field (and the file it came from)."""
    try:
        return RepoConfig.model_validate(data)
    except ValidationError as exc:
        problems, first_field, first_source = [], None, None
        for err in exc.errors():
            loc = [str(p) for p in err.get("loc", ())]
            field = ".".join(loc) or "(top level)"
            msg = err.get("msg", "invalid")
            if err.get("type") == "value_error":
                msg = str(err.get("ctx", {}).get("error", msg))
            if err.get("type") == "extra_forbidden":
                known = list(field_docs()) if len(loc) < 2 else [k for k in field_docs() if k.startswith(loc[0] + ".")]
                close = difflib.get_close_matches(field, known, n=1)
                msg = "unknown setting" + (f" (did you mean {close[0]}?)" if close else "")
            problems.append(f"{field}: {msg}")
            if first_field is None:
                first_field, first_source = field, _source_of(loc, layers or [])
        raise ConfigError(problems[0] if len(problems) == 1 else "; ".join(problems),
                          first_field, first_source, problems) from None


def _source_of(loc: list[str], layers: list[tuple[str, dict]]) -> str | None:
    for source, data in reversed(layers):
        node: Any = data
        for part in loc:
            if isinstance(node, dict) and part in node:
                node = node[part]
            elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            else:
                break
        else:
            return source
    return None


def config_error_comment(err: ConfigError) -> str:
    """The issue comment for a configuration crashfix cannot use."""
    where = f"`{err.source}`" if err.source else f"`{CONFIG_PATH}`"
    lines = ["### crashfix: the configuration is not valid", "",
             f"crashfix did not start, because {where} could not be used:", ""]
    lines += [f"- `{p.split(': ', 1)[0]}`: {p.split(': ', 1)[1]}" if ": " in p else f"- {p}" for p in err.problems]
    docs = field_docs()
    named = err.field.split(".")[0] if err.field else None
    if err.field in docs or named in docs:
        key = err.field if err.field in docs else named
        lines += ["", f"`{key}`: {docs[key]}"]
    lines += ["", "Fix the file on the default branch, then add the label again or comment `/crashfix fix`.", "",
              "<details><summary>Settings crashfix understands</summary>", ""]
    lines += [f"- `{name}`: {text}" for name, text in docs.items()]
    lines += ["- `_extends`: inherit from another file: `other-repo`, `owner/repo` or `owner/repo:path`.",
              "", "</details>", ""]
    return "\n".join(lines)
