#!/bin/sh
# Trunk post_build hook (Trunk.toml [[hooks]]): writes the service worker into the build,
# static/sw.js with ASSETS = every file of the build (its hashed names, as Trunk wrote them)
# and VERSION = a hash of their contents, so that each deployment is a new worker.
# Needs a POSIX shell, find, sort, sed, paste and sha256sum (coreutils).
set -eu
src="$(pwd)/static/sw.js"
cd "${TRUNK_STAGING_DIR:?run by trunk as a post_build hook}"
files=$(find . -type f ! -name sw.js | sed 's|^\./||' | LC_ALL=C sort)
version=$(for f in $files; do sha256sum "$f"; done | sha256sum | cut -c1-16)
list=$(printf '"%s"\n' $files | paste -sd, -)
sed -e "s|__VERSION__|$version|" -e "s|\"__ASSETS__\"|[$list]|" "$src" > sw.js
