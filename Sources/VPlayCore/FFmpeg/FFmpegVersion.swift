import CFFmpeg

extension VPlayVersion {
    /// The version of the FFmpeg libraries vplay runs with (mpv's `ffmpeg-version`).
    public static var ffmpeg: String { String(cString: av_version_info()) }
}
