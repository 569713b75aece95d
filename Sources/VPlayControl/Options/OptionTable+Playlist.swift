import Foundation
import VPlayCore

/// Options for the playlist and the watch history (mpv's names).
extension OptionTable {
    static let playlistOptions: [OptionSpec] = [
        OptionSpec(["--directory-mode"], .value("recursive|lazy|ignore"), "a folder's subfolders: all their files, each opened when reached, or none",
                   default: "recursive") { draft, use throws(OptionError) in
            guard let mode = DirectoryMode(option: try use.text()) else {
                throw .invalidValue(use.name, use.value ?? "", expected: "recursive, lazy or ignore")
            }
            draft.options.playlist.directoryMode = mode
        },
        OptionSpec(["--directory-filter-types"], .value("KINDS"), "the kinds of file a folder plays: video, audio, image, comma-separated",
                   default: "video,audio,image") { draft, use throws(OptionError) in
            guard let kinds = MediaKind.kinds(fromFilterTypes: try use.text()) else {
                throw .invalidValue(use.name, use.value ?? "", expected: "video, audio or image, separated by commas")
            }
            draft.options.playlist.kinds = kinds
        },
        OptionSpec(["--autocreate-playlist"], .value("no|filter|same"), "one file given: play its folder's media files (filter) or those of its kind (same) around it",
                   default: "no") { draft, use throws(OptionError) in
            guard let mode = AutocreatePlaylist(rawValue: try use.text()) else {
                throw .invalidValue(use.name, use.value ?? "", expected: "no, filter or same")
            }
            draft.options.playlist.autocreate = mode
        },
        OptionSpec(["--shuffle"], .flag, "play the playlist in random order", default: "no") { draft, use throws(OptionError) in
            draft.options.playlist.shuffles = try use.flag()
        },
        OptionSpec(["--playlist"], .value("FILE"), "play the entries of a playlist file (.m3u, .pls) or a folder", default: "none") { draft, use throws(OptionError) in
            draft.options.files.append(try use.text())
        },
        OptionSpec(["--prefetch-playlist"], .flag, "open the next local file during the last seconds of the one playing", default: "yes") { draft, use throws(OptionError) in
            draft.options.playlist.prefetches = try use.flag()
        },
        OptionSpec(["--gapless-audio"], .value("yes|no|weak"), "play the next file's sound right after the last sample of the one playing (weak: when its format is the device's)",
                   default: "weak") { draft, use throws(OptionError) in
            guard let mode = GaplessAudio(rawValue: try use.text()) else {
                throw .invalidValue(use.name, use.value ?? "", expected: "yes, no or weak")
            }
            draft.options.playlist.gaplessAudio = mode
        },
        OptionSpec(["--remember-series"], .flag, "carry audio and subtitle choices, subtitle delay and speed from one episode of a folder to the others (Alt+F forgets)", default: "yes") { draft, use throws(OptionError) in
            draft.options.playlist.remembersSeries = try use.flag()
        },
        OptionSpec(["--playlist-start"], .value("N"), "start at entry N, from 0", default: "0") { draft, use throws(OptionError) in
            draft.options.playlist.start = try use.integer(in: 0...Int(Int32.max))
        },
        OptionSpec(["--save-watch-history"], .flag, "keep a history of what was played (shown in the idle window)", default: "yes") { draft, use throws(OptionError) in
            draft.options.playlist.savesHistory = try use.flag()
        },
        OptionSpec(["--watch-history-path"], .value("FILE"), "where the watch history is kept", default: "~/.local/state/vplay/watch_history.jsonl") { draft, use throws(OptionError) in
            draft.options.playlist.historyFile = URL(fileURLWithPath: try use.text())
        },
    ]
}
