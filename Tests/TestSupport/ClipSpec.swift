/// How to make one test clip with the ffmpeg CLI. `MediaFactory.clip(_:)` turns
/// a spec into a cached file; the presets are in ClipSpec+Presets.swift.
public struct ClipSpec: Hashable, Sendable {
    /// A readable prefix for the cached file's name.
    public var name: String
    /// The file's extension, which also picks ffmpeg's muxer.
    public var fileExtension: String
    /// ffmpeg's inputs, filters and codec options: everything but the output file.
    public var arguments: [String]
    /// Options for a second, stream-copy pass over the first pass's output. Some
    /// container metadata (the rotation matrix) is only written when copying in
    /// ffmpeg 5.1.
    public var remuxArguments: [String]

    public init(name: String, fileExtension: String, arguments: [String], remuxArguments: [String] = []) {
        self.name = name
        self.fileExtension = fileExtension
        self.arguments = arguments
        self.remuxArguments = remuxArguments
    }
}
