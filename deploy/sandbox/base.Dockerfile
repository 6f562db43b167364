# Not a sandbox: the base of the bot's own image (Dockerfile BASE), for hosts that can pull from a
# registry (CRASHFIX_IMAGE_SOURCE=dockerfile). Without one, sandbox/images.py builds the same with
# debootstrap: python3, pip, venv and git on Debian bookworm, with the same sandbox user as the others.
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 python3-pip python3-venv git ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --uid 1000 --user-group --create-home --shell /bin/bash sandbox \
 && mkdir -p /workspace && chown 1000:1000 /workspace
ENV LANG=C.UTF-8 PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1
USER sandbox
WORKDIR /workspace
