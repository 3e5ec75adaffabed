#!/usr/bin/env bash
# A/B against an earlier commit in one device call: the package as it was
# at REF, beside the working tree's.
#
#   bash bench/ab_package.sh REF          # here: writes .ab/REF (ignored), ~4 MB
#   bash bench/ab_package.sh --install    # there, after bench/h100.sh: /tmp/site_ab
#
# The device tool copies .ab/ when the call carries it (with .gl and .whl);
# then a script runs once with PYTHONPATH=/tmp/site2:/tmp/site (the working
# tree, what bench/h100.sh installed) and once with /tmp/site_ab:/tmp/site
# (REF). Bench scripts, test support and programs come from the working tree
# either way: only coopmlir itself differs. bench/RESULTS.md "Fourteenth
# session" has two such runs.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--install" ]; then
  python3 -m pip install -q --upgrade --no-index --no-deps --no-build-isolation \
    --target /tmp/site_ab .ab/package
  echo "installed coopmlir at $(cat .ab/ref) into /tmp/site_ab"
  exit 0
fi
ref=${1:?"usage: bench/ab_package.sh REF | --install"}
rm -rf .ab && mkdir -p .ab/package
git rev-parse --short "$ref" > .ab/ref
# Only what `pip install` needs: no results, docs or tests.
git archive "$ref" pyproject.toml README.md coopmlir dialects passes | tar -x -C .ab/package
echo "coopmlir at $(cat .ab/ref) in .ab/package ($(du -sh .ab/package | cut -f1))"
