import Foundation

/// Files a player must reject (or play as far as it can) without crashing or
/// hanging. `MediaFactory.badInput(_:)` makes them.
public enum BadInput: String, CaseIterable, Sendable {
    /// A zero-byte .mp4.
    case emptyFile
    /// 64 KiB of pseudo-random bytes named .mkv.
    case randomBytes
    /// A short English text named .mkv.
    case textFile
    /// The first half of a good MP4 (index intact, media data cut off).
    case truncatedHalf
    /// A good MP4 with its moov box (the index) removed.
    case missingMoov
    /// A good MP4 with pseudo-random bytes over its middle third.
    case garbageMiddle
    /// A directory named .mp4.
    case directory
    /// Matroska whose only track, H.264 video, is renamed to a CodecID FFmpeg does not know.
    case unknownCodec
    /// The same renaming in Matroska that also holds the (good) AAC sound.
    case unknownCodecWithSound
    /// An .m4a whose only track claims MPEG-H 3D Audio, which FFmpeg demuxes but cannot decode.
    case undecodableCodec
    /// Motion JPEG in Matroska whose header and every picture declare 30000×30000.
    case hugePicture

    var fileExtension: String {
        switch self {
        case .randomBytes, .textFile, .unknownCodec, .unknownCodecWithSound, .hugePicture: "mkv"
        case .undecodableCodec: "m4a"
        default: "mp4"
        }
    }
}

extension MediaFactory {
    /// The clip the damaged MP4s are made from.
    public static let badInputSource = ClipSpec.av(seconds: 4)

    /// The file (or directory) for `kind`, made on first use. Contents are the
    /// same on every run: the random bytes come from a fixed seed.
    public static func badInput(_ kind: BadInput) throws -> URL {
        let source = try clip(badInputSource)
        let key = StableHash.hex(of: [kind.rawValue, source.lastPathComponent])
        let url = cacheDirectory.appendingPathComponent("bad-\(kind.rawValue)-\(key).\(kind.fileExtension)")
        switch kind {
        case .emptyFile:
            return try store(Data(), at: url)
        case .randomBytes:
            var generator = SplitMix(seed: 1)
            return try store(Data(generator.bytes(65536)), at: url)
        case .textFile:
            let text = String(repeating: "This is not a video. It is a text file with a video's name.\n", count: 50)
            return try store(Data(text.utf8), at: url)
        case .truncatedHalf:
            let bytes = try Data(contentsOf: source)
            return try store(bytes.prefix(bytes.count / 2), at: url)
        case .missingMoov:
            var bytes = try [UInt8](Data(contentsOf: source))
            guard let moov = MP4Boxes.topLevel(in: bytes).first(where: { $0.type == "moov" }) else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: source.path])
            }
            bytes.removeSubrange(moov.range)
            return try store(Data(bytes), at: url)
        case .garbageMiddle:
            var bytes = try [UInt8](Data(contentsOf: source))
            let third = bytes.count / 3
            var generator = SplitMix(seed: 2)
            bytes.replaceSubrange(third..<2 * third, with: generator.bytes(third))
            return try store(Data(bytes), at: url)
        case .directory:
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            return url
        case .unknownCodec, .unknownCodecWithSound:
            let streams = kind == .unknownCodec ? ["-map", "0:v"] : ["-map", "0:v", "-map", "0:a"]
            let name = kind == .unknownCodec ? "video-mkv" : "av-mkv"
            var bytes = try [UInt8](Data(contentsOf: clip(derived(from: source, name, "mkv", streams + ["-c", "copy"]))))
            try bytes.replaceOnce(Array("V_MPEG4/ISO/AVC".utf8), with: Array("V_UNKNOWN/CODEC".utf8))
            return try store(Data(bytes), at: url)
        case .undecodableCodec:
            var bytes = try [UInt8](Data(contentsOf: clip(derived(from: source, "audio-m4a", "m4a", ["-map", "0:a", "-c", "copy"]))))
            // The sample entry's type names the codec; without its `esds` child (renamed to a
            // box every reader skips) nothing says AAC any more.
            try bytes.replaceOnce(Array("mp4a".utf8), with: Array("mhm1".utf8))
            try bytes.replaceOnce(Array("esds".utf8), with: Array("free".utf8))
            return try store(Data(bytes), at: url)
        case .hugePicture:
            // 320×256: both sides take two bytes in the header, as 30000 does.
            let mjpeg = derived(from: source, "mjpeg-320x256-mkv", "mkv",
                                ["-map", "0:v", "-t", "1", "-vf", "scale=320:256", "-c:v", "mjpeg"])
            var bytes = try [UInt8](Data(contentsOf: clip(mjpeg)))
            let huge: [UInt8] = [0x75, 0x30]  // 30000
            // Matroska PixelWidth (0xB0) and PixelHeight (0xBA), two-byte values.
            try bytes.replaceOnce([0xB0, 0x82, 0x01, 0x40], with: [0xB0, 0x82] + huge)
            try bytes.replaceOnce([0xBA, 0x82, 0x01, 0x00], with: [0xBA, 0x82] + huge)
            // Each picture's JPEG frame header (SOF0: length 17, 8 bits, height 256, width 320).
            let frameHeader: [UInt8] = [0xFF, 0xC0, 0x00, 0x11, 0x08]
            try bytes.replaceEvery(frameHeader + [0x01, 0x00, 0x01, 0x40], with: frameHeader + huge + huge)
            return try store(Data(bytes), at: url)
        }
    }

    /// `source` passed through ffmpeg with `arguments` into a `fileExtension` file.
    private static func derived(from source: URL, _ name: String, _ fileExtension: String,
                                _ arguments: [String]) -> ClipSpec {
        ClipSpec(name: "\(source.deletingPathExtension().lastPathComponent)-\(name)", fileExtension: fileExtension,
                 arguments: ["-i", source.path] + arguments)
    }
}

extension [UInt8] {
    /// The bytes are not as the patching expects: the generating ffmpeg changed its output.
    struct PatternNotFound: Error, CustomStringConvertible {
        let pattern: [UInt8]
        let count: Int
        var description: String { "expected bytes \(pattern) once or more, found \(count) times" }
    }

    /// Replaces the one occurrence of `pattern` with `replacement` (same length); throws when
    /// there is none or more than one.
    mutating func replaceOnce(_ pattern: [UInt8], with replacement: [UInt8]) throws {
        let found = occurrences(of: pattern)
        guard found.count == 1 else { throw PatternNotFound(pattern: pattern, count: found.count) }
        replaceSubrange(found[0]..<found[0] + pattern.count, with: replacement)
    }

    /// Replaces every occurrence of `pattern` with `replacement` (same length); throws when
    /// there is none.
    mutating func replaceEvery(_ pattern: [UInt8], with replacement: [UInt8]) throws {
        let found = occurrences(of: pattern)
        guard !found.isEmpty else { throw PatternNotFound(pattern: pattern, count: 0) }
        for start in found { replaceSubrange(start..<start + pattern.count, with: replacement) }
    }

    private func occurrences(of pattern: [UInt8]) -> [Int] {
        guard let first = pattern.first, count >= pattern.count else { return [] }
        return (0...count - pattern.count).filter { self[$0] == first && self[$0..<$0 + pattern.count].elementsEqual(pattern) }
    }
}
