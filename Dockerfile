# The crashfix bot: one image, three commands (the entrypoint is `crashfix`):
#   serve --host 0.0.0.0 --port 8080   the webhook receiver (default)
#   worker                             consumes jobs; needs a Docker engine (DOCKER_HOST or a mounted socket)
#   images                             builds the sandbox images on that engine (one-shot)
#
# With a registry: docker build -t crashfix/bot .
# Without one, build a Debian bookworm base with python3, pip, venv and git first:
#   crashfix images --kind base        (debootstrap + docker import; prints its tag)
#   docker build --build-arg BASE=crashfix/sandbox-base:latest -t crashfix/bot .
# Plain Dockerfile syntax: works with the classic builder (no BuildKit needed).
ARG BASE=python:3.11-slim-bookworm

# -- build: wheels and a virtualenv; nothing of this stage but /opt/crashfix reaches the image ----
FROM ${BASE} AS build
USER root
# behind a TLS-intercepting proxy, pass its CA certificates (PEM text) so pip can reach PyPI:
#   --build-arg EXTRA_CA_CERTS="$(cat /usr/local/share/ca-certificates/*.crt)"   (build stage only)
ARG EXTRA_CA_CERTS=""
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1 PIP_NO_INPUT=1 \
    PIP_CERT=/etc/ssl/certs/ca-certificates.crt PATH=/usr/local/bin:/usr/bin:/bin
WORKDIR /src
RUN if [ -n "$EXTRA_CA_CERTS" ]; then printf '%s\n' "$EXTRA_CA_CERTS" >> /etc/ssl/certs/ca-certificates.crt; fi \
 && python3 -m venv /opt/crashfix
COPY pyproject.toml ./
# the dependencies first: a layer rebuilt only when pyproject.toml changes, not with every code change
RUN mkdir -p bot agent sandbox && touch README.md bot/__init__.py agent/__init__.py sandbox/__init__.py \
 && /opt/crashfix/bin/pip install . && /opt/crashfix/bin/pip uninstall -y -q crashfix \
 && rm -rf README.md bot agent sandbox build ./*.egg-info
COPY README.md ./
COPY bot ./bot
COPY agent ./agent
COPY sandbox ./sandbox
# data the package reads at run time (pyproject.toml installs them beside it): the App manifest of
# `crashfix app create`, the Dockerfiles of `crashfix images` with CRASHFIX_IMAGE_SOURCE=dockerfile
COPY deploy/app-manifest.json ./deploy/
COPY deploy/sandbox ./deploy/sandbox
RUN /opt/crashfix/bin/pip install --no-deps . \
 && /opt/crashfix/bin/python -m pip uninstall -y -q pip setuptools \
 && /opt/crashfix/bin/crashfix --help >/dev/null

# -- the docker CLI only (for `crashfix images`), taken from Debian's docker.io without installing it
FROM ${BASE} AS dockercli
USER root
RUN apt-get update -qq \
 && cd /tmp && apt-get download -qq docker.io \
 && dpkg-deb -x docker.io_*.deb /tmp/x && cp /tmp/x/usr/bin/docker /docker \
 && rm -rf /tmp/x /tmp/*.deb /var/lib/apt/lists/*

# -- the image: python, git, the venv, the docker CLI; no compilers, uid 10001 ------------------
FROM ${BASE}
USER root
ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
RUN (command -v git >/dev/null \
     || (apt-get update -qq && apt-get install -y -qq --no-install-recommends git ca-certificates \
         && rm -rf /var/lib/apt/lists/*)) \
 && useradd --uid 10001 --user-group --create-home --home-dir /home/crashfix --shell /usr/sbin/nologin crashfix \
 && mkdir -p /data && chown 10001:10001 /data
COPY --from=dockercli /docker /usr/local/bin/docker
COPY --from=build /opt/crashfix /opt/crashfix
ENV PATH=/opt/crashfix/bin:/usr/local/bin:/usr/bin:/bin VIRTUAL_ENV=/opt/crashfix HOME=/home/crashfix \
    LANG=C.UTF-8 PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 CRASHFIX_DATA_DIR=/data
USER 10001:10001
WORKDIR /home/crashfix
VOLUME /data
EXPOSE 8080
ENTRYPOINT ["crashfix"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8080"]
