#!/usr/bin/env bash
# One closing line for `make test`: XCTest's totals, the short fuzz run (each file that
# neither crashed nor hung passes) and the install check, as "tests: N passed, M failed".
set -euo pipefail
xctest_log=$1 fuzz_log=$2 install_log=$3
# "Executed 358 tests, with 1 test skipped and 0 failures": the last such line is the total.
read -r tests skipped failures < <(grep -E "^[[:space:]]*Executed [0-9]+ tests?, with " "$xctest_log" | tail -1 |
    sed -E 's/.*Executed ([0-9]+) tests?, with (([0-9]+) tests? skipped and )?([0-9]+) failures?.*/\1 \3 \4/;s/  / 0 /')
read -r tried crashed hung < <(grep -E "^fuzz: [0-9]+ files tried" "$fuzz_log" | tail -1 |
    sed -E 's/^fuzz: ([0-9]+) files tried \/ ([0-9]+) crashed \/ ([0-9]+) hung.*/\1 \2 \3/')
read -r installed install_failed < <(grep -E "^install-check: [0-9]+ passed" "$install_log" | tail -1 |
    sed -E 's/^install-check: ([0-9]+) passed, ([0-9]+) failed.*/\1 \2/')
failed=$((failures + crashed + hung + install_failed))
passed=$((tests - skipped - failures + tried - crashed - hung + installed))
echo "tests: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
