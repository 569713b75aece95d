#!/bin/sh
# Writes the vplay(1) manual page from the binary's own tables, so they never disagree:
# options from --help, keys from --list-keys, properties from --list-properties.
# Usage: make-manpage.sh VPLAY_BINARY > vplay.1
set -eu
bin=$1
version=$("$bin" --version | sed 's/^vplay //')
tab=$(printf '\t')

# Text to troff: backslashes kept, hyphens as minus signs, no line starting a request.
esc() {
    sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e "s/^[.']/\\\\\\&&/"
}

cat <<TROFF
.TH VPLAY 1 "" "vplay $version" "User Commands"
.SH NAME
vplay \\- a video player for Linux with picture and sound in sync
.SH SYNOPSIS
.B vplay
[\\fIoptions\\fR] [\\fIFILE\\fR|\\fIURL\\fR|\\fIFOLDER\\fR]...
.SH DESCRIPTION
vplay plays video and audio files, folders, playlists and network streams in a window,
with an overlay for play/pause, skips, a progress slider, tracks, speed and volume, mpv's
keys and options, and an mpv\\-compatible JSON IPC.
Several files form a playlist; a folder plays its media files in natural order.
With no file it shows the idle window: an Open button and the files played lately.
At the end of the last file it returns to the start and pauses, unless
\\fB\\-\\-autoexit\\fR, \\fB\\-\\-idle\\fR or \\fB\\-\\-loop\\-playlist\\fR says otherwise;
with \\fB\\-\\-no\\-video\\fR it quits.
.PP
Options take \\fB\\-\\-opt=VALUE\\fR or \\fB\\-\\-opt VALUE\\fR; flags also take \\fB=yes\\fR or
\\fB=no\\fR, and \\fB\\-\\-no\\-\\fR\\fIflag\\fR turns one off.
\\fB\\-\\-\\fR ends the options. Options can also be put in the configuration file (see FILES).
.SH OPTIONS
TROFF
# Each help row "  --opt, -o ARG  text (default: x)" becomes a .TP entry: the spellings are
# words with single spaces between them, then two spaces or more.
"$bin" --help | sed -n 's/^  \(-\([^ ]\| [^ ]\)*\)   *\(.*\)$/\1\t\3/p' | while IFS="$tab" read -r opt text; do
    printf '.TP\n.B %s\n%s\n' "$(printf '%s\n' "$opt" | esc)" "$(printf '%s\n' "$text" | esc)"
