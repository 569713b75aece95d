import Foundation

/// What a file holds, told by its name's extension as mpv's `--video-exts`, `--audio-exts` and
/// `--image-exts` tell it: a folder opened as a playlist takes the kinds asked for
/// (`--directory-filter-types`) and leaves out subtitles, text and the like without opening
/// each file.
public enum MediaKind: String, CaseIterable, Sendable {
    case video, audio, image

    /// Lower-case extensions, without the dot: mpv's defaults and a few more FFmpeg reads.
    public var fileExtensions: Set<String> {
        switch self {
        case .video:
            ["3g2", "3gp", "asf", "avi", "divx", "dv", "f4v", "flv", "h264", "hevc", "ivf", "m2t",
             "m2ts", "m2v", "m4v", "mj2", "mjpeg", "mkv", "mov", "mp4", "mpeg", "mpg", "mts", "mxf",
             "nut", "ogv", "rm", "rmvb", "ts", "vob", "webm", "wmv", "wtv", "y4m"]
        case .audio:
            ["aac", "ac3", "aif", "aifc", "aiff", "alac", "amr", "ape", "au", "caf", "dff", "dsf",
             "dts", "eac3", "flac", "m4a", "m4b", "mka", "mp2", "mp3", "mpc", "oga", "ogg", "ogm",
             "opus", "spx", "tak", "thd", "tta", "w64", "wav", "weba", "wma", "wv"]
        case .image:
            ["apng", "avif", "bmp", "gif", "j2k", "jfif", "jp2", "jpeg", "jpg", "jxl", "pbm", "pgm",
             "png", "ppm", "qoi", "svg", "tga", "tif", "tiff", "webp"]
        }
    }

    /// `--directory-filter-types`'s default.
    public static let all = Set(allCases)

    /// The kind `path` names by its extension, in any case; nil for anything else
    /// (subtitles, playlists, text, no extension).
    public static func of(path: String) -> MediaKind? {
        var name = Substring(path)
        if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        return of(fileName: name)
    }

    /// `of(path:)` for a bare name, as a directory listing gives it.
    static func of(fileName name: Substring) -> MediaKind? {
        let utf8 = name.utf8
        guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")), dot != utf8.startIndex else { return nil }
        let ext = utf8[utf8.index(after: dot)...]
        // Longer than any known extension: no need to build the lower-cased key.
        guard !ext.isEmpty, ext.count <= 5 else { return nil }
        // Five bytes make a small string, held inline: a listing's lookups allocate nothing.
        let key = String(unsafeUninitializedCapacity: ext.count) { buffer in
            for (k, byte) in ext.enumerated() { buffer[k] = byte &- 0x41 < 26 ? byte | 0x20 : byte }
            return ext.count
        }
        return byExtension[key]
    }

    private static let byExtension: [String: MediaKind] = {
        var table: [String: MediaKind] = [:]
        for kind in allCases {
            for ext in kind.fileExtensions { table[ext] = kind }
        }
        return table
    }()

    /// The kinds a `--directory-filter-types` value names (`video,audio`). An empty value
    /// names none, which mpv reads as no filter at all: every file then joins. Nil when a
    /// word is not a kind, for the option's error to quote.
    public static func kinds(fromFilterTypes value: String) -> Set<MediaKind>? {
        var kinds: Set<MediaKind> = []
        for word in value.split(separator: ",") {
            guard let kind = MediaKind(rawValue: word.trimmingCharacters(in: .whitespaces).lowercased()) else { return nil }
            kinds.insert(kind)
        }
        return kinds
    }
}
