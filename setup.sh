#!/usr/bin/env bash
# Install everything crashfix needs on a Debian machine (as root), then:
#   ./setup.sh demo   run the main job on the bundled example crash
#   ./setup.sh test   run the whole test suite
#   ./setup.sh        install only
set -euo pipefail
cd "$(dirname "$0")"
mode="${1:-install}"
shift || true

DEBS="docker.io debootstrap git universal-ctags gdb redis-server wrk linux-source-6.1 qemu-system-x86 bubblewrap busybox-static flex bison bc libelf-dev libssl-dev cpio gcc make valgrind chromium docker-compose gcc-aarch64-linux-gnu libc6-dev-arm64-cross libasan8-arm64-cross libubsan1-arm64-cross qemu-user"

say() { echo "setup: $*" >&2; }

install_debs() {
    local missing=()
    for pkg in $DEBS; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
    [ ${#missing[@]} -eq 0 ] && return 0
    say "installing Debian packages: ${missing[*]}"
    local sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

install_python() {
    say "installing the crashfix package and its test dependencies"
    python3 -m pip install -q --disable-pip-version-check -e '.[test]'
}

start_dockerd() {
    if docker info >/dev/null 2>&1; then return 0; fi
    say "starting dockerd (log: /var/log/crashfix-dockerd.log)"
    (setsid dockerd >/var/log/crashfix-dockerd.log 2>&1 &)
    for _ in $(seq 1 60); do
        docker info >/dev/null 2>&1 && return 0
        sleep 1
    done
    say "dockerd did not start; see /var/log/crashfix-dockerd.log"; tail -20 /var/log/crashfix-dockerd.log >&2
    return 1
}

install_debs
install_python
start_dockerd
say "building the sandbox image (once; cached by content hash)"
crashfix images --kind python >/dev/null

case "$mode" in
    demo)
        out="${CRASHFIX_DEMO_OUT:-/tmp/crashfix-demo}"
        rm -rf "$out"
        crashfix run --repo examples/inventory/repo --report examples/inventory/report.txt \
            --test-cmd "python -m pytest -q" --out "$out" "$@"
        echo; cat "$out/report.md"
        ;;
    test)
        say "lint: ruff check (rules in pyproject.toml)"
        ruff check .
        python3 -m pytest "$@"
        ;;
    install) ;;
    *) say "unknown mode '$mode' (demo | test)"; exit 2 ;;
esac