done
cat <<'TROFF'
.TP
.B \-\-help, \-\-version
print the options with their defaults, or the version, and exit
.SH KEYS
Keys are mpv's, with two differences: \fBLEFT\fR and \fBRIGHT\fR seek 10 seconds (mpv: 5), as
the \(+-10 s buttons of the overlay do, and \fBESC\fR quits when not in fullscreen.
Keys can be bound again in \fIinput.conf\fR (see FILES).
TROFF
"$bin" --list-keys | while IFS="$tab" read -r keys action; do
    printf '.TP\n.B %s\n%s\n' "$(printf '%s\n' "$keys" | esc)" "$(printf '%s\n' "$action" | esc)"
done
cat <<'TROFF'
.SH MOUSE
The bar at the bottom shows \(mi10 s, play/pause, +10 s, the time and the progress slider;
on the right, the track menu (for files with another audio track or any subtitles), the
speed, mute and the volume. Click on the slider to seek there, or drag its thumb; hovering
shows the time and a picture of that moment. The wheel over the slider seeks 5 seconds, over
the video it changes the volume. A double\-click toggles fullscreen. A file dropped on the
window plays next; a subtitle file dropped on it is added to the video playing.
The bar hides 2 seconds after the mouse stops while playing.
.SH IPC
\fB\-\-input\-ipc\-server=\fR\fIPATH\fR serves mpv's JSON IPC on a Unix socket: one JSON
object a line, \fB{"command": ["get_property", "time\-pos"], "request_id": 1}\fR, answered with
\fB{"data": ..., "error": "success", "request_id": 1}\fR.
.SS Commands
get_property, set_property, observe_property, unobserve_property, set, add, multiply,
cycle (up/down), seek (relative, absolute, absolute\-percent, relative\-percent, +exact,
+keyframes), frame\-step, frame\-back\-step, show\-text, screenshot, ab\-loop, quit, stop,
loadfile (replace, append, append\-play), playlist\-next, playlist\-prev,
playlist\-play\-index, playlist\-move, playlist\-remove, playlist\-clear, playlist\-shuffle,
playlist\-unshuffle, sub\-add (select, auto, cached), sub\-seek, client_name, get_version.
.SS Events
start\-file, file\-loaded, seek, playback\-restart, property\-change (for observed
properties), end\-file (\fBreason\fR: \fBeof\fR at the end of a file, \fBstop\fR when
stopped or replaced, \fBquit\fR on quitting, \fBerror\fR with \fBfile_error\fR when it could
not be played), shutdown (the socket is about to close).
.SH PROPERTIES
Read with get_property, set with set_property (the writable ones), watched with
observe_property. A path reads inside a value: \fBtrack\-list/0/lang\fR,
\fBmetadata/by\-key/title\fR. Each line: name, type, whether it can be set, meaning.
TROFF
"$bin" --list-properties | sed -n 's/^\([^ ]*\)  *\([^ ]*\)  *\([^ ]*\)  *\(.*\)$/\1\t\2\t\3\t\4/p' |
    while IFS="$tab" read -r name type access text; do
        printf '.TP\n.B %s\n(%s, %s) %s\n' "$(printf '%s\n' "$name" | esc)" "$type" "$access" "$(printf '%s\n' "$text" | esc)"
    done
cat <<'TROFF'
.SH "EXIT STATUS"
.TP
.B 0
played to the end, or quit by the user, \fB\-\-help\fR, \fB\-\-version\fR and the lists.
.TP
.B 1
the last file could not be played, the window or the IPC socket could not be set up.
.TP
.B 2
a mistake on the command line: an unknown option or a bad value.
.SH FILES
.TP
.I ~/.config/vplay/vplay.conf
options, one a line as on the command line without the leading dashes
(\fBvolume=70\fR, \fBfs\fR); the command line wins. \fI$XDG_CONFIG_HOME/vplay/\fR when set.
.TP
.I ~/.config/vplay/input.conf
key bindings in mpv's syntax (\fBRIGHT seek 5\fR, \fBCtrl+q quit\fR, \fBx ignore\fR).
.TP
.I ~/.local/state/vplay/watch_later/
where files were left, to resume them (\fB\-\-no\-resume\fR to start from the beginning);
\fI$XDG_STATE_HOME/vplay/\fR when set.
.TP
.I ~/.local/state/vplay/watch_history.jsonl
every file played, as JSON lines (\fB\-\-save\-watch\-history=no\fR to stop).
.TP
.I ~/.local/state/vplay/series/
audio and subtitle choices, subtitle delay and speed carried across a folder's episodes
(\fBAlt+f\fR forgets them).
.PP
Messages go to standard error, each line starting with \fBvplay:\fR.
.SH EXAMPLES
.TP
.B vplay movie.mkv
play a file.
.TP
.B vplay \-\-start=1:30 \-\-speed=1.5 movie.mkv
start at 1:30, one and a half times as fast.
.TP
.B vplay ~/Videos/Series/
a folder's media files as the playlist, in natural order.
.TP
.B vplay https://example.com/live/index.m3u8
a network stream.
.TP
.B vplay \-\-no\-video song.flac
sound only, no window.
.TP
.B vplay \-\-input\-ipc\-server=/tmp/vplay.sock clip.mp4
then \fBecho '{"command": ["set_property", "pause", true]}' | socat \- /tmp/vplay.sock\fR.
.SH "SEE ALSO"
.BR mpv (1),
.BR ffplay (1)
TROFF
