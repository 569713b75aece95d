/// The parts of the overlay a pointer can be over.
public enum OverlayElement: Equatable, Sendable {
    case skipBack
    case playPause
    case skipForward
    case slider
    /// Opens and closes the track menu (absent when the file has nothing to choose).
    case tracks
    /// Opens and closes the playlist panel (absent with a single file).
    case playlist
    /// The playback-speed label: a click steps through `SpeedControl.steps`, the wheel nudges.
    case speed
    case mute
    /// The volume slider (absent from narrow windows).
    case volume
    /// Enters picture-in-picture (the bar of the normal window).
    case pictureInPicture
    /// Leaves picture-in-picture (the reduced bar of the small window).
    case closePictureInPicture
    /// The band itself (time label, padding): inert, but it keeps clicks off the video.
    case bar
}
