#!/usr/bin/env bash
# The whole XCTest suite under a sanitizer, for `make tsan` (thread) and `make asan` (address):
# builds into a scratch path of its own, runs the suite in the test environment and ends with
# one line, e.g. "tsan: 390 tests passed, 0 failed, 1 skipped, 0 races reported". Fails on a
# failed test, a suite that did not finish, or any sanitizer report.
#
# Reports go to files, not to stderr: every process built with the sanitizer (the test runner
# and each vplay the end-to-end tests start) writes to $scratch/sanitizer-reports/report.PID.
# Most end-to-end tests end the player with SIGTERM and look at neither its stderr nor its exit
# status, so a report from the player would otherwise pass unseen; here any report file fails
# the run and is printed. A race does not stop the process that has it, so one run lists them
# all; a memory error ends its process (and most likely its test), not the run.
#
# Options come from the environment, as the Makefile sets them: TSAN_OPTIONS or ASAN_OPTIONS
# (log_path is added here).
# Arguments after the first go to `swift test`, e.g. `--filter StalledInputTests`.
set -uo pipefail
cd "$(dirname "$0")/.."

kind=${1:?usage: $0 thread|address [swift test arguments]}
shift
SWIFT=${SWIFT:-swift}
case $kind in
thread) name=tsan what=races header='^WARNING: ThreadSanitizer:' ;;
address) name=asan what='memory errors' header='^==[0-9]+==ERROR: AddressSanitizer:' ;;
*) echo "usage: $0 thread|address [swift test arguments]" >&2; exit 2 ;;
esac
scratch=.build-$name
reports=$PWD/$scratch/sanitizer-reports
log=$scratch/test.log

build_start=$SECONDS
$SWIFT build --build-tests --sanitize="$kind" --scratch-path "$scratch" || exit 1
build_time=$((SECONDS - build_start))

rm -rf "$reports"
# Open to all: some tests run the player as an unprivileged user (TestSupport's Unprivileged).
mkdir -m 1777 -p "$reports"
options="log_path=$reports/report"
if [ "$kind" = thread ]; then
    export TSAN_OPTIONS="${TSAN_OPTIONS:+$TSAN_OPTIONS:}$options"
else
    export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}$options"
fi

# The long measurements listed in Tests/sanitizer-skips.txt run in `make test` only.
skips=()
while read -r line; do
    case $line in ''|'#'*) ;; *) skips+=(--skip "$line") ;; esac
done < Tests/sanitizer-skips.txt

test_start=$SECONDS
bash scripts/test-env.sh $SWIFT test --skip-build --disable-swift-testing --sanitize="$kind" \
    --scratch-path "$scratch" "${skips[@]}" "$@" 2>&1 | tee "$log"
status=$?
test_time=$((SECONDS - test_start))

shopt -s nullglob
files=("$reports"/report.*)
count=0
for file in "${files[@]}"; do
    echo "=== $name report from $(basename "$file") ==="
    cat "$file"
    count=$((count + $(grep -cE "$header" "$file")))
done

# "Executed 391 tests, with 1 test skipped and 2 failures": the last such line is the total
# (failures there count assertions; failed tests are counted from their own lines).
totals=$(grep -E "^[[:space:]]*Executed [0-9]+ tests?, with " "$log" | tail -1)
if [ -z "$totals" ]; then
    echo "$name: the suite did not finish (status $status), $count $what reported (build ${build_time} s, tests ${test_time} s)"
    exit 1
fi
read -r tests skipped < <(echo "$totals" |
    sed -E 's/.*Executed ([0-9]+) tests?, with (([0-9]+) tests? skipped and )?.*/\1 \3/')
skipped=${skipped:-0}
failed=$(grep -cE "^Test Case '.*' failed" "$log")
echo "$name: $((tests - skipped - failed)) tests passed, $failed failed, $skipped skipped," \
    "$count $what reported (build ${build_time} s, tests ${test_time} s)"
# A report file with no report header in it (a sanitizer warning of another kind) fails too.
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ] && [ "${#files[@]}" -eq 0 ]
