import Foundation

/// What the network tests serve, made at test time in a fresh directory:
/// - `clip.mp4`: `ClipSpec.av(seconds:)`, index up front (ranged requests seek it);
/// - `hls/index.m3u8` + segments, `dash/manifest.mpd` + fragments, both from that clip;
/// - `local-segments.m3u8`: the same HLS playlist naming its segments as `file://` paths of a
///   copy outside the served tree (a network source must never open them);
/// - `http-segments.m3u8`: the same playlist naming its segments by http URL (the control);
/// - `variants/master.m3u8`: an HLS master playlist of two variants, 320×240 (`v0_N.ts`) and
///   160×120 (`v1_N.ts`), each with its sound;
/// - `tls-segments.m3u8`, once `nameTLSSegments(at:)` knows the server: segments by https URL.
public struct NetworkMedia: Sendable {
    public let root: URL
    /// Where the local copy of the segments is (not served).
    public let localSegments: URL
    public let seconds: Double

    public init(seconds: Double = 10) throws {
        self.seconds = seconds
        let base = try Unprivileged.makeDirectory(named: "vplay-net-media")
        root = base.appendingPathComponent("www")
        localSegments = base.appendingPathComponent("local")
        let fileManager = FileManager.default
        for directory in [root, root.appendingPathComponent("hls"), root.appendingPathComponent("dash"), localSegments] {
            try fileManager.createDirectory(at: directory, withIntermediateDirectories: true,
                                            attributes: [.posixPermissions: 0o755])
        }
        let clip = try MediaFactory.clip(.av(seconds: seconds))
        let served = root.appendingPathComponent("clip.mp4")
        try fileManager.copyItem(at: clip, to: served)
        try Self.ffmpeg(["-i", served.path, "-c", "copy", "-f", "hls", "-hls_time", "2", "-hls_playlist_type", "vod",
                         root.appendingPathComponent("hls/index.m3u8").path])
        try Self.ffmpeg(["-i", served.path, "-c", "copy", "-f", "dash", "-seg_duration", "2",
                         root.appendingPathComponent("dash/manifest.mpd").path])
        let variants = root.appendingPathComponent("variants")
        try fileManager.createDirectory(at: variants, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try Self.ffmpeg(["-i", served.path, "-map", "0:v", "-map", "0:a", "-map", "0:v", "-map", "0:a",
                         "-c:v", "libx264", "-g", "25", "-c:a", "aac", "-s:v:0", "320x240", "-b:v:0", "300k",
                         "-s:v:1", "160x120", "-b:v:1", "60k", "-f", "hls", "-hls_time", "2", "-hls_playlist_type", "vod",
                         "-var_stream_map", "v:0,a:0 v:1,a:1", "-master_pl_name", "master.m3u8",
                         "-hls_segment_filename", variants.appendingPathComponent("v%v_%d.ts").path,
                         variants.appendingPathComponent("v%v.m3u8").path])
        let playlist = try String(contentsOf: root.appendingPathComponent("hls/index.m3u8"), encoding: .utf8)
        for name in try fileManager.contentsOfDirectory(atPath: root.appendingPathComponent("hls").path) where name.hasSuffix(".ts") {
            try fileManager.copyItem(at: root.appendingPathComponent("hls/\(name)"), to: localSegments.appendingPathComponent(name))
        }
        try Self.renaming(playlist, with: "file://\(localSegments.path)/")
            .write(to: root.appendingPathComponent("local-segments.m3u8"), atomically: true, encoding: .utf8)
        try Self.renaming(playlist, with: "hls/")
            .write(to: root.appendingPathComponent("http-segments.m3u8"), atomically: true, encoding: .utf8)
    }

    /// Writes `tls-segments.m3u8`, naming the segments under `base` (an https URL ending in `/`).
    public func nameTLSSegments(at base: String) throws {
        let playlist = try String(contentsOf: root.appendingPathComponent("hls/index.m3u8"), encoding: .utf8)
        try Self.renaming(playlist, with: base)
            .write(to: root.appendingPathComponent("tls-segments.m3u8"), atomically: true, encoding: .utf8)
    }

    /// Removes everything made.
    public func remove() {
        try? FileManager.default.removeItem(at: root.deletingLastPathComponent())
    }

    /// `playlist` with each segment line prefixed by `prefix`.
    private static func renaming(_ playlist: String, with prefix: String) -> String {
        playlist.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasSuffix(".ts") && !$0.hasPrefix("#") ? prefix + $0 : String($0) }
            .joined(separator: "\n")
    }

    private static func ffmpeg(_ arguments: [String]) throws {
        try ChildProcess.run("ffmpeg", ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"] + arguments,
                             timeout: .seconds(120)).requireSuccess()
    }
}
