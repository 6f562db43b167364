"""Settings of the GitHub App half: `CRASHFIX_*` environment variables, or the same keys in a file.

    CRASHFIX_CONFIG=/etc/crashfix.yml   (or .toml): keys with or without the CRASHFIX_ prefix,
                                        any case; the environment wins over the file.

A missing or malformed setting is reported in one line naming it (`SettingsError`); the command
line prints it and exits 2. With no App credentials the bot runs in dry-run mode.
"""
from __future__ import annotations

import logging
import os
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

log = logging.getLogger(__name__)
PREFIX = "CRASHFIX_"


class SettingsError(Exception):
    """One line naming the setting and what is wrong with it."""

    def __init__(self, name: str, problem: str):
        self.name, self.problem = name, problem
        super().__init__(f"setting {name}: {problem}")


class Settings(BaseModel):
    """The App's settings: each field is `CRASHFIX_<NAME>` (docs/configuration.md is generated from here)."""

    model_config = ConfigDict(extra="forbid", frozen=True, use_attribute_docstrings=True)

    WEBHOOK_SECRET: str | None = None
    """The App's webhook secret: every delivery's `X-Hub-Signature-256` is checked against it."""
    APP_ID: int | None = None
    """The GitHub App's id. With no App id or private key, crashfix runs in dry-run mode (writes recorded, not sent)."""
    PRIVATE_KEY_PATH: Path | None = None
    """Path of the App's private key (PEM)."""
    PRIVATE_KEY: str | None = None
    """The App's private key itself (PEM text), instead of PRIVATE_KEY_PATH."""
    GITHUB_API_URL: str = "https://api.github.com"
    """GitHub's REST API; `https://HOST/api/v3` for GitHub Enterprise Server."""
    DATA_DIR: Path = Path("~/.local/share/crashfix")
    """Where the job database (SQLite by default), run folders (`runs/<job>`) and the session secret live."""
    DATABASE_URL: str | None = None
    """The job database; unset: `sqlite:///DATA_DIR/crashfix.db`."""
    REDIS_URL: str | None = None
    """The job queue's Redis (`redis://host:6379/0`); unset: a SQLite queue in DATA_DIR (one machine)."""
    REDIS_PASSWORD: str | None = None
    """Redis AUTH (requirepass), when not in REDIS_URL itself."""
    LLM_BASE_URL: str | None = None
    """An OpenAI-compatible endpoint for the research agent; unset: offline strategies only."""
    LLM_MODEL: str | None = None
    """The model to ask at LLM_BASE_URL."""
    LLM_API_KEY: str | None = None
    """The endpoint's key; never enters a sandbox, redacted from every log and report."""
    SANDBOX: Literal["docker", "local"] = "docker"
    """Where repository and issue commands run: `docker` (no network after set-up), or `local` (this host; see ALLOW_LOCAL_SANDBOX)."""
    KERNEL_JOBS: Literal["enabled", "disabled"] = "disabled"
    """Kernel crash reports build the repository's kernel and boot it (jailed: sandbox/isolate.py); off unless enabled."""
    ATTACHMENTS: Literal["enabled", "disabled"] = "enabled"
    """The worker downloads an issue's attachment links (GitHub's attachment shapes and hosts only, no token sent; archives unpacked with caps) and gives them to the run as input files, in the tree where the issue's command runs (docs/security.md)."""
    ATTACHMENT_MAX_MIB: float = 10.0
    """Largest attachment downloaded, and largest file unpacked from an attachment's archive, in MiB."""
    ATTACHMENT_TOTAL_MIB: float = 25.0
    """All of one run's attachments together, downloaded and unpacked, in MiB."""
    ATTACHMENT_LINKS: int = 5
    """Attachment links of one issue downloaded at most (the rest are named as not downloaded)."""
    ATTACHMENT_TIMEOUT: float = 30.0
    """Seconds one attachment's download may take: to connect, on each read, and in all (a slow drip stops there)."""
    ALLOW_LOCAL_SANDBOX: Literal["no", "unsafe"] = "no"
    """`unsafe`: let `crashfix worker`/`serve` run with SANDBOX=local (an issue's commands on this host)."""
    MAX_JOBS_PER_INSTALLATION: int = 2
    """Jobs of one installation running at once; more wait their turn."""
    MAX_PRS_PER_REPO_PER_HOUR: int = 5
    """Pull requests crashfix opens in one repository per hour."""
    MAX_USD_PER_INSTALLATION_PER_DAY: float = 20.0
    """Model spend of one installation per day, in US dollars (prices: CRASHFIX_LLM_PRICES)."""
    JOB_LEASE_SECONDS: float = 120.0
    """A running job's lease: its worker renews it every JOB_LEASE_SECONDS/3 s; a job not renewed for
    this long (worker killed, machine gone) is re-queued by any live worker."""
    LIMIT_RETRY_SECONDS: float = 30.0
    """A job held back because its installation already runs MAX_JOBS_PER_INSTALLATION jobs is tried again after this."""
    PARSE_TIMEOUT: float = 10.0
    """An issue body is parsed (triage, backlog) in a child process killed after this many seconds:
    the job's outcome is then "report too slow to parse", and the worker goes on."""
    RUNS_KEEP_DAYS: float = 30.0
    """Run folders (DATA_DIR/runs/<job>: logs, patches, trajectories) of finished jobs older than this
    are deleted by the worker; the job's row and result stay in the database. 0 keeps them forever."""
    BOT_LOGIN: str | None = None
    """The App's bot login (`slug[bot]`; `crashfix app create` prints it): events this login sends are ignored,
    and its own comments are found by author; unset: only events sent by any bot are ignored."""
    DRY_RUN_REPO: Path | None = None
    """Dry run only: a local git repository standing in for every repository the webhooks name (its
    files, default branch and clone); unset, the payload's clone URL is cloned."""
    ADMIN_TOKEN: str | None = None
    """Dashboard sign-in for operators (sees every installation); 16+ characters."""
    OAUTH_CLIENT_ID: str | None = None
    """The App's client id: "Sign in with GitHub" on the dashboard."""
    OAUTH_CLIENT_SECRET: str | None = None
    """The App's client secret (needed with OAUTH_CLIENT_ID)."""
    SESSION_SECRET: str | None = None
    """Signs dashboard sessions; unset: a random one kept in DATA_DIR/session-secret."""
    PUBLIC_URL: str | None = None
    """The dashboard's external base URL (OAuth redirect); unset: from the request."""
    METRICS_TOKEN: str | None = None
    """/metrics wants `Authorization: Bearer <token>`; unset, /metrics is off (404)."""

    @field_validator("DATA_DIR", "PRIVATE_KEY_PATH", "DRY_RUN_REPO")
    @classmethod
    def _expand(cls, value: Path | None) -> Path | None:
        return value.expanduser() if value is not None else None

    @field_validator("MAX_USD_PER_INSTALLATION_PER_DAY", "RUNS_KEEP_DAYS")
    @classmethod
    def _not_negative(cls, value: float) -> float:
        if value < 0:
            raise ValueError(f"must be 0 or more, got {value}")
        return value

    @field_validator("JOB_LEASE_SECONDS")
    @classmethod
    def _lease(cls, value: float) -> float:
        if value < 1:
            raise ValueError(f"must be at least 1 second, got {value}")
        return value

    @field_validator("ADMIN_TOKEN", "METRICS_TOKEN", "SESSION_SECRET")
    @classmethod
    def _long_secret(cls, value: str | None) -> str | None:
        if value is not None and len(value) < 16:
            raise ValueError(f"must be at least 16 characters, got {len(value)}")
        return value

    @field_validator("GITHUB_API_URL")
    @classmethod
    def _url(cls, value: str) -> str:
        if not value.startswith(("http://", "https://")):
            raise ValueError(f"must be an http(s) URL, got {value!r}")
        return value.rstrip("/")

    @field_validator("MAX_JOBS_PER_INSTALLATION", "MAX_PRS_PER_REPO_PER_HOUR")
    @classmethod
    def _positive(cls, value: int) -> int:
        if value < 1:
            raise ValueError(f"must be at least 1, got {value}")
        return value

    # -- derived ---------------------------------------------------------------------------
    @property
    def dry_run(self) -> bool:
        """No App credentials: GitHub writes are recorded, not sent."""
        return self.APP_ID is None or not (self.PRIVATE_KEY or self.PRIVATE_KEY_PATH)

    @property
    def database_url(self) -> str:
        return self.DATABASE_URL or f"sqlite:///{self.DATA_DIR / 'crashfix.db'}"

    @property
    def runs_dir(self) -> Path:
        return self.DATA_DIR / "runs"

    @property
    def web_url(self) -> str:
        """https://github.com for api.github.com; https://HOST for GitHub Enterprise (HOST/api/v3)."""
        url = self.GITHUB_API_URL
        if url == "https://api.github.com":
            return "https://github.com"
        return url.removesuffix("/api/v3")

    def is_self(self, login: str | None) -> bool:
        if not login or not self.BOT_LOGIN:
            return False
        mine = self.BOT_LOGIN.lower().removesuffix("[bot]")
        return login.lower().removesuffix("[bot]") == mine


