#!/bin/bash
# Runs CMD... inside a private headless desktop: an Xvfb display and a
# PulseAudio daemon whose only sink is a null sink ("vp") recorded to a file.
# Exports DISPLAY, PULSE_SERVER, SDL_VIDEODRIVER=x11, SDL_AUDIODRIVER,
# VPLAY_AUDIO_CAPTURE (raw s16le, 48 kHz, stereo) and the servers' pids
# (VPLAY_TEST_ENV_XVFB_PID, VPLAY_TEST_ENV_PULSE_PID: what they cost is
# measured by the bench), runs CMD, stops everything it started and exits
# with CMD's status.
#
# Notes from trying this as root on Debian 12:
# - Xvfb -displayfd picks a free display number itself (no race with other
#   sessions' displays) and reports it once it accepts connections.
# - pulseaudio runs as root without --system; it only warns. Its HOME and
#   XDG_RUNTIME_DIR point into our temp dir (for the daemon only, not CMD) so it
#   neither touches nor collides with other daemons' cookies and runtime files.
#   --daemonize=no keeps its pid ours to kill; -n skips default.pa, so only our
#   two modules load; auth-anonymous=1 lets clients in without a cookie.
# - An idle null sink delays the first samples of a stream by ~2 s. A
#   low-latency parec kept attached to vp.monitor keeps the sink running (and
#   records the output bit-exactly); once its file starts growing, new streams
#   start within milliseconds, so we wait for that instead of a fixed sleep.
# - Shared memory is off (--disable-shm): with it, PulseAudio 16 can abort on
#   an assertion (memblock_replace_import, after "Cannot send block reference
#   with non-registered memfd ID", its issue 824) when a player that was
#   writing quits while its blocks are still being forwarded to the monitor's
#   recorder, and every test after that would run without sound. Clients then
#   send their samples over the socket.
# - If PulseAudio cannot start, CMD still runs with SDL_AUDIODRIVER=dummy and
#   VPLAY_AUDIO_CAPTURE unset, after one warning.
set -u

if [ $# -eq 0 ]; then
    echo "usage: $0 CMD [ARGS...]" >&2
    exit 2
fi

workdir=$(mktemp -d "${TMPDIR:-/tmp}/vplay-test-env.XXXXXX")
pids=()

cleanup() {
    # Reverse start order: the recorder before its daemon, the daemon before X.
    local i
    for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
        kill "${pids[i]}" 2>/dev/null
    done
    for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
        wait "${pids[i]}" 2>/dev/null
    done
    rm -rf "$workdir"
}
trap cleanup EXIT
# Turn signals into an exit so the EXIT trap cleans up.
trap 'exit 130' INT
trap 'exit 143' TERM

# wait_until SECONDS PID CONDITION...: polls CONDITION every 50 ms until it
# succeeds; fails once SECONDS pass or as soon as process PID has died.
wait_until() {
    local deadline=$((SECONDS + $1)) pid=$2
    shift 2
    until "$@"; do
        kill -0 "$pid" 2>/dev/null && [ "$SECONDS" -lt "$deadline" ] || return 1
        sleep 0.05
    done
}

file_not_empty() { [ -s "$1" ]; }
# At least 0.1 s of audio (48000 Hz * 2 channels * 2 bytes / 10).
capture_running() { [ "$(stat -c %s "$1" 2>/dev/null || echo 0)" -ge 19200 ]; }

start_display() {
    Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp -noreset \
        3>"$workdir/display" 2>"$workdir/xvfb.log" &
    pids+=($!)
    export VPLAY_TEST_ENV_XVFB_PID=$!
    if ! wait_until 10 "$!" file_not_empty "$workdir/display"; then
        echo "test-env: Xvfb did not start:" >&2
        cat "$workdir/xvfb.log" >&2
        return 1
    fi
    export DISPLAY=":$(cat "$workdir/display")"
    wait_until 10 "$!" xdotool getdisplaygeometry >/dev/null 2>&1
}

start_audio() {
    command -v pulseaudio >/dev/null && command -v parec >/dev/null || return 1
    mkdir -p "$workdir/home" "$workdir/runtime" "$workdir/pulse"
    export PULSE_SERVER="unix:$workdir/pulse/native"
    HOME="$workdir/home" XDG_RUNTIME_DIR="$workdir/runtime" \
        pulseaudio -n --daemonize=no --exit-idle-time=-1 --disallow-exit \
        --use-pid-file=no --log-target=stderr --disable-shm=yes \
        --load="module-native-protocol-unix socket=$workdir/pulse/native auth-anonymous=1" \
        --load="module-null-sink sink_name=vp rate=48000 channels=2" \
        2>"$workdir/pulseaudio.log" &
    pids+=($!)
    export VPLAY_TEST_ENV_PULSE_PID=$!
    wait_until 10 "$!" pactl info >/dev/null 2>&1 || return 1

    local capture=${VPLAY_AUDIO_CAPTURE:-$workdir/audio-capture.s16le}
    : >"$capture"
    parec --latency-msec=10 -d vp.monitor --format=s16le --rate=48000 --channels=2 \
        >"$capture" 2>"$workdir/parec.log" &
    pids+=($!)
    wait_until 10 "$!" capture_running "$capture" || return 1
    export VPLAY_AUDIO_CAPTURE="$capture"
}

start_display || exit 1
export SDL_VIDEODRIVER=x11
# A private home for vplay's config and remembered positions: a developer's own
# vplay.conf cannot change test results, and one test's saved position cannot make
# another test's file resume.
mkdir -p "$workdir/config" "$workdir/state"
export XDG_CONFIG_HOME="$workdir/config" XDG_STATE_HOME="$workdir/state"

if start_audio; then
    export SDL_AUDIODRIVER=pulseaudio
else
    echo "test-env: warning: PulseAudio unavailable, running with SDL_AUDIODRIVER=dummy" \
        "($(tail -n 1 "$workdir/pulseaudio.log" 2>/dev/null))" >&2
    unset PULSE_SERVER VPLAY_AUDIO_CAPTURE VPLAY_TEST_ENV_PULSE_PID
    export SDL_AUDIODRIVER=dummy
fi

"$@"
status=$?
exit "$status"
