import Foundation

/// Writes VobSub subtitles as DVD rips keep them beside a film: `NAME.sub`, DVD subpictures in
/// an MPEG program stream (ffmpeg encodes them from a PGS stream), and `NAME.idx`, the canvas
/// size, the palette and where in the `.sub` each picture starts and when it shows.
public enum VobSubWriter {
    /// The 16 colours the subpictures index (ffmpeg's encoder picks the nearest ones).
    static let palette = ["000000", "ffffff", "808080", "c0c0c0", "ff0000", "00ff00", "0000ff", "ffff00",
                          "ff00ff", "00ffff", "800000", "008000", "000080", "808000", "800080", "008080"]

    public struct WriteError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes `idx` and the `.sub` beside it from the PGS stream `pgs` on a `width`×`height` canvas.
    public static func write(pgs: URL, canvasWidth width: Int, height: Int, to idx: URL) throws {
        let sub = idx.deletingPathExtension().appendingPathExtension("sub")
        // The pictures' own times, with no delay added by the muxer.
        let made = try ChildProcess.run("ffmpeg", ["-v", "error", "-y", "-copyts", "-i", pgs.path, "-map", "0:s", "-c:s", "dvdsub",
                                                   "-palette", palette.joined(separator: ","), "-muxdelay", "0",
                                                   "-muxpreload", "0", "-f", "vob", sub.path], timeout: .seconds(60))
        guard made.succeeded else { throw WriteError(description: "ffmpeg: \(made.errorText)") }
        let entries = subpictures(in: [UInt8](try Data(contentsOf: sub)))
        guard !entries.isEmpty else { throw WriteError(description: "no subpicture in \(sub.path)") }
        var text = "# VobSub index file, v7 (do not modify this line!)\nsize: \(width)x\(height)\n"
        text += "palette: \(palette.joined(separator: ", "))\n\nid: en, index: 0\n"
        for entry in entries {
            let ms = Int((Double(entry.pts) / 90).rounded())
            text += String(format: "timestamp: %02d:%02d:%02d:%03d, filepos: %09x\n",
                           ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000, entry.pack)
        }
        try text.write(to: idx, atomically: true, encoding: .utf8)
    }

    /// The subpictures' first packets (private stream 1 with a time stamp): their time stamp
    /// (90 kHz) and the start of the pack holding them.
    static func subpictures(in bytes: [UInt8]) -> [(pts: UInt64, pack: Int)] {
        var entries: [(pts: UInt64, pack: Int)] = []
        var pack = 0, i = 0
        while i + 14 <= bytes.count {
            guard bytes[i] == 0, bytes[i + 1] == 0, bytes[i + 2] == 1 else { i += 1; continue }
            let code = bytes[i + 3]
            if code == 0xBA {   // MPEG-2 pack header, 14 bytes and its stuffing
                pack = i
                i += 14 + Int(bytes[i + 13] & 7)
                continue
            }
            let length = Int(bytes[i + 4]) << 8 | Int(bytes[i + 5])
            if code == 0xBD, bytes[i + 7] & 0x80 != 0 {
                let p = bytes[i + 9..<i + 14].map(UInt64.init)
                let pts = (p[0] >> 1 & 7) << 30 | p[1] << 22 | (p[2] >> 1) << 15 | p[3] << 7 | p[4] >> 1
                entries.append((pts, pack))
            }
            i += 6 + length
        }
        return entries
    }
}
