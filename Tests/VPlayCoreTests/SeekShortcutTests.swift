import CFFmpeg
import XCTest
import TestSupport
@testable import VPlayCore

/// Exact seeks that skip the B-frames before the target's mini-GOP: which packets are
/// skipped, which files allow it, and that the pictures do not change.
final class SeekShortcutTests: XCTestCase {
    /// Decode order of a B-pyramid stream (frame times in frames, each lasting one):
    /// I0 P4 B2 b1 b3 P8 B6 b5 b7 P12 B10 b9 b11 P16 B14 b13 b15 P20 B18 b17 b19.
    private let decodeOrder: [Double] = [0, 4, 2, 1, 3, 8, 6, 5, 7, 12, 10, 9, 11, 16, 14, 13, 15, 20, 18, 17, 19]

    private func decisions(target: Double?, skipsBFrames: Bool) -> [Double: AVDiscard] {
        var shortcut = SeekShortcut()
        var result: [Double: AVDiscard] = [:]
        for start in decodeOrder {
            result[start] = shortcut.discard(start: start, end: start + 1, target: target, skipsBFrames: skipsBFrames)
        }
        return result
    }

    func testBFramesTwoMiniGOPsBeforeTheTargetAreSkipped() {
        let shortened = decisions(target: 18, skipsBFrames: true)
        for start: Double in [1, 2, 3, 5, 6, 7] {
            XCTAssertEqual(shortened[start], AVDISCARD_BIDIR, "B-frame \(start): two mini-GOPs before the target's")
        }
        for start: Double in [9, 10, 11, 13, 14, 15, 17] {
            XCTAssertEqual(shortened[start], AVDISCARD_NONREF,
                           "B-frame \(start): the next mini-GOPs may refer to it; skipped only if unreferenced")
        }
        for start: Double in [0, 4, 8, 12, 16] {
            XCTAssertEqual(shortened[start], AVDISCARD_NONREF, "anchor \(start): the target depends on it")
        }
        for start: Double in [18, 19, 20] {
            XCTAssertEqual(shortened[start], AVDISCARD_DEFAULT, "\(start) is shown")
        }

        let plain = decisions(target: 18, skipsBFrames: false)
        XCTAssertFalse(plain.values.contains(AVDISCARD_BIDIR), "without the file's consent only unreferenced frames go")
        XCTAssertEqual(plain[2], AVDISCARD_NONREF)
        XCTAssertTrue(decisions(target: nil, skipsBFrames: true).values.allSatisfy { $0 == AVDISCARD_DEFAULT },
                      "no exact seek: everything is decoded")
    }

    // MARK: the per-file check

    private static func clip(_ name: String, x264: String) throws -> URL {
        try MediaFactory.clip(ClipSpec(
            name: "shortcut-\(name)", fileExtension: "mp4",
            arguments: ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=6,format=yuv420p",
                        "-c:v", "libx264", "-preset", "veryfast", "-g", "50", "-keyint_min", "50",
                        "-sc_threshold", "0", "-x264-params", x264]))
    }

    func testCheckAllowsTheShortcutOnlyWhereNoAnchorReferToABFrame() throws {
        XCTAssertTrue(SeekShortcutCheck.run(source: Source(try Self.clip("ref1", x264: "ref=1:bframes=3:b-pyramid=normal").path)),
                      "one reference frame: P-frames refer only to the anchor before them")
        XCTAssertFalse(SeekShortcutCheck.run(source: Source(try Self.clip("ref4", x264: "ref=4:bframes=3:b-pyramid=normal").path)),
                       "P-frames refer to B-frames: skipping them would change the pictures")
        XCTAssertFalse(SeekShortcutCheck.run(source: Source(try Self.clip("nob", x264: "bframes=0").path)),
                       "no B-frames: nothing to skip")
        XCTAssertFalse(SeekShortcutCheck.run(source: Source("/nonexistent/clip.mp4")))
        // With what playback's open learned, the check's own reader gives the same answers.
        for (name, x264, allowed) in [("ref1", "ref=1:bframes=3:b-pyramid=normal", true),
                                      ("ref4", "ref=4:bframes=3:b-pyramid=normal", false)] {
            let source = Source(try Self.clip(name, x264: x264).path)
            let playback = try MediaFile(source: source, options: PlayerOptions())
            XCTAssertEqual(SeekShortcutCheck.run(source: source, facts: playback.facts), allowed, name)
        }
    }

    // MARK: seeking with it

    private func harness(shortcut: Bool) throws -> EngineHarness {
        var options = PlayerOptions()
        options.startPaused = true
        let harness = try EngineHarness(try Self.clip("ref1", x264: "ref=1:bframes=3:b-pyramid=normal"),
                                        options: options, audio: false)
        XCTAssertTrue(harness.run { $0.count(.playbackRestart) == 1 && !$0.shown.isEmpty })
        let video = try XCTUnwrap(harness.player.video)
        if shortcut {
            seek(harness, to: 0.5)   // the first exact seek starts the check
            XCTAssertTrue(poll(timeout: .seconds(20), interval: 0.01) { video.decoder.skipsBFramesWhenSeeking.withLock { $0 } },
                          "the check passed")
        } else {
            harness.player.seekShortcutChecked = true   // never checked: never skipped
        }
        return harness
    }

    @discardableResult
    private func seek(_ harness: EngineHarness, to target: Double) -> UInt64? {
        let restarts = harness.count(.playbackRestart)
        harness.apply(.seek(.absolute(target), .exact))
        XCTAssertTrue(harness.run { $0.count(.playbackRestart) > restarts })
        return harness.player.currentFrame.map { PictureHash.of($0.pointer) }
    }

    func testExactSeeksWithTheShortcutShowTheSamePicturesAndDecodeLess() throws {
        let shortened = try harness(shortcut: true)
        let plain = try harness(shortcut: false)
        let shortenedVideo = try XCTUnwrap(shortened.player.video), plainVideo = try XCTUnwrap(plain.player.video)
        let decodedBefore = (shortenedVideo.decoder.framesDecoded, plainVideo.decoder.framesDecoded)
        var generator = SplitMix(seed: 7)
        for _ in 0..<16 {
            let target = Double(generator.next() % 5800) / 1000
            let expected = seek(plain, to: target)
            XCTAssertNotNil(expected)
            XCTAssertEqual(seek(shortened, to: target), expected, "the picture at \(target) s")
        }
        let decoded = (shortenedVideo.decoder.framesDecoded - decodedBefore.0,
                       plainVideo.decoder.framesDecoded - decodedBefore.1)
        XCTAssertLessThan(Double(decoded.0), 0.85 * Double(decoded.1), "B-frames before the targets were skipped")
    }
}
