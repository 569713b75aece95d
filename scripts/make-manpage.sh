#!/bin/sh
# Writes the vplay(1) manual page from the binary's own --help text, so the two never
# disagree. Usage: make-manpage.sh VPLAY_BINARY > vplay.1
set -eu
bin=$1
version=$("$bin" --version | sed 's/^vplay //')
cat <<TROFF
.TH VPLAY 1 "" "vplay $version" "User Commands"
.SH NAME
vplay \\- a video player for Linux with picture and sound in sync
.SH SYNOPSIS
.B vplay
[\\fIoptions\\fR] \\fIFILE\\fR...
.SH DESCRIPTION
vplay plays video and audio files in a window, with an overlay for play/pause,
skips and a progress slider, mpv's keys, and an mpv-compatible JSON IPC.
At the end of the last file it returns to the start and pauses, unless
\\fB\\-\\-autoexit\\fR is given.
.SH OPTIONS
TROFF
# Each help row "  --opt, -o ARG   text (default: x)" becomes a .TP entry.
"$bin" --help | sed -n 's/^  \(-[^ ].*[^ ]\)  \{2,\}\(.*\)$/\1\t\2/p' | while IFS="$(printf '\t')" read -r opt text; do
    printf '.TP\n.B %s\n%s\n' "$(printf '%s' "$opt" | sed 's/-/\\-/g')" "$text"
done
cat <<'TROFF'
.SH KEYS
.TP
.B space, p
pause / play
.TP
.B Left, Right
back / forward 10 seconds
.TP
.B Down, Up
back / forward 60 seconds
.TP
.B [ ] { } Backspace
slower / faster (pitch kept), reset speed
.TP
.B 9 0 m
volume down / up, mute
.TP
.B . ,
one frame forward / back
.TP
.B < > Enter
previous / next file
.TP
.B f, Esc, q
fullscreen, leave fullscreen or quit, quit
.SH FILES
.I $XDG_CONFIG_HOME/vplay/vplay.conf
options, one per line, as on the command line without the leading dashes.
.br
.I $XDG_CONFIG_HOME/vplay/input.conf
key bindings in mpv's syntax.
.br
.I $XDG_STATE_HOME/vplay/watch_later/
positions remembered for resuming.
TROFF
