#!/usr/bin/env bash
# Installs clang++ and its libFuzzer runtime, which the sanitizer build of scripts/test.sh and
# the fuzz targets (fuzz/run.sh) are built with. Safe to run again; the README's first
# command does not need them.
set -euo pipefail
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
install() {
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@"
}
command -v clang++ >/dev/null || install clang
if ! compgen -G "/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a" >/dev/null; then
  install "libclang-rt-$(clang++ --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)-dev"
fi
