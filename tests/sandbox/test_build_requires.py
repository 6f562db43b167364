"""The offline editable install builds without isolation: the project's build backend (flit_core,
hatchling, pdm-backend, poetry-core) is installed online before it, read safely from pyproject.toml."""
from __future__ import annotations

import os

import pytest

from sandbox.setup import OFFLINE_SELF, InstallStep, build_requires, plan_commands


def test_the_build_backend_is_installed_online_before_the_offline_editable_install(tmp_path):
    (tmp_path / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["flit_core >=3.2,<4", "setuptools>=61", "wheel"]\n'
        'build-backend = "flit_core.buildapi"\n')
    steps = plan_commands(tmp_path, ["pip install -e ."])
    assert steps[0] == InstallStep("pip install 'flit_core >=3.2,<4'", True, optional=True, backend=True)
    assert steps[1] == InstallStep(OFFLINE_SELF, False)
    assert [s.cmd for s in steps[2:]] == ["python -m pip install --no-build-isolation -e ."]


def test_no_backend_step_for_the_images_setuptools_a_bad_file_or_a_link_out(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[build-system]\nrequires = ["setuptools>=40.8", "wheel"]\n')
    assert build_requires(tmp_path) is None
    assert [s.cmd for s in plan_commands(tmp_path, ["pip install -e ."])][0] == OFFLINE_SELF
    (tmp_path / "pyproject.toml").write_text('[build-system\nrequires = ["hatchling"]\n')
    assert build_requires(tmp_path) is None                       # not TOML: no step, no crash
    outside = tmp_path.parent / f"{tmp_path.name}-outside.toml"
    outside.write_text('[build-system]\nrequires = ["hatchling"]\n')
    (tmp_path / "pyproject.toml").unlink()
    os.symlink(outside, tmp_path / "pyproject.toml")
    assert build_requires(tmp_path) is None                       # a link out of the tree is not read



@pytest.mark.docker
def test_a_poetry_core_of_the_cut_off_without_build_editable_is_replaced_by_todays_said(repo_factory):
    """poetry-core of 2021 has no PEP 660 `build_editable`: the offline editable install fails with
    it; today's release of the same requirement is installed (said) and the install goes on."""
    from sandbox import open_sandbox
    repo = repo_factory({
        "pyproject.toml": '[tool.poetry]\nname = "tiny"\nversion = "0.1.0"\ndescription = ""\n'
                          'authors = ["A <a@example.org>"]\n\n[tool.poetry.dependencies]\npython = "*"\n\n'
                          '[build-system]\nrequires = ["poetry-core>=1.0.0"]\n'
                          'build-backend = "poetry.core.masonry.api"\n',
        "tiny/__init__.py": "X = 1\n"})
    notes: list[str] = []
    box = open_sandbox("docker", repo, steps=plan_commands(repo, ["pip install -e ."]),
                       as_of="2021-08-08T12:00:00Z", notes=notes)
    try:
        assert any("cannot install editable (no `build_editable`)" in n and "today's packages" in n for n in notes), notes
        assert box.run("cd /tmp && python -c 'import tiny; print(tiny.X)'", timeout=60).output.strip() == "1"
    finally:
        box.close()
