import VPlayCore

extension PlayerState {
    /// A file three seconds into ten, with audio and video.
    static var playing: PlayerState {
        var state = PlayerState()
        state.path = "/media/My Film.mkv"
        state.position = 3
        state.duration = 10
        state.hasAudio = true
        state.hasVideo = true
        state.videoWidth = 1280
        state.videoHeight = 720
        state.containerFPS = 25
        state.estimatedFPS = 24.5
        state.droppedFrames = 2
        state.avOffset = 0.012
        state.volumeMax = 130
        return state
    }
}
