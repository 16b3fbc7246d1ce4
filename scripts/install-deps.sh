#!/usr/bin/env bash
# Installs the Debian packages Sabbat builds and tests with. Safe to run again.
set -euo pipefail
packages=(
  build-essential cmake ninja-build pkg-config
  nlohmann-json3-dev libcli11-dev libgtest-dev libgmock-dev libbenchmark-dev
  libsqlite3-dev
  libboost1.81-dev
  libssl-dev
  zlib1g-dev
  libjemalloc-dev
  clang-format
  chromium
  nginx
  curl systemd file
  postgresql libpq-dev haproxy
  python3-dev pybind11-dev python3-numpy python3-pytest
  # `pip install .` of the module offline (pyproject.toml, setup.py), and stubtest for its stubs
  python3-venv python3-pip python3-setuptools python3-wheel python3-mypy
)
# Node and npm for the web client: Debian's packages, unless a Node with its npm is already
# installed (NodeSource's nodejs bundles npm and conflicts with Debian's npm package).
command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi
