import VPlayCore
@testable import VPlayView

/// Playlists for the playlist panel's tests.
enum PlaylistPanelFixtures {
    /// `count` entries: every third has a media title, the others show their file name; entry
    /// `i` lasts `i + 1` minutes and 5 seconds, and the fifth none known.
    static func items(_ count: Int) -> [PlaylistItem] {
        (0..<count).map { index in
            PlaylistItem(path: "/media/videos/clip-\(index).mkv", title: index % 3 == 0 ? "Title \(index)" : nil,
                         duration: index == 4 ? nil : Double(index * 60 + 65), id: index + 1)
        }
    }

    static func state(count: Int, position: Int = 0, paused: Bool = false) -> PlayerState {
        var state = PlayerState()
        state.position = 20
        state.duration = 100
        state.isPaused = paused
        state.playlist = items(count)
        state.playlistPosition = position
        return state
    }
}
