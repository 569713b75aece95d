import Foundation

/// Subtitle files beside a video, found by name as mpv's `--sub-auto` does: `exact` takes
/// `clip.srt` and `clip.LANG.srt` (also `clip.fr.forced.srt`); `fuzzy` any subtitle file whose
/// name contains the video's; `no` none.
public enum SubtitleAutoLoad: String, Sendable, CaseIterable {
    case exact, fuzzy, no
}

public struct Sidecar: Equatable, Sendable {
    public var name: String
    /// The language tag in the name (`en` in `clip.en.srt`), nil when there is none.
    public var language: String?
    public var isForced: Bool
}

public enum SidecarFinder {
    /// Extensions of the subtitle files vplay reads (VobSub by its `.idx`).
    public static let fileExtensions: Set<String> = ["srt", "ass", "ssa", "vtt", "webvtt", "sup", "idx", "sub"]

    /// True for a name a subtitle file has: what a drop on the window adds rather than plays.
    public static func isSubtitleFile(_ path: String) -> Bool {
        fileExtensions.contains((path as NSString).pathExtension.lowercased())
    }

    /// The subtitle files among `names` (a directory listing) that go with `video` (a file
    /// name), in a stable order: untagged first, then by name.
    public static func sidecars(for video: String, among names: [String], mode: SubtitleAutoLoad) -> [Sidecar] {
        guard mode != .no else { return [] }
        let stem = (video as NSString).deletingPathExtension
        let lowerNames = Set(names.map { $0.lowercased() })
        var found: [Sidecar] = []
        for name in names where name != video {
            let ext = (name as NSString).pathExtension.lowercased()
            guard fileExtensions.contains(ext) else { continue }
            // VobSub: the `.idx` names its `.sub`; a `.sub` alone is not read.
            if ext == "sub" { continue }
            let base = (name as NSString).deletingPathExtension
            var sidecar: Sidecar?
            if base == stem {
                sidecar = Sidecar(name: name, language: nil, isForced: false)
            } else if base.hasPrefix(stem + ".") {
                sidecar = tagged(name, tags: base.dropFirst(stem.count + 1).split(separator: ".").map(String.init))
            } else if mode == .fuzzy, !stem.isEmpty, base.lowercased().contains(stem.lowercased()) {
                sidecar = Sidecar(name: name, language: nil, isForced: false)
            }
            if ext == "idx", !lowerNames.contains(((base as NSString).appendingPathExtension("sub") ?? "").lowercased()) {
                sidecar = nil
            }
            if let sidecar { found.append(sidecar) }
        }
        return found.sorted { ($0.language != nil ? 1 : 0, $0.name) < ($1.language != nil ? 1 : 0, $1.name) }
    }

    /// `clip.en.srt`, `clip.fr.forced.srt`: the tags between the video's name and the extension.
    private static func tagged(_ name: String, tags: [String]) -> Sidecar? {
        var language: String?, forced = false
        for tag in tags {
            let lower = tag.lowercased()
            if lower == "forced" { forced = true } else if language == nil, LanguageCode.name(of: lower) != nil {
                language = lower
            }
        }
        return Sidecar(name: name, language: language, isForced: forced)
    }
}
