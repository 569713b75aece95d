import Foundation
import XCTest
@testable import VPlayCore

/// Whether the demuxer cache holds an A-B clip, and where a network source's clip goes.
final class CachedClipRangeTests: XCTestCase {
    private let keys: [Double] = [0, 2, 4, 6, 8]

    func testARangeInsideEveryStreamIsHeld() {
        XCTAssertTrue(CachedClip.holds(from: 2.5, to: 7.3, videoKeyframes: keys, spans: [0...10, 0.02...9.98]))
        // From its keyframe on, a range starting at one is held.
        XCTAssertTrue(CachedClip.holds(from: 2, to: 3, videoKeyframes: [2], spans: [2...3, 1.5...3.5]))
    }

    func testNoKeyframeAtOrBeforeAIsNotHeld() {
        XCTAssertFalse(CachedClip.holds(from: 2.5, to: 3, videoKeyframes: [3, 5], spans: [2...6, 2...6]))
    }

    func testARangePastAnyStreamsEndIsNotHeld() {
        XCTAssertFalse(CachedClip.holds(from: 2.5, to: 7.3, videoKeyframes: keys, spans: [0...7.2, 0...10]))
        XCTAssertFalse(CachedClip.holds(from: 2.5, to: 7.3, videoKeyframes: keys, spans: [0...10, 0...7.29]))
    }

    func testARangeBeforeAStreamsStartIsNotHeld() {
        XCTAssertFalse(CachedClip.holds(from: 2.5, to: 7.3, videoKeyframes: keys, spans: [0...10, 2.6...10]))
    }

    func testAStreamWithoutTimesOrAnEmptyRangeIsNotHeld() {
        XCTAssertFalse(CachedClip.holds(from: 2.5, to: 7.3, videoKeyframes: keys, spans: [0...10, nil]))
        XCTAssertFalse(CachedClip.holds(from: 3, to: 3, videoKeyframes: keys, spans: [0...10]))
        XCTAssertFalse(CachedClip.holds(from: 1, to: 2, videoKeyframes: nil, spans: []))
    }

    func testSoundAloneNeedsNoKeyframe() {
        XCTAssertTrue(CachedClip.holds(from: 1, to: 2, videoKeyframes: nil, spans: [0.5...4]))
    }

    func testTheVideosFolderComesFromTheEnvironmentElseHomeElseTheWorkingDirectory() {
        XCTAssertEqual(ClipName.networkFolder(environment: ["XDG_VIDEOS_DIR": "/v", "HOME": "/h"]) { _ in true }.path, "/v")
        XCTAssertEqual(ClipName.networkFolder(environment: ["HOME": "/h"]) { $0 == "/h/Videos" }.path, "/h/Videos")
        XCTAssertEqual(ClipName.networkFolder(environment: ["HOME": "/h"]) { _ in false }.path,
                       URL(fileURLWithPath: FileManager.default.currentDirectoryPath).path)
    }

    func testTheClipIsNamedAfterTheTitleElseTheURLsLastPart() {
        XCTAssertEqual(ClipName.stem(title: "clip.mp4", urlName: "clip.mp4"), "clip")
        XCTAssertEqual(ClipName.stem(title: "", urlName: "clip.mp4"), "clip")
        XCTAssertEqual(ClipName.stem(title: "Mr. Smith / Live", urlName: "clip.mp4"), "Mr. Smith - Live")
        XCTAssertEqual(ClipName.url(stem: "clip", in: URL(fileURLWithPath: "/v"), from: 2.5, to: 7.3) { $0 == "/v/clip [00.02-00.07].mkv" }.path,
                       "/v/clip [00.02-00.07] (2).mkv")
    }
}
