"""Drives a running vplay through its mpv JSON IPC socket with the unmodified
python-mpv-jsonipc client library, and prints one JSON summary line.

Usage: python3 mpv_client_check.py SOCKET_PATH

Run by Tests/EndToEndTests/MPVClientLibraryTests.swift against a player that is
playing a 20 s clip. Exits 0 with {"ok": true, ...} when every step finished,
else 1 with {"ok": false, "error": ..., "step": ...} (still one JSON line), so
the Swift test can say which step failed. Every wait has a deadline.
"""
import json
import sys
import threading
import time
import traceback

STEP_TIMEOUT = 10.0


def main(socket_path):
    summary = {"ok": False, "step": "import"}
    mpv = None
    try:
        import python_mpv_jsonipc
        from python_mpv_jsonipc import MPV

        summary["library_file"] = python_mpv_jsonipc.__file__

        summary["step"] = "connect"
        mpv = MPV(start_mpv=False, ipc_socket=socket_path)

        # Everything the callbacks see, in arrival order (they run on the library's event thread).
        lock = threading.Lock()
        pause_values = []
        pause_changed = threading.Condition(lock)
        seek_events = []  # "seek" and "playback-restart", in order
        seek_events_changed = threading.Condition(lock)
        time_positions = []

        summary["step"] = "register callbacks"

        @mpv.on_event("playback-restart")
        def on_restart(event):
            with seek_events_changed:
                seek_events.append(event.get("event"))
                seek_events_changed.notify_all()

        @mpv.on_event("seek")
        def on_seek(event):
            with seek_events_changed:
                seek_events.append(event.get("event"))
                seek_events_changed.notify_all()

        @mpv.property_observer("pause")
        def on_pause(name, value):
            with pause_changed:
                pause_values.append(value)
                pause_changed.notify_all()

        @mpv.property_observer("time-pos")
        def on_time_pos(name, value):
            with lock:
                time_positions.append(value)

        def wait_for_pause_value(value):
            deadline = time.monotonic() + STEP_TIMEOUT
            with pause_changed:
                while not pause_values or pause_values[-1] is not value:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        raise TimeoutError("pause observer never reported %r (saw %r)" % (value, pause_values))
                    pause_changed.wait(left)

        summary["step"] = "read duration"
        summary["duration"] = mpv.duration
        summary["filename"] = mpv.filename

        summary["step"] = "pause"
        wait_for_pause_value(False)  # the observer's first report: playing
        mpv.pause = True
        wait_for_pause_value(True)
        summary["pause_read_back"] = mpv.pause

        summary["step"] = "seek"
        with lock:
            before_seek = len(seek_events)
        mpv.command("seek", 2, "absolute+exact")
        deadline = time.monotonic() + STEP_TIMEOUT
        with seek_events_changed:
            # Done at the first playback-restart that follows a seek event.
            while not ("seek" in seek_events[before_seek:]
                       and "playback-restart" in seek_events[before_seek:][seek_events[before_seek:].index("seek"):]):
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError("no seek then playback-restart events (saw %r)" % seek_events[before_seek:])
                seek_events_changed.wait(left)
            summary["events_after_seek"] = seek_events[before_seek:]
        summary["time_pos_after_seek"] = mpv.time_pos

        summary["step"] = "unpause"
        mpv.pause = False
        wait_for_pause_value(False)
        summary["pause_after_unpause"] = mpv.pause

        summary["step"] = "playback advances"
        deadline = time.monotonic() + STEP_TIMEOUT
        while True:
            with lock:
                latest = [t for t in time_positions if isinstance(t, (int, float))]
            if latest and latest[-1] >= summary["time_pos_after_seek"] + 0.5:
                break
            if time.monotonic() > deadline:
                raise TimeoutError("time-pos observer stuck at %r" % latest[-3:])
            time.sleep(0.05)

        with lock:
            summary["pause_values"] = list(pause_values)
            summary["time_pos_values"] = len(time_positions)
            summary["time_pos_last"] = time_positions[-1]
        summary["step"] = "done"
        summary["ok"] = True
    except BaseException as error:  # report every failure as JSON, including KeyboardInterrupt
        summary["error"] = "%s: %s" % (type(error).__name__, error)
        summary["traceback"] = traceback.format_exc()
    finally:
        if mpv is not None:
            try:
                mpv.terminate()
            except Exception as error:
                summary.setdefault("terminate_error", repr(error))
    print(json.dumps(summary), flush=True)
    return 0 if summary["ok"] else 1


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: mpv_client_check.py SOCKET_PATH", file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
