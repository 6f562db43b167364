# Sandbox image for Python repositories, for hosts that can pull from a registry.
# Without a registry, sandbox/images.py builds an equivalent image with debootstrap.
# --build-arg PYTHON=3.9 (any X.Y with an official python:X.Y-slim image) picks the version;
# uv (pinned like sandbox/pythons.py UV) installs dependencies with an upload-date cut-off.
ARG PYTHON=3.11
FROM python:${PYTHON}-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends git gdb ca-certificates make gcc g++ locales \
 && sed -i 's/^# *\(en_US.UTF-8 UTF-8\)/\1/' /etc/locale.gen && locale-gen \
 && rm -rf /var/lib/apt/lists/* \
 && pip install --no-cache-dir pytest setuptools wheel uv==0.13.9 \
 && useradd --uid 1000 --user-group --create-home --shell /bin/bash sandbox \
 && mkdir -p /workspace && chown 1000:1000 /workspace
USER sandbox
RUN python -m venv --system-site-packages --without-pip /home/sandbox/venv \
 && for n in pip pip3; do printf '#!/bin/sh\nexec "$(dirname "$0")/python" -m pip "$@"\n' \
      > /home/sandbox/venv/bin/$n && chmod 755 /home/sandbox/venv/bin/$n; done \
 && git config --global --add safe.directory '*'
ENV PYTHONDONTWRITEBYTECODE=1 PIP_NO_INPUT=1 PIP_DISABLE_PIP_VERSION_CHECK=1 LANG=C.UTF-8 \
    HOME=/home/sandbox VIRTUAL_ENV=/home/sandbox/venv \
    PATH=/home/sandbox/venv/bin:/usr/local/bin:/usr/bin:/bin
WORKDIR /workspace
