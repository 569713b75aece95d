import VPlayCore
@testable import VPlayView

/// Tracks as a film has them, for the track menu's tests: video 1; audio 1 English and
/// audio 2 French "Commentary"; subtitles 1 English and 2 German. Audio 1 plays, no subtitles.
enum TrackMenuFixtures {
    static func tracks(audio: Int = 2, subtitles: Int = 2, selectedAudio: Int? = 1, selectedSub: Int? = nil) -> [Track] {
        var tracks: [Track] = []
        var video = Track(id: 1, kind: .video, codec: "h264", streamIndex: 0)
        video.isSelected = true
        tracks.append(video)
        let audioLanguages = ["eng", "fre", "ger", "spa"], subLanguages = ["eng", "ger", "fre", "ita"]
        for id in 1...max(1, audio) where audio > 0 {
            var track = Track(id: id, kind: .audio, codec: "aac", streamIndex: tracks.count)
            track.language = audioLanguages[(id - 1) % audioLanguages.count]
            if id == 2 { track.title = "Commentary" }
            track.isSelected = id == selectedAudio
            tracks.append(track)
        }
        for id in 1...max(1, subtitles) where subtitles > 0 {
            var track = Track(id: id, kind: .sub, codec: id == 1 ? "ass" : "subrip", streamIndex: tracks.count)
            track.language = subLanguages[(id - 1) % subLanguages.count]
            track.isSelected = id == selectedSub
            tracks.append(track)
        }
        return tracks
    }

    static func state(_ tracks: [Track] = tracks(), paused: Bool = false) -> PlayerState {
        var state = PlayerState()
        state.position = 20
        state.duration = 100
        state.isPaused = paused
        state.tracks = tracks
        return state
    }
}
