"""deploy/k8s: every document validates against the Kubernetes OpenAPI schemas (kubernetes-validate,
strict: unknown fields fail), and the pieces fit: selectors and labels, Service ports and container
ports, references to ConfigMaps/Secrets/PVCs, variable names that are real settings, no secret values."""
from __future__ import annotations

import ipaddress
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from bot.settings import PREFIX, Settings

K8S = Path(__file__).resolve().parents[2] / "deploy" / "k8s"
VERSIONS = ("1.29.0", "1.33.0")           # native sidecars (restartPolicy on an init container) need 1.29
OTHER_ENV = {"DOCKER_HOST", "CRASHFIX_IMAGE_SOURCE", "REDISCLI_AUTH"}
SETTINGS = {f"{PREFIX}{n}" for n in Settings.model_fields}
kv = pytest.importorskip("kubernetes_validate", reason="pip install kubernetes-validate (a test extra)")


def documents() -> list[dict]:
    docs = []
    for path in sorted(K8S.glob("*.yaml")):
        if path.name != "kustomization.yaml":
            docs += [d for d in yaml.safe_load_all(path.read_text()) if d]
    return docs


def by_kind(kind: str) -> dict[str, dict]:
    return {d["metadata"]["name"]: d for d in documents() if d["kind"] == kind}


def pod_specs() -> dict[str, dict]:
    return {name: d["spec"]["template"]["spec"] for name, d in by_kind("Deployment").items()}


def containers(spec: dict) -> list[dict]:
    return spec.get("initContainers", []) + spec["containers"]


@pytest.mark.parametrize("version", VERSIONS)
def test_every_document_validates_strictly(version):
    docs = documents()
    assert {d["kind"] for d in docs} >= {"Deployment", "Service", "ConfigMap", "Secret", "PersistentVolumeClaim"}
    for doc in docs:
        kv.validate(doc, version, strict=True)


def test_the_validator_catches_mistakes():
    web = by_kind("Deployment")["crashfix-web"]
    bad = yaml.safe_load(yaml.safe_dump(web))
    bad["spec"]["template"]["spec"]["containers"][0]["imagee"] = "typo"
    with pytest.raises(kv.ValidationError):
        kv.validate(bad, VERSIONS[-1], strict=True)


def test_kustomization_lists_every_file():
    kust = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    assert sorted(kust["resources"]) == sorted(p.name for p in K8S.glob("*.yaml") if p.name != "kustomization.yaml")


def test_selectors_match_labels_and_services_reach_container_ports():
    deployments = by_kind("Deployment")
    for name, d in deployments.items():
        labels = d["spec"]["template"]["metadata"]["labels"]
        assert d["spec"]["selector"]["matchLabels"].items() <= labels.items(), name
    assert {"crashfix-web", "crashfix-worker", "crashfix-redis"} <= set(deployments)
    for name, svc in by_kind("Service").items():
        targets = [d for d in deployments.values()
                   if svc["spec"]["selector"].items() <= d["spec"]["template"]["metadata"]["labels"].items()]
        assert len(targets) == 1, f"Service {name} selects {len(targets)} Deployments"
        ports = [p for c in targets[0]["spec"]["template"]["spec"]["containers"] for p in c.get("ports", [])]
        for port in svc["spec"]["ports"]:
            target = port.get("targetPort", port["port"])
            assert any(target in (p.get("name"), p["containerPort"]) for p in ports), f"{name}: {target}"
    assert by_kind("Deployment")["crashfix-worker"]["spec"]["replicas"] >= 2


