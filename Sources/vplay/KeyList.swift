/// `vplay --list-keys` (not in `--help`): the built-in key and mouse bindings, one per line as
/// `KEYS<TAB>ACTION`, KEYS separated by spaces and spelled as mpv spells them (`input.conf`'s names
/// for named keys, the character for the others, mpv's mouse names). The manual page is
/// made from it (scripts/make-manpage.sh); a test checks it names every key `KeyBindings` binds.
enum KeyList {
    static let rows: [(keys: String, action: String)] = [
        ("SPACE p", "pause / play"),
        ("LEFT RIGHT", "back / forward 10 seconds (held: fast keyframe skips)"),
        ("DOWN UP", "back / forward 60 seconds"),
        ("HOME", "back to the start"),
        ("[ ]", "speed divided / multiplied by 1.1 (pitch kept)"),
        ("{ }", "speed halved / doubled"),
        ("BS", "speed 1"),
        ("B", "play backward / forward (the picture alone, towards the start)"),
        ("9 0", "volume down / up by 2"),
        ("m", "mute on / off"),
        (". ,", "one frame forward / back (pauses)"),
        ("s S", "screenshot (PNG, native size) with / without the subtitles"),
        ("d", "deinterlacing: auto, yes, no"),
        ("Ctrl+h", "hardware decoding: no or auto-safe"),
        ("l", "A-B loop: set A, set B, clear"),
        ("Alt+l", "write the A-B range (else the chapter playing) to a new file, name [mm.ss-mm.ss].mkv: beside a local file, a network source's in the videos folder"),
        ("# _", "next audio / video track (then none, round again)"),
        ("j J", "next / previous subtitle track (then none)"),
        ("v", "subtitles on / off"),
        ("z Z x", "subtitles 0.1 seconds earlier / later / later"),
        ("r R", "subtitles up / down"),
        ("Ctrl++ Ctrl+= Ctrl+-", "sound 0.1 seconds later / later / earlier (audio-delay; each output device keeps its own)"),
        ("Ctrl+LEFT Ctrl+RIGHT", "to the start of the subtitle line showing (at its start: the line before) / to the next line"),
        ("/", "find a subtitle line: type a phrase, ENTER jumps to the next line with it, ESC closes"),
        ("> ENTER <", "next / next / previous file"),
        ("F8", "the playlist panel: click an entry to play it, drag to reorder; UP, DOWN, ENTER, DEL, ESC"),
        ("Alt+f", "forget the choices carried across this folder's episodes"),
        ("Ctrl+o", "open files with the desktop's file chooser"),
        ("Ctrl+v Ctrl+V", "play the file or URL in the clipboard / add it to the playlist"),
        ("PGUP PGDWN", "next chapter / back a chapter (to this chapter's start when more than 5 seconds into it)"),
        ("1 2", "contrast down / up by 1"),
        ("3 4", "brightness down / up by 1"),
        ("5 6", "gamma down / up by 1"),
        ("7 8", "saturation down / up by 1"),
        ("Alt++ Alt+= Alt+-", "zoom in / in / out (video-zoom by 0.1)"),
        ("Alt+LEFT Alt+RIGHT Alt+UP Alt+DOWN", "move the picture right / left / down / up (video-pan-x, video-pan-y by 0.1)"),
        ("Alt+BS", "zoom, pan and panscan back to 0"),
        ("w W e", "panscan down / up / up by 0.1"),
        ("A", "aspect: 16:9, 4:3, 2.35:1, the stream's own"),
        ("T", "window on top of others on / off"),
        ("Alt+0 Alt+1 Alt+2", "window at half / the same / twice the picture's size"),
        ("Alt+p", "picture-in-picture: a small window in a corner, on top; again: back"),
        ("f", "fullscreen on / off"),
        ("ESC", "leave fullscreen, else quit"),
        ("q", "quit"),
        ("Q", "quit and remember the position even with --save-position-on-quit=no"),
        ("PLAYPAUSE STOP NEXT PREV", "media keys: pause / play, quit, next file, previous file"),
        ("MUTE VOLUME_UP VOLUME_DOWN", "media keys: mute, volume up / down by 2"),
        ("MBTN_LEFT_DBL", "mouse: double-click, fullscreen on / off"),
        ("MBTN_RIGHT", "mouse: the context menu, every action with its key; UP, DOWN, RIGHT, LEFT, ENTER, ESC"),
        ("WHEEL_UP WHEEL_DOWN", "mouse: the wheel over the video changes the volume, over the slider seeks 5 seconds"),
    ]

    static func text() -> String {
        rows.map { "\($0.keys)\t\($0.action)\n" }.joined()
    }
}
