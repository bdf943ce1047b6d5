#!/usr/bin/env bash
# What the container proofs share (test.sh, scripts/compose/test.sh): their small helpers, and podman
# as they run it: a store of its own, not podman's usual one, and this machine's settings: runc (crun
# refuses the hybrid cgroups here), ulimits within what a process without CAP_SYS_RESOURCE may set,
# its own state folder.
#
# podman_env <store folder> <folder for containers.conf>   (sets run_root; defines pm)
podman_env() {
  store=$1
  run_root=/run/shopit-container-$(echo -n "$store" | md5sum | cut -c1-8)
  mkdir -p "$store" "$run_root"
  cat >"$2/containers.conf" <<CONF
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=4096:4096"]
[engine]
runtime = "runc"
tmp_dir = "$run_root/libpod"
events_logger = "file"
[network]
network_backend = "netavark"
CONF
  export CONTAINERS_CONF="$2/containers.conf"
  # Podman's default (OCI) image format drops the HEALTHCHECK; the Docker format keeps it.
  export BUILDAH_FORMAT=docker
}

pm() { podman --root "$store/storage" --runroot "$run_root/storage" "$@"; }

now_ms() { echo $(($(date +%s%N) / 1000000)); }
seconds_since() { awk -v a="$1" -v b="$(now_ms)" 'BEGIN { printf "%.1f", (b - a) / 1000 }'; }
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
pass() { echo "ok: $*"; }
# record_part NAME SECONDS [DETAIL]: a line of npm test's stage table (scripts/test/stage-log.ts), when
# .ci/run keeps one.
record_part() {
  [ -n "${TEST_STAGES_FILE:-}" ] || return 0
  printf '{"name":"%s","seconds":%s,"ok":true,"part":true%s}\n' "$1" "$2" \
    "${3:+,\"detail\":\"$3\"}" >>"$TEST_STAGES_FILE"
}

free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