def _read_file(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text()
    except OSError as exc:
        raise SettingsError(f"{PREFIX}CONFIG", f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        if path.suffix == ".toml":
            data = tomllib.loads(text)
        elif path.suffix in (".yml", ".yaml"):
            import yaml
            data = yaml.safe_load(text) or {}
        else:
            raise SettingsError(f"{PREFIX}CONFIG", f"must name a .yml, .yaml or .toml file, got {str(path)!r}")
    except SettingsError:
        raise
    except Exception as exc:  # yaml and toml raise their own error types
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise SettingsError(f"{PREFIX}CONFIG", f"{path} is not valid: {first}") from None
    if not isinstance(data, dict):
        raise SettingsError(f"{PREFIX}CONFIG", f"{path} must hold a mapping of settings")
    return data


def _key(raw: str, fields: set[str], origin: str) -> str:
    key = raw.upper().removeprefix(PREFIX)
    if key not in fields:
        raise SettingsError(f"{PREFIX}{key}", f"unknown setting (in {origin})")
    return key


def _problem(err: dict, value: Any) -> str:
    kind = err.get("type", "")
    if kind in ("int_parsing", "int_type", "int_from_float"):
        return f"must be an integer, got {value!r}"
    if kind == "literal_error":
        expected = err.get("ctx", {}).get("expected", "")
        return f"must be one of {expected}, got {value!r}"
    if kind == "value_error":
        return str(err.get("ctx", {}).get("error", err.get("msg", "")))
    return f"{err.get('msg', 'invalid').lower()}, got {value!r}"


def load_settings(env: dict[str, str] | None = None, **overrides: Any) -> Settings:
    """Settings from a config file (CRASHFIX_CONFIG), then the environment, then ``overrides``."""
    env = dict(os.environ if env is None else env)
    fields = set(Settings.model_fields)
    data: dict[str, Any] = {}
    origin: dict[str, str] = {}
    config = env.get(f"{PREFIX}CONFIG")
    if config:
        path = Path(config).expanduser()
        for raw, value in _read_file(path).items():
            key = _key(str(raw), fields, str(path))
            data[key], origin[key] = value, str(path)
    for name, value in env.items():
        if name.startswith(PREFIX) and name != f"{PREFIX}CONFIG" and name[len(PREFIX):] in fields:
            if value == "":
                continue                          # an empty variable is an unset one
            data[name[len(PREFIX):]], origin[name[len(PREFIX):]] = value, "environment"
    for key, value in overrides.items():
        data[_key(key, fields, "overrides")] = value
    try:
        settings = Settings.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        key = str(err["loc"][0]) if err.get("loc") else "?"
        raise SettingsError(f"{PREFIX}{key}", _problem(err, data.get(key))) from None
    return _check(settings)


def _check(s: Settings) -> Settings:
    if s.APP_ID is not None and not (s.PRIVATE_KEY or s.PRIVATE_KEY_PATH):
        raise SettingsError(f"{PREFIX}PRIVATE_KEY_PATH", f"missing (needed with {PREFIX}APP_ID; or set {PREFIX}PRIVATE_KEY)")
    if (s.PRIVATE_KEY or s.PRIVATE_KEY_PATH) and s.APP_ID is None:
        raise SettingsError(f"{PREFIX}APP_ID", "missing (a private key is set, but not the App id)")
    if s.PRIVATE_KEY_PATH is not None and not s.PRIVATE_KEY:
        if not s.PRIVATE_KEY_PATH.is_file():
            raise SettingsError(f"{PREFIX}PRIVATE_KEY_PATH", f"no such file: {s.PRIVATE_KEY_PATH}")
        try:
            head = s.PRIVATE_KEY_PATH.read_text()[:100]
        except (OSError, UnicodeDecodeError) as exc:
            raise SettingsError(f"{PREFIX}PRIVATE_KEY_PATH", f"cannot read {s.PRIVATE_KEY_PATH}: {exc}") from None
        if "PRIVATE KEY" not in head:
            raise SettingsError(f"{PREFIX}PRIVATE_KEY_PATH", f"{s.PRIVATE_KEY_PATH} is not a PEM private key")
    if s.DRY_RUN_REPO is not None and not s.dry_run:
        raise SettingsError(f"{PREFIX}DRY_RUN_REPO", "set, but so are App credentials (it is only for dry runs)")
    if s.DRY_RUN_REPO is not None and not (s.DRY_RUN_REPO / ".git").exists():
        raise SettingsError(f"{PREFIX}DRY_RUN_REPO", f"not a git repository: {s.DRY_RUN_REPO}")
    if s.PRIVATE_KEY and "PRIVATE KEY" not in s.PRIVATE_KEY:
        raise SettingsError(f"{PREFIX}PRIVATE_KEY", "is not a PEM private key")
    if s.DATABASE_URL and not s.DATABASE_URL.startswith(("sqlite:", "postgres://", "postgresql://")):
        raise SettingsError(f"{PREFIX}DATABASE_URL", f"must start with sqlite:/// or postgresql://, got {s.DATABASE_URL!r}")
    if bool(s.OAUTH_CLIENT_ID) != bool(s.OAUTH_CLIENT_SECRET):
        missing = "OAUTH_CLIENT_SECRET" if s.OAUTH_CLIENT_ID else "OAUTH_CLIENT_ID"
        raise SettingsError(f"{PREFIX}{missing}", "missing (GitHub sign-in needs the App's client id and secret)")
    if s.PUBLIC_URL and not s.PUBLIC_URL.startswith(("http://", "https://")):
        raise SettingsError(f"{PREFIX}PUBLIC_URL", f"must be an http(s) URL, got {s.PUBLIC_URL!r}")
    if s.REDIS_PASSWORD and not s.REDIS_URL:
        raise SettingsError(f"{PREFIX}REDIS_PASSWORD", f"set, but {PREFIX}REDIS_URL is not (the queue is SQLite)")
    if s.REDIS_URL and not s.REDIS_URL.startswith(("redis://", "rediss://", "unix://")):
        raise SettingsError(f"{PREFIX}REDIS_URL", f"must start with redis://, got {s.REDIS_URL!r}")
    return s


_announced = False


def check_service_sandbox(s: Settings) -> None:
    """The worker and the server refuse the local sandbox (repository and issue commands on this
    host, next to the App's key and tokens) unless the operator wrote the unsafe switch."""
    if s.SANDBOX == "local" and s.ALLOW_LOCAL_SANDBOX != "unsafe":
        raise SettingsError(f"{PREFIX}SANDBOX", "local runs repository and issue commands on this host "
                            "without isolation, next to the App's credentials; a worker refuses it "
                            f"(use docker, or set {PREFIX}ALLOW_LOCAL_SANDBOX=unsafe on a development machine)")
    if s.SANDBOX == "local":
        log.warning("%sSANDBOX=local with %sALLOW_LOCAL_SANDBOX=unsafe: repository and issue commands "
                    "run on this host WITHOUT isolation", PREFIX, PREFIX)


def announce(settings: Settings) -> None:
    """Log the mode once per process (dry-run when there are no App credentials)."""
    global _announced
    if _announced:
        return
    _announced = True
    if settings.dry_run:
        log.warning("no GitHub App credentials (%sAPP_ID and a private key): dry-run mode, "
                    "GitHub writes are recorded, not sent", PREFIX)
    else:
        log.info("GitHub App %s at %s", settings.APP_ID, settings.GITHUB_API_URL)


# -- the webhook secret's fitness (doctor and serve say the same) --------------------------------
MIN_WEBHOOK_SECRET = 16
PLACEHOLDERS = ("changeme", "change-me", "change_me", "secret", "webhook-secret", "webhook_secret", "mysecret",
                "your-secret", "your-webhook-secret", "placeholder", "example", "password", "xxx", "todo", "test")


def secret_problem(secret: str) -> str | None:
    """Why a webhook secret is unfit (a placeholder, too short, too repetitive), or None."""
    low = secret.strip().lower()
    if low in PLACEHOLDERS or low.strip("<>{}$") in PLACEHOLDERS or any(w in low for w in ("changeme", "replace", "your-", "your_")):
        return "a placeholder value"
    if len(secret) < MIN_WEBHOOK_SECRET:
        return f"{len(secret)} characters (at least {MIN_WEBHOOK_SECRET})"
    if len(set(secret)) < 8:
        return f"only {len(set(secret))} distinct characters: not random"
    return None
