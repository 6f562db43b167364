"""`.github/crashfix.yml`: read through the recorded GitHub imitation, merged, validated."""
from __future__ import annotations

import pytest
import responses

from bot.github.api import GitHubAPI, TokenCache
from bot.repo_config import (CONFIG_PATH, ConfigError, RepoConfig, config_error_comment, is_protected,
                             load_repo_config, validate)
from github_fakes import FakeGitHub, assert_valid_github_requests, rsa_private_key

REPO = "octo-org/hello-world"


@pytest.fixture(scope="module")
def key() -> str:
    return rsa_private_key()


@pytest.fixture
def fake(key):
    fake = FakeGitHub(private_key=key)
    for repo in (REPO, "octo-org/.github", "octo-org/crash-defaults", "other-org/shared"):
        fake.add_repo(repo)
    with responses.RequestsMock(assert_all_requests_are_fired=False) as rs:
        fake.install(rs)
        yield fake


@pytest.fixture
def api(key):
    return GitHubAPI(4242, key, 1, seconds_between_requests=0, seconds_between_writes=0, token_cache=TokenCache())


def test_no_api_or_no_file_gives_the_defaults(fake, api, tmp_path):
    assert load_repo_config(None, REPO) == RepoConfig()
    config = load_repo_config(api, REPO)
    assert config.trigger_label == "crashfix" and config.python is None and config.draft is True
    assert config.strategies == ["templates", "llm"] and config.budgets.steps == 50
    assert ".github/**" in config.protected_paths and "tests/**" in config.protected_paths
    paths = [r["url"] for r in fake.recorded if r["method"] == "GET"]
    assert paths == [f"https://api.github.com/repos/octo-org/.github/contents/{CONFIG_PATH}",
                     f"https://api.github.com/repos/{REPO}/contents/{CONFIG_PATH}"]
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_a_valid_file(fake, api, tmp_path):
    fake.files[(REPO, CONFIG_PATH)] = """
trigger_label: fix-crash
setup_cmd: pip install -e .[test]
test_cmd: python -m pytest -q
python: "3.12"
draft: false
budgets: {steps: 20, usd: 0.5}
protected_paths: ["migrations/**", "*.lock"]
strategies: [templates]
"""
    config = load_repo_config(api, REPO)
    assert config.trigger_label == "fix-crash" and config.test_cmd == "python -m pytest -q"
    assert config.python == "3.12" and config.draft is False and config.strategies == ["templates"]
    assert config.budgets.steps == 20 and config.budgets.usd == 0.5 and config.budgets.seconds == 1800
    assert is_protected(config, "migrations/0001_initial.py") and is_protected(config, "sub/poetry.lock")
    assert not is_protected(config, "tests/test_x.py")          # the repo replaced the list
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_org_defaults_then_extends_then_the_repo(fake, api, tmp_path):
    fake.files[("octo-org/.github", CONFIG_PATH)] = (
        "trigger_label: org-crash\ntest_cmd: make test\nbudgets: {usd: 1.0, steps: 10}\n")
    fake.files[("other-org/shared", "crashfix/python.yml")] = (
        "setup_cmd: pip install -e .\nbudgets: {steps: 30}\npython: '3.10'\n")
    fake.files[("octo-org/crash-defaults", CONFIG_PATH)] = (
        "_extends: other-org/shared:crashfix/python.yml\nimage: ghcr.io/octo-org/sandbox:1\nbudgets: {seconds: 900}\n")
    fake.files[(REPO, CONFIG_PATH)] = "_extends: crash-defaults\ntest_cmd: tox -e py\n"
    config = load_repo_config(api, REPO)
    assert config.trigger_label == "org-crash"                   # org
    assert config.setup_cmd == "pip install -e ." and config.python == "3.10"   # extended, two levels
    assert config.image == "ghcr.io/octo-org/sandbox:1"           # extended
    assert config.test_cmd == "tox -e py"                         # repo wins over org
    assert config.budgets.model_dump() == {"steps": 30, "tokens": 400_000, "usd": 1.0, "seconds": 900}
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


def test_extends_cycles_and_missing_targets_are_errors(fake, api):
    fake.files[(REPO, CONFIG_PATH)] = "_extends: crash-defaults\n"
    fake.files[("octo-org/crash-defaults", CONFIG_PATH)] = "_extends: octo-org/hello-world\n"
    with pytest.raises(ConfigError, match="cycle") as info:
        load_repo_config(api, REPO)
    assert info.value.field == "_extends"
    fake.files[(REPO, CONFIG_PATH)] = "_extends: nowhere\n"
    with pytest.raises(ConfigError, match="octo-org/nowhere:.github/crashfix.yml not found"):
        load_repo_config(api, REPO)
    fake.files[(REPO, CONFIG_PATH)] = "_extends: a/b/c\n"
    with pytest.raises(ConfigError, match="_extends: 'a/b/c' is not"):
        load_repo_config(api, REPO)


