import Foundation

/// What a person chose while watching one episode of a folder, carried to the others: the
/// audio and subtitle tracks by language and title (track numbers differ between files), the
/// subtitle delay and the speed.
public struct SeriesChoices: Codable, Sendable, Equatable {
    /// A track as a person recognises it again in another file.
    public struct TrackPreference: Codable, Sendable, Equatable {
        public var language: String?
        public var title: String?

        public init(language: String?, title: String?) {
            self.language = language
            self.title = title
        }

        init(_ track: Track) {
            self.init(language: track.language, title: track.title)
        }

        /// The track of `kind` in `tracks` this stands for: same language and title, else same
        /// language, else same title; nil when none matches.
        public func match(in tracks: [Track], kind: Track.Kind) -> Int? {
            let candidates = tracks.filter { $0.kind == kind && !$0.isAlbumArt }
            let sameLanguage: (Track) -> Bool = { track in
                guard let language, let other = track.language else { return false }
                return LanguageCode.matches(other, language)
            }
            let sameTitle: (Track) -> Bool = { track in title != nil && track.title == title }
            return (candidates.first { sameLanguage($0) && sameTitle($0) }
                ?? (language == nil ? nil : candidates.first(where: sameLanguage))
                ?? candidates.first(where: sameTitle))?.id
        }
    }

    public var audio: TrackPreference?
    public var subtitle: TrackPreference?
    /// Subtitles were turned off.
    public var subtitlesOff = false
    public var subtitleDelay: Double?
    public var speed: Double?

    public init() {}

    /// What `state` shows of the choices that carry.
    public init(of state: PlayerState) {
        let selected = { (kind: Track.Kind) in state.tracks.first { $0.kind == kind && $0.isSelected } }
        audio = selected(.audio).map(TrackPreference.init)
        subtitle = selected(.sub).map(TrackPreference.init)
        subtitlesOff = subtitle == nil && state.tracks.contains { $0.kind == .sub }
        subtitleDelay = state.subtitles.delay == 0 ? nil : state.subtitles.delay
        speed = state.speed == 1 ? nil : state.speed
    }

    /// The commands that bring a file showing `state` to these choices; none when it has them.
    public func commands(for state: PlayerState) -> [PlayerCommand] {
        var commands: [PlayerCommand] = []
        if let audio, let id = audio.match(in: state.tracks, kind: .audio), id != state.selectedTrackID(.audio) {
            commands.append(.selectTrack(.audio, .id(id)))
        }
        if subtitlesOff, state.selectedTrackID(.sub) != nil {
            commands.append(.selectTrack(.sub, .none))
        } else if let subtitle, let id = subtitle.match(in: state.tracks, kind: .sub), id != state.selectedTrackID(.sub) {
            commands.append(.selectTrack(.sub, .id(id)))
        }
        if let subtitleDelay, subtitleDelay != state.subtitles.delay { commands.append(.setSubtitle(.delay(subtitleDelay))) }
        if let speed, speed != state.speed { commands.append(.setSpeed(speed)) }
        return commands
    }

    /// One line saying what was carried over.
    public var summary: String {
        var parts: [String] = []
        if let audio { parts.append("audio \(audio.displayName)") }
        if subtitlesOff { parts.append("no subtitles") } else if let subtitle { parts.append("subtitles \(subtitle.displayName)") }
        if let subtitleDelay { parts.append("subtitle delay \(String(format: "%+.0f", subtitleDelay * 1000)) ms") }
        if let speed { parts.append("speed \(String(format: "%g", speed))×") }
        return parts.joined(separator: ", ")
    }

    public var isEmpty: Bool { self == SeriesChoices() }
}

extension SeriesChoices.TrackPreference {
    var displayName: String {
        let language = self.language.map { LanguageCode.name(of: $0) ?? $0 }
        return [language, title.map { language == nil ? $0 : "(\($0))" }].compactMap { $0 }.joined(separator: " ")
    }
}
