import VPlayCore

/// What the track menu lists, built once when it opens: the audio tracks under a heading,
/// then the subtitle tracks and "Off" under another. Video tracks are not offered (a file
/// has one picture as people see it). Kinds with nothing in them get no heading.
public struct TrackMenu: Equatable, Sendable {
    public enum Row: Equatable, Sendable {
        case heading(Track.Kind)
        /// An entry: clicking it asks for `choice` of `kind`.
        case choice(Track.Kind, TrackChoice, text: String)
    }

    public let rows: [Row]
    /// Characters in the longest row's text: the layout estimates the menu's width from it.
    public let longestText: Int
    /// The tracks the rows were made from, to tell when the file's tracks change under it.
    private let source: [Track]

    /// nil when there is nothing to choose (see `offersChoice`).
    public init?(tracks: [Track]) {
        guard Self.offersChoice(tracks) else { return nil }
        var rows: [Row] = []
        for kind in [Track.Kind.audio, .sub] where tracks.contains(where: { $0.kind == kind }) {
            rows.append(.heading(kind))
            for track in tracks where track.kind == kind {
                rows.append(.choice(kind, .id(track.id), text: track.label))
            }
            if kind == .sub { rows.append(.choice(.sub, .none, text: "Off")) }
        }
        self.rows = rows
        longestText = rows.map { Self.text(of: $0).count }.max() ?? 0
        source = tracks
    }

    /// True when the menu has a choice to offer: another audio track, or subtitles to turn on
    /// or off. Counts without allocating: the bar asks every frame whether to show the button.
    public static func offersChoice(_ tracks: [Track]) -> Bool {
        var audio = 0
        for track in tracks {
            if track.kind == .sub { return true }
            if track.kind == .audio { audio += 1 }
        }
        return audio > 1
    }

    public static func text(of row: Row) -> String {
        switch row {
        case .heading(.audio): "Audio"
        case .heading(.sub): "Subtitles"
        case .heading(.video): "Video"
        case .choice(_, _, let text): text
        }
    }

    /// True when `tracks` are still the ones the menu lists (their selection aside): a new file
    /// brings other tracks, and the menu then no longer applies.
    public func describes(_ tracks: [Track]) -> Bool {
        guard tracks.count == source.count else { return false }
        for (track, listed) in zip(tracks, source) {
            guard track.kind == listed.kind, track.id == listed.id, track.streamIndex == listed.streamIndex,
                  track.language == listed.language, track.title == listed.title, track.codec == listed.codec
            else { return false }
        }
        return true
    }

    /// True when `row` is the choice in effect: its track plays, or "Off" with no subtitles shown.
    public static func isSelected(_ row: Row, selection: Selection) -> Bool {
        guard case .choice(let kind, let choice, _) = row else { return false }
        let selected = kind == .audio ? selection.audio : kind == .sub ? selection.sub : nil
        switch choice {
        case .id(let id): return selected == id
        case .none: return selected == nil
        case .auto: return false
        }
    }

    /// The ids of the audio and subtitle tracks playing (nil: none): all the menu needs to mark
    /// its entries, read from the player's state without allocating.
    public struct Selection: Equatable, Sendable {
        public var audio: Int?
        public var sub: Int?

        public init(audio: Int?, sub: Int?) {
            self.audio = audio
            self.sub = sub
        }

        public init(_ state: PlayerState) {
            self.init(audio: state.selectedTrackID(.audio), sub: state.selectedTrackID(.sub))
        }
    }
}
