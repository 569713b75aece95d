/// Clips for picture fidelity: interlaced video.
extension ClipSpec {
    /// 640×480 top-field-first interlaced H.264 at 25 frames (50 fields) per second: white
    /// and black vertical bars 20 px wide, moving 6 px right per field, so that showing a
    /// frame's two fields woven together combs every bar edge. No sound.
    /// - Parameter flagged: whether the stream says it is interlaced (`auto` relies on it).
    public static func interlacedBars(seconds: Double = 4, flagged: Bool = true) -> ClipSpec {
        let bars = "color=c=black:s=640x480:r=50:d=\(seconds),format=gray,"
            + "geq=lum='if(lt(mod(X+N*6\\,40)\\,20)\\,235\\,16)',format=yuv420p"
        let coding = flagged ? ["-flags", "+ilme+ildct", "-x264opts", "tff=1"] : []
        return ClipSpec(
            name: "interlaced-bars-\(seconds)s\(flagged ? "" : "-unflagged")", fileExtension: "mkv",
            arguments: ["-f", "lavfi", "-i", bars, "-vf", "interlace=scan=tff:lowpass=0",
                        "-c:v", "libx264", "-preset", "veryfast", "-crf", "16", "-r", "25"] + coding)
    }
}
