import VPlayCore

/// What the MPRIS properties are read from: the player's published state and which loaded
/// file it is (a file opened again is a new track, so a stale `SetPosition` misses it).
struct MPRISContext: Equatable {
    init(state: PlayerState, trackNumber: Int, artURL: String? = nil) {
        self.state = state
        self.trackNumber = trackNumber
        self.artURL = artURL
    }

    var state: PlayerState
    /// Counts the files loaded since start; 0 before the first.
    var trackNumber: Int
    /// The `file://` URL of the file's cover, nil for none.
    var artURL: String?

    static let objectPath = "/org/mpris/MediaPlayer2"
    static let rootInterface = "org.mpris.MediaPlayer2"
    static let playerInterface = "org.mpris.MediaPlayer2.Player"

    /// `mpris:trackid`; the spec reserves `/org/mpris/MediaPlayer2/TrackList/NoTrack` for none.
    var trackID: String {
        state.path.isEmpty || trackNumber == 0
            ? "/org/mpris/MediaPlayer2/TrackList/NoTrack"
            : "/org/mpris/MediaPlayer2/vplay/track/\(trackNumber)"
    }

    /// A registry property's value now; `.unavailable` for a name it does not have.
    func value(of name: String) -> PropertyValue {
        (try? PropertyRegistry.property(named: name))?.value(in: state) ?? .unavailable
    }

    /// Microseconds, MPRIS's unit of time.
    static func microseconds(_ seconds: Double) -> Int64 {
        Int64((seconds * 1_000_000).rounded())
    }
}
