#!/usr/bin/env bash
# Builds the Debian package from a build directory and checks it as a host would meet it: the
# program, the web client and the unit where Debian puts them, the config a conffile, the
# libraries in Depends, lintian's verdict and the program's hardening, the program serving the
# packaged web client by itself, the unit passing `systemd-analyze verify`, and the package
# installed, run and purged under a real systemd (package/systemd_test.sh).
# Usage: package/test.sh BUILD_DIR
set -euo pipefail
build=$(cd "${1:?usage: package/test.sh BUILD_DIR}" && pwd)
tmp=$(mktemp -d)
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
fail() { echo "package: $*" >&2; exit 1; }

cpack --config "$build/CPackConfig.cmake" -B "$tmp/out" >"$tmp/cpack.log" 2>&1 ||
  { cat "$tmp/cpack.log" >&2; fail "cpack failed"; }
deb=$(find "$tmp/out" -maxdepth 1 -name "sabbat_*.deb" | head -1)
[ -n "$deb" ] || fail "no sabbat_*.deb in cpack's output"

contents=$(dpkg-deb --contents "$deb")
for path in ./usr/bin/sabbat ./usr/share/sabbat/web/index.html ./usr/lib/systemd/system/sabbat.service \
  ./etc/sabbat/sabbat.conf ./usr/share/doc/sabbat/hosting.md ./usr/share/sabbat/nginx/sabbat.conf \
  ./usr/share/sabbat/certbot/sabbat-deploy-hook ./usr/share/sabbat/haproxy/sabbat.cfg \
  ./usr/share/doc/sabbat/cluster.md; do
  grep -q " $path\$" <<<"$contents" || fail "$path is not in the package"
done
grep -q '^-rwxr-xr-x .* ./usr/bin/sabbat$' <<<"$contents" || fail "/usr/bin/sabbat is not executable"

dpkg-deb --ctrl-tarfile "$deb" | tar -x -O ./conffiles | grep -qx /etc/sabbat/sabbat.conf ||
  fail "/etc/sabbat/sabbat.conf is not a conffile"
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libsqlite3 libssl zlib1g adduser; do
  grep -q "$lib" <<<"$depends" || fail "Depends lacks $lib: $depends"
done

# lintian, as Debian judges a package: no error, no warning (installed here if missing, as
# fuzz/run.sh installs clang: the README's first command does not need it).
if ! command -v lintian >/dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq lintian >/dev/null
fi
if ! lintian --fail-on error,warning --no-tag-display-limit "$deb" >"$tmp/lintian.log" 2>&1; then
  cat "$tmp/lintian.log" >&2
  fail "lintian found errors or warnings"
fi
# Hardening, checked on the program itself: relocations read-only after start (RELRO with
# BIND_NOW), and the C library's fortified calls (lintian only mentions these).
program=$(mktemp -d -p "$tmp")
dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$program" ./usr/bin/sabbat
# (Read whole first: grep -q leaving early would fail readelf's pipe under pipefail.)
segments=$(readelf -lW "$program/usr/bin/sabbat")
dynamic=$(readelf -dW "$program/usr/bin/sabbat")
symbols=$(readelf -sW --dyn-syms "$program/usr/bin/sabbat")
grep -q GNU_RELRO <<<"$segments" || fail "the program has no RELRO segment"
grep -Eq 'BIND_NOW|FLAGS_1.*NOW' <<<"$dynamic" || fail "the program is not linked with -z now"
grep -q '__[a-z]*_chk' <<<"$symbols" || fail "the program calls no fortified function (_FORTIFY_SOURCE)"

# The packaged program, from the unpacked tree: it finds the web client beside itself
# (../share/sabbat/web), with no --web.
root="$tmp/root"
dpkg-deb -x "$deb" "$root"
"$root/usr/bin/sabbat" games >/dev/null || fail "the packaged sabbat does not run"
"$root/usr/bin/sabbat" serve --port 0 --data "$tmp/data" >"$tmp/serve.out" 2>"$tmp/serve.err" &
server=$!
url=""
for _ in $(seq 1 300); do
  url=$(sed -n 's/^Sabbat is serving at \(http[^ ]*\).*/\1/p' "$tmp/serve.out")
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || fail "the packaged server did not start: $(cat "$tmp/serve.err")"
grep -q "no web client found" "$tmp/serve.out" && fail "the packaged server did not find its web client"
page=$(curl -fsS "$url/")
cmp -s <(printf '%s' "$page") <(printf '%s' "$(cat "$root/usr/share/sabbat/web/index.html")") ||
  fail "GET / is not the packaged web client's index.html"
kill "$server"
wait "$server" 2>/dev/null || true
server=""

# The unit, with ExecStart pointed at the unpacked program (systemd-analyze verify checks that
# the binary exists), checked against this machine's systemd.
if command -v systemd-analyze >/dev/null; then
  mkdir -p "$tmp/unit"
  sed "s|/usr/bin/sabbat|$root/usr/bin/sabbat|" "$root/usr/lib/systemd/system/sabbat.service" \
    >"$tmp/unit/sabbat.service"
  if ! systemd-analyze verify "$tmp/unit/sabbat.service" >"$tmp/verify.log" 2>&1; then
    cat "$tmp/verify.log" >&2
    fail "systemd-analyze verify refused the unit"
  fi
  grep -i "sabbat.service" "$tmp/verify.log" >&2 && fail "systemd-analyze verify warned about the unit"
else
  echo "package: skipped the unit check: no systemd-analyze"
fi
# The unit under a real systemd, as PID 1 of a container: installed, served, reloaded, backed
# up and restored, purged (package/systemd_test.sh; it says why where it cannot run here).
status=0
bash "$(dirname "$0")/systemd_test.sh" "$deb" || status=$?
[ "$status" -eq 0 ] || [ "$status" -eq 77 ] || fail "the package under systemd failed"
echo "package: $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB) holds the server, its web client and a verified unit"
