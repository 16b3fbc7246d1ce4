#!/usr/bin/env bash
# The package under a real systemd, as PID 1 of a container (systemd-nspawn) booted from this
# machine's own system seen through an overlay, so that nothing here changes: the package
# installed there starts its service as the sabbat user; /healthz answers; a reload, a backup
# and a restore by the guide's commands (the store stays the service's, writable); a stop; a
# purge that removes the user, the store and certbot's hook.
# Usage: package/systemd_test.sh SABBAT.deb
# Exits 77 (ctest's "skipped"), saying why, where this machine cannot boot such a container.
set -euo pipefail
deb=$(realpath "${1:?usage: package/systemd_test.sh SABBAT.deb}")
skip() {
  echo "systemd: skipped: $*"
  exit 77
}
fail() {
  echo "systemd: $*" >&2
  [ -n "${pid:-}" ] && inside journalctl -u sabbat --no-pager -n 40 >&2 2>/dev/null || true
  exit 1
}
[ "$(id -u)" -eq 0 ] || skip "booting a container needs root"
if ! command -v systemd-nspawn >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq systemd-container >/dev/null 2>&1 ||
    skip "systemd-container (systemd-nspawn) cannot be installed"
fi

os=$(mktemp -d -p /var/tmp sabbat-os.XXXXXX)
nspawn="" pid=""
cleanup() {
  [ -n "$nspawn" ] && kill "$nspawn" 2>/dev/null && wait "$nspawn" 2>/dev/null || true
  umount "$os/root" 2>/dev/null || true
  rm -rf "$os"
}
trap cleanup EXIT
mkdir -p "$os/upper" "$os/work" "$os/root"
mount -t overlay overlay -o "lowerdir=/,upperdir=$os/upper,workdir=$os/work" "$os/root" ||
  skip "no overlay file system of / here"
# A machine built as a container image may forbid services to start on install
# (policy-rc.d): the test's system is a Debian where they do.
rm -f "$os/root/usr/sbin/policy-rc.d"
# /srv: the container mounts a tmpfs of its own on /tmp.
cp "$deb" "$os/root/srv/sabbat.deb"
# Its own network (loopback only), so that its port 8080 meets no other test's.
systemd-nspawn -D "$os/root" --boot --private-network --register=no --keep-unit \
  --machine="sabbat-$$" --console=passive >"$os/boot.log" 2>&1 &
nspawn=$!
for _ in $(seq 1 100); do
  pid=$(pgrep -P "$nspawn" 2>/dev/null | head -1 || true)
  [ -n "$pid" ] && break
  sleep 0.1
done
[ -n "$pid" ] || skip "systemd-nspawn did not start a container: $(head -c 600 "$os/boot.log")"
inside() { nsenter -t "$pid" -a -- "$@"; }
# Until its bus is up, systemctl cannot even ask.
state=""
for _ in $(seq 1 120); do
  state=$(timeout 60 nsenter -t "$pid" -a -- systemctl is-system-running --wait 2>&1 || true)
  case "$state" in
    running | degraded) break ;;
  esac
  sleep 0.5
done
case "$state" in
  running | degraded) ;;
  *) skip "systemd did not come up in the container ($state): $(head -c 600 "$os/boot.log")" ;;
esac

# Installed as an administrator would: the service starts by itself, as the sabbat user.
inside dpkg -i /srv/sabbat.deb >"$os/dpkg.log" 2>&1 || { cat "$os/dpkg.log" >&2; fail "dpkg -i failed"; }
healthy() {
  for _ in $(seq 1 100); do
    inside curl -fsS http://127.0.0.1:8080/healthz 2>/dev/null | grep -q '"writable"' && return 0
    sleep 0.1
  done
  return 1
}
healthy || fail "the service did not answer /healthz with a writable store after the install"
[ "$(inside systemctl show sabbat -p User --value)" = sabbat ] || fail "the service does not run as sabbat"
[ "$(inside ps -o user= -C sabbat | head -1)" = sabbat ] || fail "the server process is not the sabbat user's"
[ "$(inside stat -c '%U %a' /var/backups/sabbat)" = "sabbat 750" ] || fail "/var/backups/sabbat is not sabbat's, 0750"

# A reload keeps it serving (without TLS it has no certificate to read: logged, not fatal).
inside systemctl reload sabbat
inside systemctl is-active --quiet sabbat || fail "the service stopped at a reload"

# The guide's backup (as the service user, into the package's folder) and restore.
inside runuser -u sabbat -- sabbat backup --data /var/lib/sabbat /var/backups/sabbat/night.db >/dev/null ||
  fail "sabbat backup as the sabbat user failed"
[ "$(inside stat -c '%a' /var/backups/sabbat/night.db)" = 600 ] || fail "the backup is not 0600"
inside sabbat restore --data /var/lib/sabbat /var/backups/sabbat/night.db >"$os/restore.log" 2>&1 &&
  fail "sabbat restore went ahead while the service ran"
grep -q "a server is using the store" "$os/restore.log" || fail "restore said: $(cat "$os/restore.log")"
inside systemctl stop sabbat
inside sabbat restore --data /var/lib/sabbat /var/backups/sabbat/night.db >/dev/null ||
  fail "sabbat restore failed with the service stopped"
[ "$(inside stat -c '%U %a' /var/lib/sabbat/sabbat.db)" = "sabbat 600" ] ||
  fail "the restored store is not the service's, 0600"
inside systemctl start sabbat
healthy || fail "the service did not find its restored store writable"

# certbot's hook as the guide installs it, then a purge: the user, the store, the hook go.
inside mkdir -p /etc/letsencrypt/renewal-hooks/deploy
inside install -m 755 /usr/share/sabbat/certbot/sabbat-deploy-hook /etc/letsencrypt/renewal-hooks/deploy/sabbat
inside dpkg --purge sabbat >"$os/purge.log" 2>&1 || { cat "$os/purge.log" >&2; fail "dpkg --purge failed"; }
inside systemctl is-active --quiet sabbat && fail "the service still runs after the purge"
inside getent passwd sabbat >/dev/null && fail "the user sabbat is still there after the purge"
inside test -e /var/lib/sabbat && fail "/var/lib/sabbat is still there after the purge"
inside test -e /etc/letsencrypt/renewal-hooks/deploy/sabbat && fail "certbot's hook is still there after the purge"
echo "systemd: installed, served, reloaded, backed up, restored, purged under systemd $(inside systemctl --version | head -1 | cut -d' ' -f2) as PID 1"
