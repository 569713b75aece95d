import CFFmpeg
import Foundation

/// Tells why a local file refused by the demuxer allow-list was refused: FFmpeg says only
/// "Invalid argument", while the user needs to hear that the file is a list of other files.
enum NestingFormatProbe {
    /// The name of the nesting demuxer (`hls`, `dash`, `concat`, …) that would read the file at
    /// `path`; nil when it is not one, or cannot be read.
    static func format(of path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 4096), !head.isEmpty else { return nil }
        // FFmpeg's probes may read past the data: it must end in zeroed padding.
        var buffer = [UInt8](head)
        buffer += [UInt8](repeating: 0, count: Int(AVPROBE_PADDING_SIZE))
        let format = path.withCString { name in
            buffer.withUnsafeMutableBufferPointer { bytes in
                var probe = AVProbeData()
                probe.filename = name
                probe.buf = bytes.baseAddress
                probe.buf_size = Int32(head.count)
                return av_probe_input_format(&probe, 1)
            }
        }
        guard let format else { return nil }
        let names = String(cString: format.pointee.name).split(separator: ",").map(String.init)
        return names.first { MediaFile.nestingDemuxers.contains($0) }
    }

    /// The reason shown for a refused file that is a `format` list.
    static func refusal(_ format: String) -> String {
        let kind = switch format {
        case "hls", "applehttp": "an HLS playlist"
        case "dash": "a DASH manifest"
        case "concat": "a concat list"
        default: "a \(format) list"
        }
        return "\(kind) opens the files it names, which vplay does only when asked (--allow-nested-files)"
    }
}
