/// A clip for the picture's placement and colours.
extension ClipSpec {
    /// 640×360 H.264, 25 fps: mid grey with a white 80×80 square in the middle, still; no sound.
    public static func squareOnGrey(seconds: Double = 10) -> ClipSpec {
        let picture = "color=c=0x808080:s=640x360:r=25:d=\(seconds),"
            + "drawbox=x=280:y=140:w=80:h=80:color=white:t=fill,format=yuv420p"
        return ClipSpec(name: "square-on-grey-\(seconds)s", fileExtension: "mkv",
                        arguments: ["-f", "lavfi", "-i", picture, "-c:v", "libx264", "-preset", "veryfast", "-crf", "10"])
    }
}
