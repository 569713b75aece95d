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

    var fileExtension: String {
        switch self {
        case .randomBytes, .textFile: "mkv"
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
        }
    }
}
