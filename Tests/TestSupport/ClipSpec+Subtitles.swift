import Foundation

/// Clips for the subtitle tests: a flat grey picture (so text and its dark outline stand out)
/// with one subtitle track in a chosen format.
extension ClipSpec {
    /// Two lines in every format: one from 1 to 3 s, one from 4 to 6 s.
    public static let subtitleWords: [(start: Double, end: Double, text: String)] = [
        (1.0, 3.0, "First words"), (4.0, 6.0, "Second words"),
    ]

    /// The grey of the picture, 0...255.
    public static let subtitleBackdropGrey = 64

    /// The picture's script size in the ASS track: `\pos` coordinates are in these units.
    public static let subtitleScriptSize = (width: 320, height: 240)

    public enum SubtitleFormat: String, Sendable {
        /// ASS in Matroska: the first line centred at `\pos(80,60)` (top left), the second at the bottom.
        case ass
        case srt
        case webvtt
        /// mov_text in MP4.
        case movText
    }

    /// 320×240, 25 fps, 8 s, no sound, one subtitle track.
    public static func subtitled(_ format: SubtitleFormat) throws -> ClipSpec {
        let video = "color=c=0x404040:size=320x240:rate=25:duration=8,format=yuv420p"
        let source: URL
        let codec: String
        switch format {
        case .ass: source = try MediaFactory.text(styledASS(), fileExtension: "ass"); codec = "ass"
        case .srt: source = try MediaFactory.text(subRip(subtitleWords), fileExtension: "srt"); codec = "subrip"
        case .webvtt: source = try MediaFactory.text(subRip(subtitleWords), fileExtension: "srt"); codec = "webvtt"
        case .movText: source = try MediaFactory.text(subRip(subtitleWords), fileExtension: "srt"); codec = "mov_text"
        }
        return ClipSpec(name: "subtitled-\(format.rawValue)", fileExtension: format == .movText ? "mp4" : "mkv",
                        arguments: ["-f", "lavfi", "-i", video, "-i", source.path, "-map", "0:v", "-map", "1:s",
                                    "-c:v", "libx264", "-preset", "veryfast", "-g", "25", "-c:s", codec,
                                    "-metadata:s:s:0", "language=eng", "-disposition:s:0", "default"])
    }

    /// Lines far apart in a long clip: one early, one long after what playback reads ahead of
    /// the start.
    public static let sparseSubtitleWords: [(start: Double, end: Double, text: String)] = [
        (5.0, 7.0, "Early words"), (50.0, 52.0, "Late words"),
    ]

    /// 320×240, 10 fps, 60 s, no sound, `sparseSubtitleWords` as an embedded track (SubRip in
    /// Matroska, or mov_text in MP4).
    public static func sparselySubtitled(movText: Bool = false) throws -> ClipSpec {
        let video = "color=c=0x404040:size=320x240:rate=10:duration=60,format=yuv420p"
        let source = try MediaFactory.text(subRip(sparseSubtitleWords), fileExtension: "srt")
        return ClipSpec(name: "sparsely-subtitled", fileExtension: movText ? "mp4" : "mkv",
                        arguments: ["-f", "lavfi", "-i", video, "-i", source.path, "-map", "0:v", "-map", "1:s",
                                    "-c:v", "libx264", "-preset", "veryfast", "-g", "10", "-c:s", movText ? "mov_text" : "subrip",
                                    "-metadata:s:s:0", "language=eng", "-disposition:s:0", "default"])
    }

    /// The same grey picture with no subtitle track: for subtitle files beside it.
    public static let subtitleBackdrop = ClipSpec(
        name: "subtitle-backdrop", fileExtension: "mkv",
        arguments: ["-f", "lavfi", "-i", "color=c=0x404040:size=320x240:rate=25:duration=8,format=yuv420p",
                    "-c:v", "libx264", "-preset", "veryfast", "-g", "25"])

    /// SubRip text for `lines`.
    public static func subRip(_ lines: [(start: Double, end: Double, text: String)]) -> String {
        lines.enumerated().map { index, line in
            "\(index + 1)\n\(srtTime(line.start)) --> \(srtTime(line.end))\n\(line.text)\n"
        }.joined(separator: "\n")
    }

    private static func styledASS() -> String {
        """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: \(subtitleScriptSize.width)
        PlayResY: \(subtitleScriptSize.height)

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: Default,DejaVu Sans,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,2,0,2,10,10,10,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
        Dialogue: 0,0:00:01.00,0:00:03.00,Default,,0,0,0,,{\\an5\\pos(80,60)}\(subtitleWords[0].text)
        Dialogue: 0,0:00:04.00,0:00:06.00,Default,,0,0,0,,\(subtitleWords[1].text)

        """
    }

    /// An ASS script with `lines`, in one bold white style with a black outline (`alignment` in
    /// numpad order), `size` script units large (libass's default 384×288 when nil).
    public static func assScript(size: (width: Int, height: Int)?, alignment: Int = 2,
                                 lines: [(start: Double, end: Double, text: String)]) -> String {
        let resolution = size.map { "PlayResX: \($0.width)\nPlayResY: \($0.height)\n" } ?? ""
        let events = lines.map { "Dialogue: 0,\(assTime($0.start)),\(assTime($0.end)),Default,,0,0,0,,\($0.text)" }
        return """
            [Script Info]
            ScriptType: v4.00+
            \(resolution)
            [V4+ Styles]
            Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
            Style: Default,DejaVu Sans,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,2,0,\(alignment),10,10,10,1

            [Events]
            Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

            """ + events.joined(separator: "\n") + "\n"
    }

    private static func srtTime(_ seconds: Double) -> String {
        let ms = Int((seconds * 1000).rounded())
        return String(format: "%02d:%02d:%02d,%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000)
    }
}
