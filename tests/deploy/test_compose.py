"""deploy/compose.yaml (and the dind variant) validate with a real compose implementation, and
say what they should: web serves, workers scale and reach an engine, healthchecks, real settings."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from bot.settings import PREFIX, Settings

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
# names compose sets that are not Settings: the engine, and how `crashfix images` builds
OTHER_ENV = {"DOCKER_HOST", "CRASHFIX_IMAGE_SOURCE"}


def compose_command() -> list[str] | None:
    if shutil.which("docker") and subprocess.run(["docker", "compose", "version"], capture_output=True).returncode == 0:
        return ["docker", "compose"]
    if shutil.which("docker-compose"):
        return ["docker-compose"]
    return None


COMPOSE = compose_command()
needs_compose = pytest.mark.skipif(COMPOSE is None, reason="no compose implementation: apt-get install "
                                   "docker-compose (setup.sh installs it) or the docker compose plugin")


def config(tmp_path: Path, *files: str) -> dict:
    """`compose config` on a copy of deploy/ with the env file and key it names."""
    work = tmp_path / "deploy"
    work.mkdir()
    for name in files:
        shutil.copy(DEPLOY / name, work / name)
    (work / "k8s").mkdir()
    shutil.copy(DEPLOY / "k8s" / "nginx.conf", work / "k8s" / "nginx.conf")
    (work / "crashfix.env").write_text("CRASHFIX_WEBHOOK_SECRET=compose-test-secret\nCRASHFIX_APP_ID=4242\n")
    (work / "github-app.pem").write_text("-----BEGIN RSA PRIVATE KEY-----\n")
    argv = COMPOSE + [a for f in files for a in ("-f", str(work / f))] + ["config"]
    out = subprocess.run(argv, capture_output=True, text=True, cwd=work, timeout=60,
                         env={"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": str(tmp_path)})
    assert out.returncode == 0, out.stderr
    return yaml.safe_load(out.stdout)


def _env_names(service: dict) -> set[str]:
    env = service.get("environment") or {}
    return set(env) if isinstance(env, dict) else {e.split("=", 1)[0] for e in env}


def _mounts(service: dict) -> list[str]:
    return [v if isinstance(v, str) else f"{v.get('source')}:{v.get('target')}" for v in service.get("volumes", [])]


@needs_compose
def test_compose_validates_and_holds_the_services(tmp_path):
    c = config(tmp_path, "compose.yaml")
    services = c["services"]
    assert set(services) == {"web", "worker", "images", "redis", "proxy"}
    assert services["web"]["command"][0] == "serve" and "0.0.0.0" in services["web"]["command"]
    assert services["worker"]["command"][0] == "worker"
    assert services["images"]["command"][:1] == ["images"] and services["images"]["restart"] == "no"
    assert services["worker"]["deploy"]["replicas"] >= 2
    for name in ("web", "worker", "redis"):
        assert services[name].get("healthcheck", {}).get("test"), f"{name} has no healthcheck"
    assert "/healthz" in " ".join(services["web"]["healthcheck"]["test"])
    # workers and the image builder reach the host's engine; web never does
    for name in ("worker", "images"):
        assert any(m.startswith("/var/run/docker.sock:") for m in _mounts(services[name]))
    assert not any("docker.sock" in m for m in _mounts(services["web"]))
    # web and workers share the data volume; every variable is a real setting
    assert any(m.startswith("data:/data") for m in _mounts(services["web"]))
    assert any(m.startswith("data:/data") for m in _mounts(services["worker"]))
    settings = {f"{PREFIX}{n}" for n in Settings.model_fields}
    for name in ("web", "worker", "images"):
        assert _env_names(services[name]) - settings - OTHER_ENV == set(), name
        assert services[name]["environment"]["CRASHFIX_WEBHOOK_SECRET"] == "compose-test-secret"  # the env file
    assert services["worker"]["depends_on"]["images"]["condition"] == "service_completed_successfully"


@needs_compose
def test_the_dind_variant_keeps_the_host_socket_out(tmp_path):
    c = config(tmp_path, "compose.yaml", "compose.dind.yaml")
    services = c["services"]
    privileged = {name for name, s in services.items() if s.get("privileged")}
    assert privileged == {"dind"}
    for name, s in services.items():
        assert not any(m.startswith("/var/run/docker.sock:") for m in _mounts(s)), f"{name} mounts the host socket"
    for name in ("worker", "images"):
        assert services[name]["environment"]["DOCKER_HOST"] == "unix:///run/dind/docker.sock"
        assert any(m.startswith("dind-run:/run/dind") for m in _mounts(services[name]))
    assert "--group=10001" in services["dind"]["command"]          # the bot's gid may use the socket


@needs_compose
def test_a_broken_compose_file_is_refused(tmp_path):
    work = tmp_path / "bad"
    work.mkdir()
    (work / "compose.yaml").write_text("services:\n  web:\n    image: x\n    ports: 8080\n    healthcheck: []\n")
    out = subprocess.run(COMPOSE + ["-f", str(work / "compose.yaml"), "config"], capture_output=True, text=True,
                         cwd=work, timeout=60)
    assert out.returncode != 0


@needs_compose
def test_only_the_buffering_proxy_is_published_and_redis_wants_a_password(tmp_path):
    """issue 18: nginx (k8s/nginx.conf, the same file) in front of gunicorn; Redis with requirepass."""
    services = config(tmp_path, "compose.yaml")["services"]
    published = {name for name, s in services.items() if s.get("ports")}
    assert published == {"proxy"}
    assert any("k8s/nginx.conf:/etc/nginx/nginx.conf" in m for m in _mounts(services["proxy"]))
    assert services["proxy"]["read_only"] is True
    assert "crashfix-web" in services["web"]["networks"]["default"]["aliases"]
    script = " ".join(services["redis"]["command"]).replace("$$", "$")    # Compose v1 keeps the escape
    assert '--requirepass "$CRASHFIX_REDIS_PASSWORD"' in script and 'test -n "$CRASHFIX_REDIS_PASSWORD"' in script
    assert "REDISCLI_AUTH" in " ".join(services["redis"]["healthcheck"]["test"])
