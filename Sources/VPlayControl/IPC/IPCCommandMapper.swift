import VPlayCore

/// What the server does for a request, decided without touching sockets or the player.
enum IPCAction: Equatable {
    /// Answer `success`, with `data` when there is some.
    case reply(JSONValue?)
    /// Send the command to the player, then answer `success`.
    case perform(PlayerCommand)
    case observe(id: Int, property: String)
    case unobserve(id: Int)
}

/// Maps mpv IPC commands onto `PlayerCommand`s and property reads.
/// Property-API requests fail with the property's own error; input commands
/// (`set`, `add`, `multiply`, `cycle`) fail with "error running command", as in mpv.
enum IPCCommandMapper {
    /// The mpv client API version (2.3) whose protocol this subset follows, for `get_version`.
    static let clientAPIVersion = 2 << 16 | 3
    /// mpv's `osd-duration` default, for `show-text` without a duration.
    static let defaultTextDuration = 1.0

    static func action(for request: IPCRequest, state: PlayerState, clientName: String) throws(IPCError) -> IPCAction {
        let arguments = request.arguments
        switch request.name {
        case "client_name":
            _ = try arguments.bind([], required: 0)
            return .reply(.string(clientName))
        case "get_version":
            _ = try arguments.bind([], required: 0)
            return .reply(.int(clientAPIVersion))
        case "get_property":
            let slots = try arguments.bind(["name"], required: 1)
            return .reply(try IPCProperties.value(of: try string(slots[0]), in: state))
        case "set_property":
            let slots = try arguments.bind(["name", "value"], required: 2)
            return .perform(try IPCProperties.command(setting: try string(slots[0]), to: slots[1]!, in: state))
        case "observe_property":
            let slots = try arguments.bind(["id", "name"], required: 2)
            return .observe(id: try integer(slots[0]), property: try string(slots[1]))
        case "unobserve_property":
            let slots = try arguments.bind(["id"], required: 1)
            return .unobserve(id: try integer(slots[0]))
        case "seek":
            let slots = try arguments.bind(["target", "flags", "legacy"], required: 1)
            guard let target = slots[0]?.number else { throw .invalidParameter }
            return .perform(try SeekFlags.command(target: target, flags: try slots[1].map(string),
                                                  legacy: try slots[2].map(string)))
        case "set":
            let slots = try arguments.bind(["name", "value"], required: 2)
            let name = try string(slots[0])
            return .perform(try failingAsCommand { () throws(IPCError) in
                try IPCProperties.command(setting: name, to: slots[1]!, in: state)
            })
        case "add":
            let slots = try arguments.bind(["name", "value"], required: 1)
            let name = try string(slots[0])
            guard let amount = (slots[1] ?? .int(1)).number else { throw .invalidParameter }
            return .perform(try failingAsCommand { () throws(IPCError) in
                try IPCProperties.command(adjusting: name, by: .add(amount))
            })
        case "multiply":
            let slots = try arguments.bind(["name", "value"], required: 2)
            let name = try string(slots[0])
            guard let factor = slots[1]?.number else { throw .invalidParameter }
            return .perform(try failingAsCommand { () throws(IPCError) in
                try IPCProperties.command(adjusting: name, by: .multiply(factor))
            })
        case "cycle":
            let slots = try arguments.bind(["name", "value"], required: 1)
            let name = try string(slots[0])
            let direction = try slots[1].map(string)
            guard [nil, "up", "down"].contains(direction) else { throw .invalidParameter }
            return .perform(try failingAsCommand { () throws(IPCError) in
                try IPCProperties.command(adjusting: name, by: .cycle(up: direction != "down"))
            })
        case "quit":
            let slots = try arguments.bind(["code"], required: 0)
            let code = try slots[0].map(integer) ?? 0
            guard (0...255).contains(code) else { throw .invalidParameter }
            return .perform(.quit(code: Int32(code)))
        case "frame-step":
            _ = try arguments.bind([], required: 0)
            return .perform(.frameStep)
        case "frame-back-step":
            _ = try arguments.bind([], required: 0)
            return .perform(.frameBackStep)
        case "screenshot":
            let slots = try arguments.bind(["flags"], required: 0)
            let flags = try slots[0].map(string) ?? "subtitles"
            guard ["subtitles", "video", "window"].contains(flags) else { throw .invalidParameter }
            return .perform(flags == "video" ? .screenshotVideo : .screenshot)
        case "ab-loop":
            _ = try arguments.bind([], required: 0)
            return .perform(.cycleABLoop)
        // mpv's name; the clip is named as Alt+l names it (no file name is taken).
        case "ab-loop-dump-cache":
            _ = try arguments.bind([], required: 0)
            return .perform(.exportClip)
        case "playlist-next":
            _ = try arguments.bind(["flags"], required: 0)
            return .perform(.playlistNext)
        case "playlist-prev":
            _ = try arguments.bind(["flags"], required: 0)
            return .perform(.playlistPrevious)
        case "stop":
            _ = try arguments.bind(["flags"], required: 0)
            return .perform(.stop)
        case "loadfile":
            let slots = try arguments.bind(["url", "flags", "index", "options"], required: 1)
            let url = try string(slots[0])
            switch try slots[1].map(string) ?? "replace" {
            case "replace": return .perform(.loadFile(url))
            case "append": return .perform(.appendFiles([url], play: false))
            case "append-play": return .perform(.appendFiles([url], play: true))
            default: throw .invalidParameter
            }
        case "playlist-play-index":
            let slots = try arguments.bind(["index"], required: 1)
            if slots[0]?.string == "current" { return .perform(.playlistPlay(state.playlistPosition)) }
            return .perform(.playlistPlay(try index(slots[0])))
        case "playlist-move":
            let slots = try arguments.bind(["index1", "index2"], required: 2)
            return .perform(.playlistMove(from: try index(slots[0]), to: try index(slots[1])))
        case "playlist-remove":
            let slots = try arguments.bind(["index"], required: 1)
            if slots[0]?.string == "current" { return .perform(.playlistRemove(nil)) }
            let position = try index(slots[0])
            guard state.playlist.indices.contains(position) else { throw .commandFailed }
            return .perform(.playlistRemove(position))
        case "playlist-clear":
            _ = try arguments.bind([], required: 0)
            return .perform(.playlistClear)
        case "playlist-shuffle":
            _ = try arguments.bind([], required: 0)
            return .perform(.playlistShuffle)
        case "playlist-unshuffle":
            _ = try arguments.bind([], required: 0)
            return .perform(.playlistUnshuffle)
        case "sub-add":
            let slots = try arguments.bind(["url", "flags", "title", "lang"], required: 1)
            let flag = try slots[1].map(string) ?? "select"
            guard let mode = SubtitleAddMode(rawValue: flag) else { throw .invalidParameter }
            let file = SubtitleFileRequest(path: try string(slots[0]), title: try slots[2].map(string),
                                           language: try slots[3].map(string))
            return .perform(.addSubtitleFile(file, mode))
        case "audio-add":
            let slots = try arguments.bind(["url", "flags", "title", "lang"], required: 1)
            guard let mode = AudioAddMode(rawValue: try slots[1].map(string) ?? "select") else { throw .invalidParameter }
            let file = AudioFileRequest(path: try string(slots[0]), title: try slots[2].map(string),
                                        language: try slots[3].map(string))
            return .perform(.addAudioFile(file, mode))
        case "audio-remove":
            let slots = try arguments.bind(["id"], required: 0)
            let id = try slots[0].map(integer)
            let removable = state.tracks.contains { $0.kind == .audio && $0.isExternal && (id == nil ? $0.isSelected : $0.id == id) }
            guard removable else { throw .commandFailed }
            return .perform(.removeAudioFile(id))
        case "sub-seek":
            let slots = try arguments.bind(["skip"], required: 1)
            let skip = try integer(slots[0])
            guard skip != 0 else { throw .invalidParameter }
            return .perform(.subtitleSeek(skip))
        case "vf":
            // mpv's `vf set|add|remove|clr <filters>`.
            let slots = try arguments.bind(["operation", "value"], required: 1)
            let value = try slots[1].map(string) ?? ""
            switch try string(slots[0]) {
            case "set": return .perform(.changeVideoFilters(.set(value)))
            case "add", "append": return .perform(.changeVideoFilters(.add(value)))
            case "remove", "del": return .perform(.changeVideoFilters(.remove(value)))
            case "clr": return .perform(.changeVideoFilters(.clear))
            default: throw .invalidParameter
            }
        case "af":
            // mpv's `af set|add|remove|toggle|clr VALUE`, from the filters as they are when applied.
            let slots = try arguments.bind(["operation", "value"], required: 1)
            let operation = try string(slots[0])
            let value = try slots[1].map(string) ?? ""
            guard AudioFilterChain.apply(operation, value, to: []) != nil, operation == "clr" || !value.isEmpty else {
                throw .invalidParameter
            }
            return .perform(.changeAudioFilters(operation: operation, value))
        case "show-text":
            let slots = try arguments.bind(["text", "duration"], required: 1)
            let text = try string(slots[0])
            guard let milliseconds = (slots[1] ?? .int(-1)).number else { throw .invalidParameter }
            // mpv: a negative duration means the default.
            let seconds = milliseconds < 0 ? defaultTextDuration : milliseconds / 1000
            return .perform(.showText(text, seconds: seconds))
        default:
            throw .invalidParameter
        }
    }

    /// mpv reports any failure inside an input command as "error running command".
    private static func failingAsCommand(_ body: () throws(IPCError) -> PlayerCommand) throws(IPCError) -> PlayerCommand {
        do { return try body() } catch { throw .commandFailed }
    }

    private static func string(_ value: JSONValue?) throws(IPCError) -> String {
        guard let text = value?.string else { throw .invalidParameter }
        return text
    }

    /// A playlist index, as a number or as text (input commands pass their arguments as text).
    private static func index(_ value: JSONValue?) throws(IPCError) -> Int {
        if let text = value?.string, let number = Int(text) { return number }
        return try integer(value)
    }

    private static func integer(_ value: JSONValue?) throws(IPCError) -> Int {
        guard let integer = value?.integer else { throw .invalidParameter }
        return integer
    }
}
