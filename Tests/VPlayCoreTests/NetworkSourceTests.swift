import CFFmpeg
import XCTest
@testable import VPlayCore

/// Telling network sources from local files, the protocols each may open, what servers are
/// told, and the text that comes back from them.
final class NetworkSourceTests: XCTestCase {
    func testSchemesDecideTheKindOfSource() {
        XCTAssertEqual(SourceLocation("http://host/a.mp4").kind, .network)
        XCTAssertEqual(SourceLocation("HTTPS://host/a.mp4").scheme, "https")
        XCTAssertEqual(SourceLocation("rtsp://host/cam").kind, .network)
        XCTAssertEqual(SourceLocation("/videos/a.mp4").kind, .local)
        XCTAssertEqual(SourceLocation("a.mp4").scheme, nil)
        XCTAssertEqual(SourceLocation("file:///videos/a.mp4").kind, .local)
        XCTAssertEqual(SourceLocation("c:video.mp4").scheme, nil, "one letter is a drive, not a scheme")
        XCTAssertEqual(SourceLocation("concat:a.mp4|b.mp4").kind, .local, "never a network source")
    }

    func testFileURLsNameLocalPaths() {
        XCTAssertEqual(SourceLocation("file:///home/me/My%20Clip.mp4").filePath, "/home/me/My Clip.mp4")
        XCTAssertEqual(SourceLocation("clip.mp4").filePath, "clip.mp4")
        XCTAssertNil(SourceLocation("http://h/clip.mp4").filePath)
        XCTAssertNil(SourceLocation("concat:a|b").filePath)
    }

    func testDisplayNameIsTheURLFileNameWithoutItsQuery() {
        XCTAssertEqual(SourceLocation("https://host/a/clip%20one.mp4?token=1").displayName, "clip one.mp4")
        XCTAssertEqual(SourceLocation("http://radio.example:8000/").displayName, "radio.example")
        XCTAssertEqual(SourceLocation("/videos/a.mp4").displayName, "a.mp4")
    }

    func testNetworkSourcesMayOpenNoLocalProtocol() {
        let network = Set(ProtocolPolicy.allowList(for: .network).split(separator: ",").map(String.init))
        for local in ["file", "pipe", "concat", "subfile", "data", "fd"] {
            XCTAssertFalse(network.contains(local), local)
            XCTAssertTrue(ProtocolPolicy.denyList(for: .network)!.split(separator: ",").contains(Substring(local)), local)
        }
        XCTAssertTrue(network.isSuperset(of: ["http", "https", "tls", "tcp", "crypto"]))
        let local = Set(ProtocolPolicy.allowList(for: .local).split(separator: ","))
        XCTAssertTrue(local.isSuperset(of: ["file", "pipe", "http", "https"]))
        XCTAssertNil(ProtocolPolicy.denyList(for: .local))
    }

    func testOpenOptionsOfANetworkSource() {
        var options = PlayerOptions()
        options.network.userAgent = "agent/1"
        options.network.referrer = "https://ref.example/"
        options.network.headerFields = ["X-A: 1", "X-B: 2"]
        options.network.timeout = 2.5
        options.network.verifiesTLS = false
        options.network.tlsCAFile = "/ca.pem"
        let given = Dictionary(MediaFile.openOptions(for: Source("https://h/x.m3u8", network: options.network), options: options).map { ($0.key, $0.value) },
                               uniquingKeysWith: { _, last in last })
        XCTAssertEqual(given["protocol_whitelist"], ProtocolPolicy.allowList(for: .network))
        XCTAssertEqual(given["user_agent"], "agent/1")
        XCTAssertEqual(given["referer"], "https://ref.example/")
        XCTAssertEqual(given["headers"], "X-A: 1\r\nX-B: 2\r\n")
        XCTAssertEqual(given["rw_timeout"], "2500000")
        XCTAssertEqual(given["tls_verify"], "0")
        XCTAssertEqual(given["ca_file"], "/ca.pem")
        XCTAssertEqual(given["reconnect_streamed"], "1")
        let demuxers = Set(given["format_whitelist"]!.split(separator: ","))
        XCTAssertTrue(demuxers.isSuperset(of: ["hls", "dash", "mov"]))
        XCTAssertFalse(demuxers.contains("concat"))
        XCTAssertFalse(demuxers.contains("image2"))
    }

    func testLocalFilesTellNoServerAnything() {
        let given = MediaFile.openOptions(for: Source("/a.mp4"), options: PlayerOptions()).map(\.key)
        XCTAssertFalse(given.contains("user_agent"))
        XCTAssertFalse(given.contains("tls_verify"))
        XCTAssertFalse(Set(given.contains("format_whitelist") ? MediaFile.selfContainedDemuxers.split(separator: ",") : [])
            .contains("hls"))
    }

