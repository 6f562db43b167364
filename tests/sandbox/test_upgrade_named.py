"""Under uv, `pip install --upgrade X` upgrades only what it names (as pip does), never every installed
package: a retry with today's packages must not drag the project's dependencies past its era."""
from sandbox.install import upgrade_named


def test_upgrade_names_only_the_requirements_the_command_names():
    plugins = "$(python -c \"print(' '.join(sorted({'pytest-x', 'pytest_y'})))\")"
    cmd = f"uv pip install --upgrade 'pytest>=7.2.0' {plugins} || uv pip install --upgrade 'pytest' {plugins}"
    out = upgrade_named(cmd)
    assert " --upgrade " not in out
    assert out == (f"uv pip install --upgrade-package pytest 'pytest>=7.2.0' {plugins} || "
                   f"uv pip install --upgrade-package pytest 'pytest' {plugins}")
    assert upgrade_named("uv pip install --upgrade pip setuptools") == \
        "uv pip install --upgrade-package pip --upgrade-package setuptools pip setuptools"
    assert upgrade_named("uv pip install 'click<8'") == "uv pip install 'click<8'"
