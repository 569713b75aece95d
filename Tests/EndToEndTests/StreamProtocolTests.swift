import Foundation
import TestSupport
import XCTest

/// Streams that come through FFmpeg's protocols other than http, sent by ffmpeg on loopback:
/// MPEG-TS over UDP (an encoder or a multicast feed on the local network) and RTMP (ffmpeg
/// serving one stream, as a streaming server does).
final class StreamProtocolTests: XCTestCase {
    func testAnMPEGTSStreamOverUDPPlaysAsALiveStream() throws {
        let port = try LoopbackPort.free(datagram: true)
        // Without FFmpeg's receiving thread, which it stops with pthread_cancel: ThreadSanitizer
        // reports that as a thread ending inside its ignores.
        let url = "udp://127.0.0.1:\(port)?fifo_size=0"
        try send(["-f", "mpegts", "udp://127.0.0.1:\(port)?pkt_size=1316"])
        try checkPlaysLive(url)
    }

    func testAnRTMPStreamPlaysAsALiveStream() throws {
        let port = try LoopbackPort.free()
        let url = "rtmp://127.0.0.1:\(port)/live/test"
        try send(["-f", "flv", "-listen", "1", url])
        // A probe connection would be taken as the one viewer: the socket table says when it listens.
        XCTAssertTrue(LoopbackPort.waitUntilListening(port, timeout: .seconds(10), withoutConnecting: true), "ffmpeg never listened")
        try checkPlaysLive(url)
    }

    /// ffmpeg sending a looped clip in real time with `output` arguments, stopped after the test.
    private func send(_ output: [String]) throws {
        let clip = try MediaFactory.clip(.av(seconds: 4))
        let sender = try ChildProcess.launch("ffmpeg", [
            "-nostdin", "-loglevel", "error", "-re", "-stream_loop", "-1", "-i", clip.path, "-c", "copy",
        ] + output)
        addTeardownBlock {
            sender.terminate()
            sender.waitForExit(timeout: .seconds(5))
        }
    }

    private func checkPlaysLive(_ url: String) throws {
        let player = try NetworkPlayer([url])
        try player.waitFor("width") { $0.number == 320 }
        let first = try player.waitFor("time-pos") { $0.number != nil }.number ?? 0
        // It plays on: the position moves a second past where it was first read.
        try player.waitFor("time-pos", timeout: .seconds(10)) { ($0.number ?? 0) > first + 1 }
        XCTAssertEqual(try player.client.command("get_property", "seekable").data, .bool(false))
        XCTAssertEqual(try player.client.command("get_property", "path").data, .string(url))
    }
}
