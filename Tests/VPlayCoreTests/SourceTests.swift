import CFFmpeg
import TestSupport
import XCTest
@testable import VPlayCore

/// What a name becomes when the user gives it, how far it and the entries of a list it names
/// may reach, and a second reader opened with what the first open learned.
final class SourceTests: XCTestCase {
    func testAPathIsALocalSourceThatMayAlsoReachTheNetwork() {
        let source = Source("/films/a b.mkv")
        XCTAssertEqual(source.text, "/films/a b.mkv")
        XCTAssertEqual(source.location.kind, .local)
        XCTAssertEqual(source.reach, .local)
        XCTAssertEqual(source.location.filePath, "/films/a b.mkv")
        XCTAssertNil(source.refusal)
        XCTAssertEqual(Set(source.protocolAllowList.split(separator: ",")),
                       Set((ProtocolPolicy.local + ProtocolPolicy.network).map { Substring($0) }))
        XCTAssertNil(source.protocolDenyList)
        XCTAssertNil(source.title)
    }

    func testAFileURLIsTheLocalFileItNames() {
        let source = Source("file:///films/a%20b.mkv")
        XCTAssertEqual(source.text, "file:///films/a%20b.mkv", "shown as given")
        XCTAssertEqual(source.reach, .local)
        XCTAssertFalse(source.isNetwork)
        XCTAssertEqual(source.location.filePath, "/films/a b.mkv", "opened as the path it names")
        XCTAssertNil(source.refusal)
    }

    func testAnHTTPURLReachesTheNetworkOnly() {
        for url in ["http://host/clip.mp4", "HTTPS://host/live.m3u8?token=1"] {
            let source = Source(url)
            XCTAssertTrue(source.isNetwork, url)
            XCTAssertEqual(source.reach, .network, url)
            XCTAssertNil(source.location.filePath, url)
            XCTAssertNil(source.refusal, url)
            let allowed = Set(source.protocolAllowList.split(separator: ","))
            XCTAssertFalse(allowed.contains("file"), url)
            XCTAssertFalse(allowed.contains("pipe"), url)
            XCTAssertTrue(allowed.isSuperset(of: ["http", "https", "tls", "tcp", "crypto"]), url)
            XCTAssertTrue(Set(source.protocolDenyList?.split(separator: ",") ?? []).isSuperset(of: ["file", "concat", "data"]), url)
        }
    }

    func testTheUsersNetworkOptionsAndTitleTravelWithTheSource() {
        var network = NetworkOptions()
        network.userAgent = "agent/2"
        let source = Source("https://host/a.mp4", network: network, title: "A")
        XCTAssertEqual(source.network.userAgent, "agent/2")
        XCTAssertEqual(source.title, "A")
        var other = NetworkOptions()
        other.referrer = "https://ref/"
        XCTAssertEqual(source.talking(with: other).network, other)
        XCTAssertEqual(source.talking(with: other).location, source.location)
    }

    func testEntriesOfARemoteListReachTheNetworkOnlyWhateverTheyName() {
        var network = NetworkOptions()
        network.headerFields = ["Cookie: a=1"]
        let page = Source("https://host/list", network: network)
        let remote = Source(entry: "https://cdn/b.mp4", listedBy: page, title: "B")
        XCTAssertEqual(remote.reach, .network)
        XCTAssertEqual(remote.network, network, "talks to servers as the list did")
        XCTAssertEqual(remote.title, "B")
        XCTAssertNil(remote.refusal)
        for local in ["/etc/passwd", "file:///etc/passwd", "relative.mkv"] {
            let entry = Source(entry: local, listedBy: page)
            XCTAssertEqual(entry.reach, .network, local)
            XCTAssertNotNil(entry.refusal, "a remote list never opens a local file: \(local)")
            XCTAssertFalse(entry.protocolAllowList.split(separator: ",").contains("file"), local)
            // And what that entry lists reaches no further.
            XCTAssertNotNil(Source(entry: "/tmp/x.mkv", listedBy: entry).refusal, local)
        }
    }

    func testEntriesOfALocalListReachWhatTheyName() {
        let list = Source("/films/list.m3u")
        let file = Source(entry: "/films/a.mkv", listedBy: list)
        XCTAssertEqual(file.reach, .local)
        XCTAssertNil(file.refusal)
        let url = Source(entry: "https://host/b.mp4", listedBy: list)
        XCTAssertEqual(url.reach, .network, "a URL in a local list still may not reach local files")
    }

    func testALocalFileNamedFromTheNetworkIsRefusedBeforeItIsRead() throws {
        let clip = try MediaFactory.clip(.videoOnly).path
        let entry = Source(entry: clip, listedBy: Source("https://host/list"))
        XCTAssertThrowsError(try MediaFile(source: entry, options: PlayerOptions())) { error in
            XCTAssertEqual((error as? PlayerError)?.description,
                           "cannot open '\(clip)': a network source may not open a local file")
        }
        XCTAssertNoThrow(try MediaFile(source: Source(clip), options: PlayerOptions()))
    }

