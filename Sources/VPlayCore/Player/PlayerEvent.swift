/// Things that happened, in mpv's event vocabulary, for IPC clients and the status line.
public enum PlayerEvent: Sendable, Equatable {
    case fileLoaded
    /// A seek started.
    case seek
    /// The first frame (or audio) after a seek or the start is out.
    case playbackRestart
    case endFile(reason: EndFileReason)
    case shutdown
}

public enum EndFileReason: String, Sendable, Equatable {
    case eof, stop, quit, error
}
