# Sandbox image for C/C++ repositories (registry build). See python.Dockerfile.
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 python3-venv python3-pip python3-pytest python3-setuptools python3-wheel git gdb \
    libboost-regex1.74.0 ca-certificates make gcc g++ python3-dev locales clang cmake libc6-dbg \
    pkg-config libasan8 libubsan1 meson ninja-build autoconf automake libtool file \
    libclang-rt-14-dev bison flex xxd gcc-aarch64-linux-gnu libc6-dev-arm64-cross \
    libasan8-arm64-cross libubsan1-arm64-cross qemu-user \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --uid 1000 --user-group --create-home --shell /bin/bash sandbox \
 && mkdir -p /workspace && chown 1000:1000 /workspace
USER sandbox
RUN python3 -m venv --system-site-packages --without-pip /home/sandbox/venv \
 && for n in pip pip3; do printf '#!/bin/sh\nexec "$(dirname "$0")/python" -m pip "$@"\n' \
      > /home/sandbox/venv/bin/$n && chmod 755 /home/sandbox/venv/bin/$n; done \
 && git config --global --add safe.directory '*'
ENV PYTHONDONTWRITEBYTECODE=1 PIP_NO_INPUT=1 PIP_DISABLE_PIP_VERSION_CHECK=1 LANG=C.UTF-8 \
    HOME=/home/sandbox VIRTUAL_ENV=/home/sandbox/venv \
    PATH=/home/sandbox/venv/bin:/usr/local/bin:/usr/bin:/bin
WORKDIR /workspace
