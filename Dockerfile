# The crashfix bot (web and worker). Where no registry is reachable, build a local base first
# (e.g. `crashfix images --kind python`) and pass it: docker build --build-arg BASE=crashfix/sandbox-python:latest .
ARG BASE=python:3.11-slim
FROM ${BASE}
USER root
RUN (command -v git >/dev/null || (apt-get update && apt-get install -y --no-install-recommends git && rm -rf /var/lib/apt/lists/*)) \
    && (id crashfix >/dev/null 2>&1 || useradd --create-home --uid 10001 crashfix)
WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY agent ./agent
COPY sandbox ./sandbox
RUN python3 -m pip install --no-cache-dir --break-system-packages . 2>/dev/null || python3 -m pip install --no-cache-dir .
USER crashfix
ENV CRASHFIX_DATA_DIR=/home/crashfix/data
EXPOSE 8080
CMD ["crashfix", "serve", "--host", "0.0.0.0", "--port", "8080"]
