#!/usr/bin/env bash
# Every shipped game's random games per second, this tree against an earlier version of the
# engine, on the same machine in the same run:
#
#     benches/versus.sh [REV] [RUNS]
#
# builds REV (default 7508e30, the 0.12.0 release) in a temporary git worktree and this tree, both
# with --release, then for each rules/*.mancala runs `mancala simulate --threads 1 --json` with the
# two binaries in turn, RUNS times (default 5), and prints each one's median games/s and the
# ratio new / old. The old binary reads the file as REV wrote it (the same game in the words that
# version reads: rule files say some things more shortly now); a file REV did not have is skipped. Each run plays the same games (seed 1) for about half a second of the old
# binary's time. Needs git and a network-free cargo (the lock file pins everything).
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:-7508e30}
runs=${2:-5}
old=$(mktemp -d)
trap 'git worktree remove --force "$old/tree" >/dev/null 2>&1 || true; rm -rf "$old"' EXIT
git worktree add --quiet --detach "$old/tree" "$rev"
echo "building $rev and this tree (release)..." >&2
(cd "$old/tree" && CARGO_TARGET_DIR="$old/target" cargo build --quiet --release --bin mancala)
cargo build --quiet --release --bin mancala
before="$old/target/release/mancala"
after="target/release/mancala"
rate() { "$1" simulate "$2" --games "$3" --seed 1 --threads 1 --json | sed 's/.*"games_per_second":\([0-9.]*\).*/\1/'; }
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
printf '%-22s %14s %14s %7s\n' file "$rev games/s" "now games/s" ratio
for file in rules/*.mancala; do
  name=$(basename "$file" .mancala)
  then="$old/tree/$file"
  if [ ! -f "$then" ]; then
    printf '%-22s %14s\n' "$name" "(not in $rev)"
    continue
  fi
  # About half a second of the old binary's time.
  games=$(awk -v r="$(rate "$before" "$then" 200)" 'BEGIN {g = int(r / 2); if (g < 200) g = 200; print g}')
  olds=(); news=()
  for _ in $(seq "$runs"); do
    olds+=("$(rate "$before" "$then" "$games")")
    news+=("$(rate "$after" "$file" "$games")")
  done
  o=$(printf '%s\n' "${olds[@]}" | median)
  n=$(printf '%s\n' "${news[@]}" | median)
  awk -v name="$name" -v o="$o" -v n="$n" 'BEGIN {printf "%-22s %14.0f %14.0f %7.2f\n", name, o, n, n / o}'
done