def test_references_exist_and_names_are_settings():
    configmaps, secrets, pvcs = by_kind("ConfigMap"), by_kind("Secret"), by_kind("PersistentVolumeClaim")
    for name, spec in pod_specs().items():
        for vol in spec.get("volumes", []):
            if "secret" in vol:
                assert vol["secret"]["secretName"] in secrets, name
            if "persistentVolumeClaim" in vol:
                assert vol["persistentVolumeClaim"]["claimName"] in pvcs, name
        mounts = {v["name"] for v in spec.get("volumes", [])}
        for c in containers(spec):
            for m in c.get("volumeMounts", []):
                assert m["name"] in mounts, f"{name}/{c['name']} mounts {m['name']}"
            for src in c.get("envFrom", []):
                if "configMapRef" in src:
                    assert src["configMapRef"]["name"] in configmaps
                if "secretRef" in src:
                    assert src["secretRef"]["name"] in secrets
            for var in c.get("env", []):
                assert var["name"] in SETTINGS | OTHER_ENV, var["name"]
    env_sources = [s for c in containers(pod_specs()["crashfix-web"]) for s in c.get("envFrom", [])]
    for src in env_sources:           # every key that becomes an environment variable is a setting
        ref = src.get("configMapRef") or src.get("secretRef")
        data = (configmaps.get(ref["name"]) or secrets[ref["name"]])
        keys = set(data.get("data", {})) | set(data.get("stringData", {}))
        assert keys <= SETTINGS, keys - SETTINGS
    assert "CRASHFIX_WEBHOOK_SECRET" in secrets["crashfix-secrets"]["stringData"]


def test_the_secrets_are_a_template():
    for name, secret in by_kind("Secret").items():
        assert all(v == "" for v in secret.get("stringData", {}).values()), f"{name} holds a value"
        assert "data" not in secret


def test_only_the_engine_is_privileged_and_the_bot_runs_as_10001():
    for name, spec in pod_specs().items():
        assert spec.get("automountServiceAccountToken") is False or name == "crashfix-redis"
        for c in containers(spec):
            sc = {**spec.get("securityContext", {}), **c.get("securityContext", {})}
            if c["image"].startswith("docker:") and c["image"].endswith("dind"):
                assert sc.get("privileged") is True and c.get("restartPolicy") == "Always"
                assert "--group=10001" in c["args"]
                assert "envFrom" not in c and "env" not in c        # no secret reaches the engine
                continue
            assert not sc.get("privileged"), f"{name}/{c['name']}"
            assert sc.get("runAsNonRoot") is True and sc.get("allowPrivilegeEscalation") is False
            if c["image"].startswith("crashfix/bot"):
                assert sc["runAsUser"] == 10001
    worker = pod_specs()["crashfix-worker"]
    names = [c["name"] for c in worker["initContainers"]]
    assert names == ["dind", "images"]                   # the engine first, then the images on it


# -- issue 18: Redis's password, the network policies, the buffering proxy ---------------------
FORBIDDEN = [ipaddress.ip_network(n) for n in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16",
                                                "100.64.0.0/10", "127.0.0.0/8", "fc00::/7", "fe80::/10")]


def test_redis_requires_the_password_from_the_secret():
    (redis,) = pod_specs()["crashfix-redis"]["containers"]
    script = " ".join(redis["command"] + redis["args"])
    assert '--requirepass "$CRASHFIX_REDIS_PASSWORD"' in script and 'test -n "$CRASHFIX_REDIS_PASSWORD"' in script
    refs = {e["name"]: e["valueFrom"]["secretKeyRef"] for e in redis["env"]}
    assert refs["CRASHFIX_REDIS_PASSWORD"] == refs["REDISCLI_AUTH"] == {"name": "crashfix-secrets",
                                                                         "key": "CRASHFIX_REDIS_PASSWORD"}
    assert "CRASHFIX_REDIS_PASSWORD" in by_kind("Secret")["crashfix-secrets"]["stringData"]


def _selects(policy: dict, name: str) -> bool:
    labels = by_kind("Deployment")[name]["spec"]["template"]["metadata"]["labels"]
    return policy["spec"]["podSelector"].get("matchLabels", {}).items() <= labels.items()


def _peers(rules: list[dict], key: str) -> set[str]:
    return {p["podSelector"]["matchLabels"]["app.kubernetes.io/name"] for r in rules for p in r.get(key, [])
            if "podSelector" in p and "namespaceSelector" not in p}


