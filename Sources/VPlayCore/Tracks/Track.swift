/// One elementary stream of the open file, as the user chooses among them: mpv's
/// `track-list` entry. Ids count from 1 within each kind, in stream order, as mpv numbers them.
public struct Track: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case video, audio, sub
    }

    public var id: Int
    public var kind: Kind
    /// FFmpeg's codec name (`h264`, `aac`, `ass`, `subrip`, …).
    public var codec: String
    /// The language tag as the file has it (`eng`, `en`, `fre`), nil when untagged or `und`.
    public var language: String?
    public var title: String?
    public var isDefault = false
    public var isForced = false
    public var isExternal = false
    /// For external tracks, the file they come from.
    public var externalFilename: String?
    public var isSelected = false
    /// Shown as the second subtitle track, at the top (`secondary-sid`).
    public var isSecondarySelection = false
    /// A still picture attached to an audio file.
    public var isAlbumArt = false
    /// The stream's index in the container (mpv's `ff-index`).
    public var streamIndex: Int
    public var width: Int?
    public var height: Int?
    public var fps: Double?
    public var channelCount: Int?
    public var sampleRate: Int?
    /// The bit rate of the HLS variant the stream belongs to (mpv's `hls-bitrate`), bits/s.
    public var hlsBitrate: Int?

    public init(id: Int, kind: Kind, codec: String, streamIndex: Int) {
        self.id = id
        self.kind = kind
        self.codec = codec
        self.streamIndex = streamIndex
    }

    /// How the track is named in messages and menus: `2: French (Commentary) [aac]`.
    public var label: String {
        var parts = ["\(id):"]
        if let language { parts.append(LanguageCode.name(of: language) ?? language) }
        if let title { parts.append(language == nil ? title : "(\(title))") }
        if language == nil && title == nil { parts.append("[\(codec)]") }
        return parts.joined(separator: " ")
    }
}

/// The user's choice for one kind of track: mpv's `aid`/`vid`/`sid` values.
public enum TrackChoice: Sendable, Equatable, CustomStringConvertible {
    /// Let the player pick (languages, then the default and forced flags).
    case auto
    /// No track of this kind.
    case none
    case id(Int)

    /// Parses mpv's spellings: `auto`, `no`, or a track id from 1.
    public init?(_ text: String) {
        switch text {
        case "auto": self = .auto
        case "no": self = .none
        default:
            guard let id = Int(text), id >= 1 else { return nil }
            self = .id(id)
        }
    }

    public var description: String {
        switch self {
        case .auto: "auto"
        case .none: "no"
        case .id(let id): String(id)
        }
    }
}
