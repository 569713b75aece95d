import Foundation

/// A film as people have them: one picture, sound in two languages, subtitles in two more.
extension ClipSpec {
    /// The tone of the second audio track, clearly apart from the first's `toneFrequency`.
    public static let secondToneFrequency = 1320

    /// The subtitle lines of both subtitle tracks: (start, end, text), seconds.
    public static let subtitleLines: [(start: Double, end: Double, text: String)] = [
        (0.5, 2.0, "First line"), (3.0, 4.5, "Second line"), (6.0, 7.5, "Third line"),
    ]

    /// Matroska, `seconds` long: video 1 (the frame pattern); audio 1 English, default, at
    /// `toneFrequency`; audio 2 French, titled "Commentary", at `secondToneFrequency`;
    /// subtitle 1 English ASS, subtitle 2 German SRT (the same lines, the German ones
    /// prefixed "DE "), neither default.
    public static func multiTrack(seconds: Double = 8) throws -> ClipSpec {
        let ass = try MediaFactory.text(assText(), fileExtension: "ass")
        let srt = try MediaFactory.text(srtText(prefix: "DE "), fileExtension: "srt")
        let video = "testsrc2=size=320x240:rate=25:duration=\(seconds),format=yuv420p,"
            + FramePattern.filter(width: 320, height: 240)
        let tone = { (frequency: Int) in "sine=frequency=\(frequency):sample_rate=48000:duration=\(seconds)" }
        return ClipSpec(
            name: "multi-track", fileExtension: "mkv",
            arguments: ["-f", "lavfi", "-i", video, "-f", "lavfi", "-i", tone(toneFrequency),
                        "-f", "lavfi", "-i", tone(secondToneFrequency), "-i", ass.path, "-i", srt.path,
                        "-map", "0:v", "-map", "1:a", "-map", "2:a", "-map", "3:s", "-map", "4:s",
                        "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-g", "50",
                        "-c:a", "aac", "-ac", "2", "-ar", "48000", "-c:s:0", "ass", "-c:s:1", "subrip",
                        "-metadata:s:a:0", "language=eng", "-metadata:s:a:1", "language=fre",
                        "-metadata:s:a:1", "title=Commentary", "-metadata:s:s:0", "language=eng",
                        "-metadata:s:s:1", "language=ger",
                        "-disposition:a:0", "default", "-disposition:a:1", "0",
                        "-disposition:s:0", "0", "-disposition:s:1", "0"])
    }

    private static func srtText(prefix: String) -> String {
        subtitleLines.enumerated().map { index, line in
            "\(index + 1)\n\(srtTime(line.start)) --> \(srtTime(line.end))\n\(prefix)\(line.text)\n"
        }.joined(separator: "\n")
    }

    private static func assText() -> String {
        let events = subtitleLines.map { line in
            "Dialogue: 0,\(assTime(line.start)),\(assTime(line.end)),Default,,0,0,0,,{\\b1}\(line.text)"
        }
        return """
            [Script Info]
            ScriptType: v4.00+
            PlayResX: 320
            PlayResY: 240

            [V4+ Styles]
            Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
            Style: Default,DejaVu Sans,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,1

            [Events]
            Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

            """ + events.joined(separator: "\n") + "\n"
    }

    private static func srtTime(_ seconds: Double) -> String {
        let ms = Int((seconds * 1000).rounded())
        return String(format: "%02d:%02d:%02d,%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000)
    }

    static func assTime(_ seconds: Double) -> String {
        let cs = Int((seconds * 100).rounded())
        return String(format: "%d:%02d:%02d.%02d", cs / 360_000, cs / 6000 % 60, cs / 100 % 60, cs % 100)
    }
}

extension MediaFactory {
    /// A text file with `contents` in the media cache, named by a hash of them.
    public static func text(_ contents: String, fileExtension: String) throws -> URL {
        let url = cacheDirectory.appendingPathComponent("text-\(StableHash.hex(of: [contents])).\(fileExtension)")
        return try store(Data(contents.utf8), at: url)
    }
}
