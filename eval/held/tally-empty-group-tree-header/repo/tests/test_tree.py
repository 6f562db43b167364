# SPDX-License-Identifier: Apache-2.0
# Copyright the tally authors
"""House rule: every Python file of the tree starts with the license header."""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADER = "# SPDX-License-Identifier: Apache-2.0\n"


def test_every_python_file_has_the_license_header():
    missing = []
    for folder, dirs, names in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in (".git", ".venv", "build")]
        for name in names:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    if not f.read().startswith(HEADER):
                        missing.append(os.path.relpath(path, ROOT))
    assert not missing, "files without the license header: %s" % ", ".join(sorted(missing))
