#!/bin/sh
# Build the sandbox images (no registry needed: debootstrap + docker import).
#   scripts/build-images.sh            # python image
#   scripts/build-images.sh python c   # both
#   CRASHFIX_IMAGE_SOURCE=dockerfile scripts/build-images.sh   # docker build from deploy/sandbox/
set -e
cd "$(dirname "$0")/.."
exec python -m sandbox.docker.images "$@"
