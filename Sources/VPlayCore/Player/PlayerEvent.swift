/// Things that happened, in mpv's event vocabulary, for IPC clients and the status line.
public enum PlayerEvent: Sendable, Equatable {
    /// A file is being opened.
    case startFile
    case fileLoaded
    /// A seek started.
    case seek
    /// The first frame (or audio) after a seek or the start is out.
    case playbackRestart
    /// The file is done with; `error` says why it could not be played (reason `error`).
    case endFile(reason: EndFileReason, error: String? = nil)
    case shutdown
}

public enum EndFileReason: String, Sendable, Equatable {
    case eof, stop, quit, error
}
