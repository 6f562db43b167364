from __future__ import annotations

import pytest

from sandbox.docker import images


def test_tag_is_a_recipe_hash():
    tag = images.image_tag("python")
    assert tag.startswith("crashfix/sandbox-python:") and len(tag.split(":")[1]) == 16
    assert images.image_tag("python") == tag
    assert images.image_tag("c") != tag
    with pytest.raises(ValueError):
        images.image_tag("cobol")


def test_dockerfiles_exist_for_every_kind():
    for kind in images.PACKAGES:
        text = (images.DEPLOY_DIR / f"{kind}.Dockerfile").read_text()
        assert "FROM " in text and "--uid 1000" in text


@pytest.mark.docker
def test_ensure_image_is_built_once(sandbox_image):
    logs = []
    assert images.ensure_image("python", log=logs.append) == sandbox_image
    assert logs == []   # present: no build
    status = dict((k, (t, p)) for k, t, p in images.image_status())
    assert status["python"] == (sandbox_image, True)
