"""Shared fixtures: the Docker engine, the sandbox image, and a test's own environment cache."""
from __future__ import annotations

import os
import shutil
import subprocess
import time

import pytest


def _ping() -> bool:
    try:
        import docker
        docker.DockerClient(base_url="unix:///var/run/docker.sock", timeout=5).ping()
        return True
    except Exception:  # noqa: BLE001
        return False


@pytest.fixture(autouse=True)
def _own_environment_cache(tmp_path_factory, monkeypatch):
    """Each test its own environment cache (sandbox/docker/envcache.py): no run reuses another test's
    prepared environment, and the machine's cache is left alone. Created only when used."""
    monkeypatch.setenv("CRASHFIX_ENV_CACHE", str(tmp_path_factory.getbasetemp() / f"envcache-{os.urandom(6).hex()}"))


@pytest.fixture(scope="session")
def docker_engine():
    """A live Docker engine: start dockerd when it is installed but not running.

    Skips only when Docker is not installed at all."""
    if not shutil.which("dockerd") and not shutil.which("docker"):
        pytest.skip("Docker is not installed")
    if not _ping():
        if not shutil.which("dockerd"):
            pytest.fail("docker CLI present but the engine is unreachable and dockerd is not installed")
        log = open("/tmp/dockerd.log", "ab")
        subprocess.Popen(["dockerd"], stdout=log, stderr=log, start_new_session=True)
        deadline = time.monotonic() + 60
        while not _ping():
            if time.monotonic() > deadline:
                pytest.fail("dockerd did not answer a ping within 60 s; see /tmp/dockerd.log")
            time.sleep(0.5)
    return "unix:///var/run/docker.sock"


@pytest.fixture(scope="session")
def sandbox_image(docker_engine) -> str:
    """The python sandbox image (built once with debootstrap when missing)."""
    from sandbox.docker.images import ensure_image
    return ensure_image("python", log=lambda m: print(m, flush=True))


@pytest.fixture(scope="session")
def docker_limits():
    from sandbox.docker.sandbox import Limits
    return Limits(mem=os.environ.get("CRASHFIX_TEST_MEM", "512m"))


# The fast tier is `pytest -m "not docker and not kernel and not slow"` (the README names it). Tests
# that start real pipelines, worker processes, servers or compilers are "slow": marked here, in one
# place, by node-id prefix (a module, or a test within one), beside the explicit @pytest.mark.slow.
SLOW = (
    "tests/agent/research/test_agent_e2e.py",
    "tests/agent/research/test_loop.py::test_a_stopped_run_resumes_from_its_saved_messages",
    "tests/agent/research/test_workspace_tools.py",
    "tests/agent/test_pipeline_e2e.py",
    "tests/agent/test_run.py",
    "tests/agent/python/test_templates.py::test_some_candidate_fixes_the_crash",
    "tests/agent/python/test_templates.py::test_values_point_the_none_guard_at_the_right_name",
    "tests/agent/python/test_templates.py::test_candidates_on_real_code_apply_cleanly_and_parse",
    "tests/agent/native/templates/test_clib_fixture.py",
    "tests/agent/native/templates/test_families.py",
    "tests/agent/native/",
    "tests/agent/python/ladder/test_eval_issues.py",
    "tests/agent/python/environment/test_sanity.py",
    "tests/sandbox/test_errors.py::test_offline_install_of_a_package",
    "tests/sandbox/test_local_tree.py",
    "tests/faults/",
    "tests/hostile/",
    "tests/dashboard/test_browser.py",
    "tests/deploy/test_app_create.py::test_the_whole_flow_stores_working_credentials",
    "tests/security/test_slow_uploads.py",
    "tests/security/test_kernel_isolation.py",
    "tests/security/test_kernel_jobs_setting.py",
    "tests/security/test_secrets_and_injection_e2e.py",
    "tests/security/test_queue_format.py",
    "tests/bot/test_app_e2e.py",
    "tests/test_eval_cases.py",
    # each starts real pytest runs, a worker, a server or a shell install (seconds each)
    "tests/agent/python/ladder/test_extraction.py::test_the_regression_test_fails_on_the_reported_exception_only",
    "tests/security/test_local_refused.py::test_unsafe_switch_starts_the_worker",
    "tests/sandbox/test_errors.py",
    "tests/agent/test_probe_and_tests.py",
    "tests/agent/reports/test_python_real.py",
    "tests/agent/python/test_templates.py::test_a_template_that_raises_is_logged_and_the_others_still_run",
    "tests/agent/python/test_templates.py::test_crash_inside_a_test_never_patches_tests",
    "tests/agent/python/test_templates.py::test_protected_paths_and_test_files_are_never_touched",
    "tests/deploy/test_app_create.py",
    "tests/bot/test_webhook_fuzz.py",
    "tests/agent/research/test_loop.py::test_each_budget_stops_the_run_with_its_reason",
    "tests/agent/research/test_context.py",
    "tests/sandbox/test_behaviour.py",
    "tests/security/test_sandbox_git.py",
    "tests/bot/test_github.py::test_retries_over_real_http_wait_as_github_asks",
)


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.nodeid.startswith(SLOW):
            item.add_marker(pytest.mark.slow)