def test_network_policies_deny_by_default_and_fence_redis():
    policies = by_kind("NetworkPolicy")
    deny = [p for p in policies.values() if p["spec"]["podSelector"] == {}]
    assert len(deny) == 1 and set(deny[0]["spec"]["policyTypes"]) == {"Ingress", "Egress"}
    assert not deny[0]["spec"].get("ingress") and not deny[0]["spec"].get("egress")
    for name in by_kind("Deployment"):
        assert [p for p in policies.values() if p is not deny[0] and _selects(p, name)], f"no policy for {name}"
    allowed_in = {name: _peers([r for p in policies.values() if _selects(p, name) for r in p["spec"].get("ingress", [])],
                               "from") for name in by_kind("Deployment")}
    assert allowed_in["crashfix-redis"] == {"crashfix-web", "crashfix-worker"}
    assert allowed_in["crashfix-web"] == {"crashfix-proxy"}          # only through nginx
    assert allowed_in["crashfix-worker"] == set()
    assert all(not r.get("from") for p in policies.values() if _selects(p, "crashfix-worker")
               for r in p["spec"].get("ingress", []))


@pytest.mark.parametrize("name", ["crashfix-worker", "crashfix-web", "crashfix-redis", "crashfix-proxy"])
def test_egress_never_reaches_private_link_local_or_cluster_ranges(name):
    rules = [r for p in by_kind("NetworkPolicy").values() if _selects(p, name) for r in p["spec"].get("egress", [])]
    for rule in rules:
        assert rule.get("to"), f"{name}: an egress rule without `to` allows every address"
        ports = {p["port"] for p in rule.get("ports", [])}
        assert ports and ports <= {53, 80, 443, 6379, 8080}, f"{name}: ports {ports}"
        for peer in rule["to"]:
            if "ipBlock" not in peer:
                assert "podSelector" in peer, f"{name}: {peer}"
                continue
            cidr = ipaddress.ip_network(peer["ipBlock"]["cidr"])
            excepted = [ipaddress.ip_network(e) for e in peer["ipBlock"].get("except", [])]
            for bad in FORBIDDEN:
                if bad.version == cidr.version and bad.overlaps(cidr):
                    assert any(bad.subnet_of(e) for e in excepted if e.version == bad.version), f"{name} reaches {bad}"
    if name == "crashfix-worker":
        ports = {p["port"] for r in rules for p in r.get("ports", [])}
        assert ports == {53, 80, 443, 6379}


def test_the_proxy_fronts_web_with_the_shipped_nginx_conf(tmp_path):
    kust = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    (gen,) = [g for g in kust["configMapGenerator"] if g["name"] == "crashfix-nginx"]
    assert gen["files"] == ["nginx.conf"]
    proxy = pod_specs()["crashfix-proxy"]
    assert {"configMap": {"name": "crashfix-nginx"}} in [{k: v for k, v in vol.items() if k != "name"}
                                                          for vol in proxy["volumes"]]
    conf = (K8S / "nginx.conf").read_text()
    for line in ("client_max_body_size 25m;", "client_body_timeout 10s;", "client_header_timeout 10s;",
                 "proxy_request_buffering on;", "server crashfix-web:8080;"):
        assert line in conf
    web_ports = by_kind("Service")["crashfix-web"]["spec"]["ports"]
    assert [p["port"] for p in web_ports] == [8080]
    nginx = shutil.which("nginx") or (Path("/usr/sbin/nginx") if Path("/usr/sbin/nginx").exists() else None)
    if nginx is None:
        pytest.skip("nginx is not installed (apt-get install nginx-light) to check the file's syntax")
    (tmp_path / "nginx.conf").write_text(conf.replace("crashfix-web:8080", "127.0.0.1:9")
                                         .replace("/tmp/", f"{tmp_path}/"))
    out = subprocess.run([str(nginx), "-t", "-q", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"),
                          "-e", str(tmp_path / "error.log")], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
