import CFFmpeg

/// Turns what libavcodec decodes from one subtitle packet into lines (text tracks) or a
/// picture (bitmap tracks), kept in `SubtitleLines`.
enum SubtitleDecoding {
    /// Decodes `packet` and adds what it holds to `lines`; false when it holds nothing usable.
    @discardableResult
    static func decode(_ packet: UnsafeMutablePointer<AVPacket>, with codec: CodecContext,
                       into lines: SubtitleLines) -> Bool {
        var subtitle = AVSubtitle()
        var gotSubtitle: Int32 = 0
        guard avcodec_decode_subtitle2(codec.pointer, &subtitle, &gotSubtitle, packet) >= 0,
              gotSubtitle != 0 else { return false }
        defer { avsubtitle_free(&subtitle) }
        let timeBase = codec.timeBase
        let packetStart = MediaFile.seconds(packet.pointee.pts, timeBase)
        guard packetStart.isFinite else { return false }
        let start = packetStart + Double(subtitle.start_display_time) / 1000
        var end = packetStart + MediaFile.seconds(packet.pointee.duration, timeBase)
        if subtitle.end_display_time > 0 && subtitle.end_display_time != UInt32.max {
            end = packetStart + Double(subtitle.end_display_time) / 1000
        }
        if lines.isBitmap {
            // Bitmap streams often say nothing of the end: the next picture ends this one.
            if !end.isFinite || end <= start { end = start + 3600 }
            lines.add(picture(of: subtitle, start: start, end: end, codec: codec))
            return true
        }
        if !end.isFinite || end <= start { end = start + 5 }
        for index in 0..<Int(subtitle.num_rects) {
            guard let rect = subtitle.rects[index] else { continue }
            if let ass = rect.pointee.ass {
                let line = String(cString: ass)
                lines.add(SubtitleEvent(start: start, end: end, text: SubtitleEvent.plainText(ofASSEvent: line)),
                          assLine: line)
            } else if let text = rect.pointee.text {
                lines.add(SubtitleEvent(start: start, end: end, text: String(cString: text)), assLine: nil)
            }
        }
        return true
    }

    /// The bitmap rectangles of `subtitle` as RGBA (palette looked up).
    private static func picture(of subtitle: AVSubtitle, start: Double, end: Double, codec: CodecContext) -> SubtitlePicture {
        var rects: [SubtitlePicture.Rect] = []
        for index in 0..<Int(subtitle.num_rects) {
            guard let rect = subtitle.rects[index]?.pointee, rect.type == SUBTITLE_BITMAP,
                  rect.w > 0, rect.h > 0, rect.w <= 8192, rect.h <= 8192,
                  let indices = rect.data.0, let palette = rect.data.1 else { continue }
            let width = Int(rect.w), height = Int(rect.h), stride = Int(rect.linesize.0)
            let colours = max(0, min(256, Int(rect.nb_colors)))
            var rgba = [UInt8](repeating: 0, count: width * height * 4)
            palette.withMemoryRebound(to: UInt32.self, capacity: colours) { table in
                for y in 0..<height {
                    for x in 0..<width {
                        let entry = Int(indices[y * stride + x])
                        guard entry < colours else { continue }
                        // The palette holds native 32-bit ARGB words.
                        let argb = table[entry]
                        let o = (y * width + x) * 4
                        rgba[o] = UInt8(truncatingIfNeeded: argb >> 16)
                        rgba[o + 1] = UInt8(truncatingIfNeeded: argb >> 8)
                        rgba[o + 2] = UInt8(truncatingIfNeeded: argb)
                        rgba[o + 3] = UInt8(truncatingIfNeeded: argb >> 24)
                    }
                }
            }
            rects.append(.init(x: Int(rect.x), y: Int(rect.y), width: width, height: height, rgba: rgba))
        }
        return SubtitlePicture(start: start, end: end, rects: rects,
                               canvasWidth: Int(codec.pointer.pointee.width), canvasHeight: Int(codec.pointer.pointee.height))
    }
}
