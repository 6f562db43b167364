"""`crashfix doctor` names exactly what builds a missing sandbox image on this machine (issue 27): the
package it lacks, that it runs as root, the command, and the registry alternative."""
from __future__ import annotations

from sandbox.docker import images


def test_the_fix_line_says_what_this_machine_needs(monkeypatch):
    monkeypatch.delenv("CRASHFIX_IMAGE_SOURCE", raising=False)
    monkeypatch.setattr(images.shutil, "which", lambda name: None)
    monkeypatch.setattr(images.os, "geteuid", lambda: 1000)
    hint = images.build_hint("python")
    assert hint.startswith("apt-get install debootstrap, then as root: crashfix images --kind python (")
    assert hint.endswith("CRASHFIX_IMAGE_SOURCE=dockerfile crashfix images --kind python")
    monkeypatch.setattr(images.shutil, "which", lambda name: "/usr/sbin/" + name)
    monkeypatch.setattr(images.os, "geteuid", lambda: 0)
    assert images.build_hint("c").startswith("crashfix images --kind c (debootstrap + docker import")
    monkeypatch.setenv("CRASHFIX_IMAGE_SOURCE", "dockerfile")
    assert images.build_hint("python") == ("crashfix images --kind python  (docker build of "
                                           "deploy/sandbox/python.Dockerfile; needs a registry)")


def test_doctor_prints_it_for_a_missing_image(monkeypatch, capsys):
    from bot.cli import doctor
    monkeypatch.setattr(images, "image_status", lambda: [("python", "crashfix/sandbox-python:0123", False)])
    monkeypatch.setattr(images, "build_hint", lambda kind: f"HINT for {kind}")
    checks = {c.name: c for c in doctor.check_docker()}
    if not checks["docker engine"].ok:                   # no engine here: the image check is not reached
        assert "not reachable" in checks["docker engine"].detail
        return
    image = checks["sandbox image (python)"]
    assert not image.ok and image.required and image.fix == "HINT for python"