    func testHTTPErrorsReadAsHTTPErrors() {
        let notFound = -Int32(bitPattern: 0xF8 | UInt32(UInt8(ascii: "4")) << 8 | UInt32(UInt8(ascii: "0")) << 16
                              | UInt32(UInt8(ascii: "4")) << 24)
        XCTAssertEqual(FFmpegError.message(notFound), "HTTP error 404 Not Found")
        XCTAssertEqual(FFmpegError.message(vp_averror(ECONNREFUSED)), "Connection refused")
    }

    func testIcyMetadata() {
        XCTAssertEqual(IcyMetadata.streamTitle(in: "StreamTitle='Artist - It's a Song';StreamUrl='';"), "Artist - It's a Song")
        XCTAssertNil(IcyMetadata.streamTitle(in: "StreamTitle='';"))
        XCTAssertEqual(IcyMetadata.stationName(in: "icy-br: 128\nicy-name: Radio X\n"), "Radio X")
        XCTAssertNil(IcyMetadata.stationName(in: "icy-br: 128\n"))
    }

    func testPlaylistFilesListTheirEntries() {
        let m3u = "#EXTM3U\n#EXTINF:10,One\nhttp://h/1.mp4\n\n  two.mkv  \n/abs/three.mp4\n"
        XCTAssertEqual(PlaylistFile.entries(in: m3u, isPLS: false, directory: "/lists"),
                       ["http://h/1.mp4", "/lists/two.mkv", "/abs/three.mp4"])
        let pls = "[playlist]\nFile1=http://radio/stream\nTitle1=Radio\nfile2=b.ogg\nNumberOfEntries=2\n"
        XCTAssertEqual(PlaylistFile.entries(in: pls, isPLS: true, directory: "/d"), ["http://radio/stream", "/d/b.ogg"])
        XCTAssertNil(PlaylistFile.entries(in: "#EXTM3U\n#EXT-X-TARGETDURATION:2\nseg0.ts\n", isPLS: false, directory: "/d"),
                     "an HLS playlist plays as a stream")
    }

    func testOnlyLocalPlaylistFilesExpand() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-pls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = directory.appendingPathComponent("list.m3u").path
        try "a.mp4\nhttp://h/b.mp4\n".write(toFile: list, atomically: true, encoding: .utf8)
        XCTAssertEqual(PlaylistFile.expand(["x.mp4", list, "http://h/remote.m3u", "file:///v/a%20b.mp4"]),
                       ["x.mp4", directory.appendingPathComponent("a.mp4").path, "http://h/b.mp4", "http://h/remote.m3u",
                        "/v/a b.mp4"])
    }

    func testBlockingCallsGiveUpAtTheirDeadlineOrWhenCancelled() {
        let cancel = InterruptFlag()
        let guardian = BlockingCallGuard(cancel: cancel)
        XCTAssertFalse(guardian.shouldGiveUp)
        guardian.limit(to: -1)
        XCTAssertTrue(guardian.shouldGiveUp)
        XCTAssertTrue(guardian.hasTimedOut)
        guardian.limit(to: .infinity)
        XCTAssertFalse(guardian.shouldGiveUp)
        cancel.raise()
        XCTAssertTrue(guardian.shouldGiveUp)
        XCTAssertFalse(guardian.hasTimedOut, "a cancel is not a timeout")
    }

    func testHLSVariantChoice() {
        XCTAssertEqual(HLSBitrate("max"), .max)
        XCTAssertEqual(HLSBitrate("500000"), .limit(500_000))
        XCTAssertNil(HLSBitrate("fast"))
        XCTAssertEqual(HLSBitrate.limit(500).pick([100, 400, 900]), 400)
        XCTAssertEqual(HLSBitrate.limit(50).pick([100, 400]), 100, "none low enough: the lowest")
        XCTAssertEqual(HLSBitrate.min.pick([100, 400]), 100)

        func track(_ kind: Track.Kind, _ id: Int, _ bitrate: Int?) -> Track {
            var track = Track(id: id, kind: kind, codec: "h264", streamIndex: id)
            track.hlsBitrate = bitrate
            return track
        }
        let tracks = [track(.video, 1, 300), track(.audio, 1, 300), track(.video, 2, 900), track(.audio, 2, 900)]
        XCTAssertEqual(TrackChooser.choose(.auto, among: tracks, kind: .video, variant: .max, with: nil), 2)
        XCTAssertEqual(TrackChooser.choose(.auto, among: tracks, kind: .audio, variant: .max, with: tracks[0]), 1,
                       "the sound of the variant whose picture plays")
        XCTAssertEqual(TrackChooser.choose(.id(1), among: tracks, kind: .video, variant: .max, with: nil), 1, "an id wins")
        let plain = [track(.video, 1, nil), track(.video, 2, nil)]
        XCTAssertEqual(TrackChooser.choose(.auto, among: plain, kind: .video, variant: .max, with: nil), 1)
    }
}
