import Foundation

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

/// HDR clips drawn in code values: 640×360 HEVC Main 10, BT.2020, 2 s at 25 fps, no sound.
/// A reference-white patch (x 40..<200, y 40..<160) on grey, and across rows 220..<320 a
/// gradient from black at the left to the peak at the right.
extension ClipSpec {
    public static let hdrPatch = (x: 40, y: 40, width: 160, height: 120)
    public static let hdrGradientRows = 220..<320

    /// PQ (HDR10): the patch at 203 cd/m², grey at 26 cd/m², the gradient to 1000 cd/m²
    /// (linear in light); mastering display 1000 cd/m², MaxCLL `maxCLL`.
    public static func hdr10(maxCLL: Int = 1000) -> ClipSpec {
        let params = "colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc:hdr10=1"
            + ":master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,50)"
            + ":max-cll=\(maxCLL),400"
        return hevc10(name: "hdr10-maxcll\(maxCLL)", luma: hdr10Luma, params: params, transfer: "smpte2084")
    }

    /// `hdr10()`'s picture as PQ code values.
    private static var hdr10Luma: String {
        let pq = "pow((0.8359375+18.8515625*pow(L/10000\\,0.1593017578125))/(1+18.6875*pow(L/10000\\,0.1593017578125))\\,78.84375)"
        let light = "(\(layout(patch: "203", grey: "26", gradient: "1000*X/639")))"
        return "64+876*" + pq.replacingOccurrences(of: "L/10000", with: "\(light)/10000")
    }

    /// HLG: the patch at signal 0.75 (reference white), grey at 0.38, the gradient linear in
    /// signal from 0 to 1.
    public static let hlg = hevc10(name: "hlg", luma: "64+876*(\(layout(patch: "0.75", grey: "0.38", gradient: "X/639")))",
                                   params: "colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc",
                                   transfer: "arib-std-b67")

    static func layout(patch: String, grey: String, gradient: String) -> String {
        "if(between(Y\\,40\\,159)*between(X\\,40\\,199)\\,\(patch)\\,if(gte(Y\\,220)*lt(Y\\,320)\\,\(gradient)\\,\(grey)))"
    }

    private static func hevc10(name: String, luma: String, params: String, transfer: String) -> ClipSpec {
        let (primaries, matrix) = transfer == "bt709" ? ("bt709", "bt709") : ("bt2020", "bt2020nc")
        return ClipSpec(name: name, fileExtension: "mkv", arguments: [
            "-f", "lavfi", "-i", "color=c=black:s=640x360:r=25:d=2,format=yuv420p10le,geq=lum='\(luma)':cb=512:cr=512",
            "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "crf=12:log-level=error:repeat-headers=1:" + params,
            "-color_primaries", primaries, "-color_trc", transfer, "-colorspace", matrix,
        ])
    }

    /// An SDR clip (flat mid-grey, BT.709) and `hdr10()`'s picture, parameter sets in every
    /// keyframe: joined by the concat demuxer, a stream that turns HDR after 2 s.
    public static let sdrThenHDRParts: [ClipSpec] = [
        hevc10(name: "sdr-part", luma: "502", params: "colorprim=bt709:transfer=bt709:colormatrix=bt709", transfer: "bt709"),
        hevc10(name: "hdr-part", luma: hdr10Luma,
               params: "colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc:max-cll=1000,400", transfer: "smpte2084"),
    ]
}

/// SDR BT.709 HEVC of the HDR clips' layout (patch at 90 %, grey at 40 %, the gradient from
/// black to white), in Main 10 and in 8-bit Main: the same picture at two bit depths.
extension ClipSpec {
    public static func sdrLayout(tenBit: Bool) -> ClipSpec {
        let (format, black, range) = tenBit ? ("yuv420p10le", "64", "876") : ("yuv420p", "16", "219")
        let luma = "\(black)+\(range)*(\(layout(patch: "0.9", grey: "0.4", gradient: "X/639")))"
        let chroma = tenBit ? "512" : "128"
        return ClipSpec(name: "sdr-layout-\(tenBit ? "10" : "8")bit", fileExtension: "mkv", arguments: [
            "-f", "lavfi", "-i", "color=c=black:s=640x360:r=25:d=2,format=\(format),geq=lum='\(luma)':cb=\(chroma):cr=\(chroma)",
            "-c:v", "libx265", "-preset", "ultrafast", "-x265-params",
            "crf=8:log-level=error:colorprim=bt709:transfer=bt709:colormatrix=bt709",
            "-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709",
        ])
    }
}
