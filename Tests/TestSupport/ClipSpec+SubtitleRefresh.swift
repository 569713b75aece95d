import Foundation

/// Clips for showing the current line at once: lines that began long before the keyframe
/// playback reads from, in two tracks placed in the middle of the picture.
extension ClipSpec {
    /// The first track: one short line near the start, nothing on screen after 1.5 s.
    public static let earlyTrackWords: [(start: Double, end: Double, text: String)] = [(0.5, 1.5, "Alpha")]
    /// The second track: one long line, on screen from 1 s to 8.5 s.
    public static let longTrackWords: [(start: Double, end: Double, text: String)] = [(1.0, 8.5, "Bravo words")]

    /// The two tracks as ASS scripts, their lines in the middle of a 320×240 picture.
    public static func middleLineScripts() -> (early: String, long: String) {
        (assScript(size: (320, 240), alignment: 5, lines: earlyTrackWords),
         assScript(size: (320, 240), alignment: 5, lines: longTrackWords))
    }

    /// 320×240 grey, 25 fps, 10 s, a keyframe every second, no sound; `middleLineScripts` as
    /// two ASS tracks (none default).
    public static func twoMiddleLineTracks() throws -> ClipSpec {
        let video = "color=c=0x404040:size=320x240:rate=25:duration=10,format=yuv420p"
        let scripts = middleLineScripts()
        let early = try MediaFactory.text(scripts.early, fileExtension: "ass")
        let long = try MediaFactory.text(scripts.long, fileExtension: "ass")
        return ClipSpec(name: "two-middle-line-tracks", fileExtension: "mkv",
                        arguments: ["-f", "lavfi", "-i", video, "-i", early.path, "-i", long.path,
                                    "-map", "0:v", "-map", "1:s", "-map", "2:s", "-c:v", "libx264", "-preset", "veryfast",
                                    "-g", "25", "-c:s", "ass", "-disposition:s:0", "0", "-disposition:s:1", "0"])
    }

    /// The same grey picture, 10 s with a keyframe every second, no subtitles: for files beside it.
    public static let longSubtitleBackdrop = ClipSpec(
        name: "long-subtitle-backdrop", fileExtension: "mkv",
        arguments: ["-f", "lavfi", "-i", "color=c=0x404040:size=320x240:rate=25:duration=10,format=yuv420p",
                    "-c:v", "libx264", "-preset", "veryfast", "-g", "25"])
}