def test_an_invalid_field_names_the_field_and_becomes_a_comment(fake, api, tmp_path):
    fake.files[("octo-org/.github", CONFIG_PATH)] = "test_cmd: make test\n"
    fake.files[(REPO, CONFIG_PATH)] = "test_cmd: [pytest, -q]\n"
    with pytest.raises(ConfigError) as info:
        load_repo_config(api, REPO)
    err = info.value
    assert str(err) == err.message == "test_cmd: Input should be a valid string"
    assert err.field == "test_cmd" and err.source == f"{REPO}:{CONFIG_PATH}"   # the repo's file, not the org's
    comment = config_error_comment(err)
    assert "- `test_cmd`: Input should be a valid string" in comment
    assert f"`{REPO}:{CONFIG_PATH}`" in comment
    assert "`test_cmd`: The test command" in comment             # the field's docstring
    assert_valid_github_requests(fake.recorded, tmp_path, "--github-app")


@pytest.mark.parametrize("text, field, message", [
    ("tset_cmd: pytest\n", "tset_cmd", "tset_cmd: unknown setting (did you mean test_cmd?)"),
    ("budgets: {usd: lots}\n", "budgets.usd", "budgets.usd: Input should be a valid number"),
    ("budgets: {step: 3}\n", "budgets.step", "budgets.step: unknown setting (did you mean budgets.steps?)"),
    ("python: 3.12\n", "python", "python: YAML read a number; quote the version"),
    ("strategies: [magic]\n", "strategies.0", "strategies.0: Input should be 'templates' or 'llm'"),
    ("strategies: []\n", "strategies", "strategies: List should have at least 1 item"),
    ("draft: maybe\n", "draft", "draft: Input should be a valid boolean"),
])
def test_bad_values(text, field, message, fake, api):
    fake.files[(REPO, CONFIG_PATH)] = text
    with pytest.raises(ConfigError) as info:
        load_repo_config(api, REPO)
    assert info.value.field == field and info.value.message.startswith(message), info.value.message


def test_invalid_yaml_and_non_mappings(fake, api):
    fake.files[(REPO, CONFIG_PATH)] = "test_cmd: [unclosed\n"
    with pytest.raises(ConfigError, match=r"crashfix.yml: not valid YAML \(line \d+, column \d+\)") as info:
        load_repo_config(api, REPO)
    assert "not valid YAML" in config_error_comment(info.value)
    fake.files[(REPO, CONFIG_PATH)] = "- a\n- b\n"
    with pytest.raises(ConfigError, match="must hold a mapping"):
        load_repo_config(api, REPO)
    fake.files[(REPO, CONFIG_PATH)] = "# only a comment\n"
    assert load_repo_config(api, REPO) == RepoConfig()


def test_protected_path_globs():
    config = RepoConfig()
    for path in ("tests/test_a.py", "src/pkg/tests/x.py", "src/test_x.py", "src/a_test.py", "conftest.py",
                 ".github/workflows/ci.yml", "/.github/crashfix.yml", "./tests/x.py"):
        assert is_protected(config, path), path
    for path in ("src/app.py", "testsuite/a.py", "src/contest.py", "docs/tests.md"):
        assert not is_protected(config, path), path
    custom = validate({"protected_paths": ["vendor/", "src/*/generated_*.py", "Makefile", "data/[ab]?.csv"]})
    assert is_protected(custom, "vendor/lib/x.c") and is_protected(custom, "src/a/generated_x.py")
    assert not is_protected(custom, "src/a/b/generated_x.py")     # * stays within one folder
    assert is_protected(custom, "sub/Makefile") and is_protected(custom, "data/a1.csv")
    assert not is_protected(custom, "data/c1.csv")


def test_the_repo_config_reaches_the_run(harness, tmp_path):
    """build_cmd and max_diff_lines from crashfix.yml are what the pipeline runs with."""
    import yaml
    config = validate(yaml.safe_load("build_cmd: make -j2\ntest_cmd: make check\nmax_diff_lines: 40\n"
                                     "protected_paths: ['include/**']\n"))
    from bot.jobs.store import create_job, get_job
    from bot.kinds.context import Context
    from bot.kinds.runner import Target, run_config
    with harness.db.tx() as tx:
        job_id = create_job(tx, "fix", installation_id=1, repo=REPO, issue=1)
    job = get_job(harness.db, job_id)
    ctx = Context(job, harness.api, harness.db, harness.settings, harness.pipeline, check_cancel=lambda: None)
    run = run_config(ctx, Target(1, config, "report"), tmp_path)
    assert run.build_cmd == "make -j2" and run.test_cmd == "make check" and run.max_diff_lines == 40
    assert run.protected("include/clib.h") and not run.protected("src/list.c")
    default = run_config(ctx, Target(1, validate({}), "report"), tmp_path)
    assert default.build_cmd is None and default.max_diff_lines == 200
    with pytest.raises(ConfigError):
        validate({"max_diff_lines": 0})