    // MARK: a second reader

    private static func clip(_ container: String) throws -> URL {
        try MediaFactory.clip(ClipSpec(
            name: "reread", fileExtension: container,
            arguments: ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=4,format=yuv420p",
                        "-f", "lavfi", "-i", "sine=frequency=440:duration=4",
                        "-c:v", "libx264", "-preset", "veryfast", "-g", "50", "-c:a", "aac"]))
    }

    /// The first video packets a reader gives: where they show, how large, whether keyframes.
    /// (Not their decoding times: unprobed, libavformat leaves Matroska's missing ones unset,
    /// and neither previews nor the seek check read them.)
    private func videoPackets(of file: MediaFile, count: Int = 40) throws -> [[Int64]] {
        let index = try XCTUnwrap(file.videoStream)
        var seen: [[Int64]] = []
        let packet = Packet()
        while seen.count < count, av_read_frame(file.context, packet.pointer) >= 0 {
            defer { av_packet_unref(packet.pointer) }
            let p = packet.pointer.pointee
            guard p.stream_index == index else { continue }
            seen.append([p.pts, Int64(p.size), Int64(p.flags & AV_PKT_FLAG_KEY)])
        }
        return seen
    }

    func testASecondReaderTakesWhatTheFirstOpenLearnedInsteadOfProbing() throws {
        for container in ["mp4", "mkv", "ts"] {
            let source = Source(try Self.clip(container).path)
            let playback = try MediaFile(source: source, options: PlayerOptions())
            XCTAssertFalse(playback.isReread, container)
            let reader = try MediaFile(source: source, options: PlayerOptions(), rereading: playback.facts)
            XCTAssertTrue(reader.isReread, "\(container): the format and streams come from playback's open")
            XCTAssertEqual(reader.videoStream, playback.videoStream, container)
            XCTAssertEqual(reader.audioStream, playback.audioStream, container)
            XCTAssertEqual(reader.duration, playback.duration, container)
            XCTAssertEqual(reader.startTime, playback.startTime, container)
            let index = try XCTUnwrap(reader.videoStream)
            XCTAssertEqual(reader.stream(index).pointee.codecpar.pointee.extradata_size,
                           playback.stream(index).pointee.codecpar.pointee.extradata_size, container)
            let read = try videoPackets(of: reader)
            XCTAssertEqual(read.count, 40, container)
            XCTAssertEqual(read, try videoPackets(of: playback), "\(container): the same packets either way")
            // What it reads decodes with the parameters it was given.
            XCTAssertNoThrow(try CodecContext(stream: reader.stream(index), path: source.text, threads: 1), container)
        }
    }

    func testAReaderWhoseHeaderShowsOtherStreamsProbesAgain() throws {
        let video = Source(try Self.clip("mp4").path)
        let audio = Source(try MediaFactory.clip(.audioOnly).path)
        let audioFacts = try MediaFile(source: audio, options: PlayerOptions()).facts
        // The facts of another file (one stream, sound) do not describe this one (two streams).
        let probed = try MediaFile(source: video, options: PlayerOptions(), rereading: audioFacts)
        XCTAssertFalse(probed.isReread)
        XCTAssertNotNil(probed.videoStream)
        // FLV names its streams only as their packets come: probed again, and it reads the same.
        let flv = Source(try Self.clip("flv").path)
        let playback = try MediaFile(source: flv, options: PlayerOptions())
        let reader = try MediaFile(source: flv, options: PlayerOptions(), rereading: playback.facts)
        XCTAssertEqual(reader.videoStream, playback.videoStream)
        XCTAssertEqual(try videoPackets(of: reader), try videoPackets(of: playback))
    }

    /// Over the network a reader given playback's facts reads from the server only what it
    /// came for: probing reads on into the file to learn what its streams hold.
    func testASecondReaderOverTheNetworkReadsOnlyWhatItNeeds() throws {
        let clip = try MediaFactory.clip(.longGOP1080p)
        let server = try NginxServer(root: clip.deletingLastPathComponent())
        let source = Source(server.url(clip.lastPathComponent))
        let playback = try MediaFile(source: source, options: PlayerOptions())
        func bytesRead(opening facts: SourceFacts?) throws -> Int64 {
            let reader = try MediaFile(source: source, options: PlayerOptions(), rereading: facts)
            XCTAssertEqual(reader.isReread, facts != nil)
            return try XCTUnwrap(reader.context.pointee.pb).pointee.bytes_read
        }
        let probing = try bytesRead(opening: nil)
        let reusing = try bytesRead(opening: playback.facts)
        XCTAssertLessThan(reusing * 4, probing, "given the facts: \(reusing) bytes; probing: \(probing) bytes")
    }
}
