/// Which track of one kind plays, from the user's choice and language list, as mpv decides:
/// an explicit id wins; `auto` takes the track whose language comes earliest in the list, then
/// one flagged default (or forced, for subtitles), then — for audio and video — the first.
/// Subtitles are shown on `auto` only when a language, a flag or a subtitle file (external,
/// preferred among equals) asks for them.
public enum TrackChooser {
    /// The id of the track to select, nil for none.
    public static func choose(_ choice: TrackChoice, among tracks: [Track], kind: Track.Kind,
                              languages: [String] = []) -> Int? {
        let candidates = tracks.filter { $0.kind == kind && !$0.isAlbumArt }
        switch choice {
        case .none: return nil
        case .id(let id): return candidates.contains { $0.id == id } ? id : nil
        case .auto: break
        }
        for language in languages {
            let matching = candidates.filter { $0.language.map { LanguageCode.matches($0, language) } ?? false }
            if let best = matching.first(where: \.isExternal) ?? matching.first(where: \.isDefault) ?? matching.first {
                return best.id
            }
        }
        // A subtitle file put beside the video is there to be shown.
        if kind == .sub, let external = candidates.first(where: \.isExternal) { return external.id }
        if let flagged = candidates.first(where: \.isDefault) { return flagged.id }
        if kind == .sub { return candidates.first(where: \.isForced)?.id }
        return candidates.first?.id
    }

    /// The line to print when an id asked for (`--aid=5`) is not in the file, nil otherwise;
    /// the file plays on without that kind, as in mpv.
    public static func missingTrackLine(_ choice: TrackChoice, chosen: Int?, kind: Track.Kind) -> String? {
        guard case .id(let id) = choice, chosen == nil else { return nil }
        let (name, without) = switch kind {
        case .video: ("video", "video")
        case .audio: ("audio", "sound")
        case .sub: ("subtitle", "subtitles")
        }
        return "no \(name) track \(id); playing without \(without)"
    }

    /// The next choice when cycling (`#`, `_`, `j`): the ids in order then `no`, wrapping;
    /// `down` goes the other way.
    public static func cycle(from current: Int?, among tracks: [Track], kind: Track.Kind, down: Bool = false) -> TrackChoice {
        let ids = tracks.filter { $0.kind == kind && !$0.isAlbumArt }.map(\.id)
        let ring: [Int?] = ids.map { $0 } + [nil]
        let position = ring.firstIndex(of: current) ?? ring.count - 1
        let next = ring[(position + (down ? ring.count - 1 : 1)) % ring.count]
        return next.map(TrackChoice.id) ?? .none
    }
}
