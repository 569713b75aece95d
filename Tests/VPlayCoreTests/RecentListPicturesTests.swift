import Foundation
import TestSupport
import XCTest
@testable import VPlayCore

/// The recent files' pictures on real files: each file pictured at its own moment, fitted into
/// the box asked for, decoded once, let go when no longer listed, and nothing for a file
/// without a picture.
final class RecentListPicturesTests: XCTestCase {
    private let readyCount = Locked(0)

    private func pictures() -> StillPictures {
        let count = readyCount
        let pictures = StillPictures { count.withLock { $0 += 1 } }
        addTeardownBlock { pictures.stop() }
        return pictures
    }

    private func waitUntilDone(_ pictures: StillPictures, _ requests: [StillPictures.Request]) -> Bool {
        poll(timeout: .seconds(20)) { requests.allSatisfy(pictures.isDone) }
    }

    /// The frame number drawn by `FramePattern`, read from the BGRX pixels.
    private func frameNumber(_ picture: Thumbnail) -> Int? {
        var rgb = [UInt8](repeating: 0, count: picture.width * picture.height * 3)
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                let source = y * picture.pitch + x * 4, target = (y * picture.width + x) * 3
                rgb[target] = picture.pixels[source + 2]
                rgb[target + 1] = picture.pixels[source + 1]
                rgb[target + 2] = picture.pixels[source]
            }
        }
        return FramePattern.read(rgb: rgb, width: picture.width, height: picture.height)
    }

    func testEachFileIsPicturedAtItsOwnMomentFittedIntoItsBox() throws {
        let fourThree = try MediaFactory.clip(.av(seconds: 8)).path
        let wide = try MediaFactory.clip(.av(seconds: 6, width: 480, height: 270)).path
        let pictures = pictures()
        let first = StillPictures.Request(path: fourThree, time: 5.3, maxWidth: 240, maxHeight: 160)
        let second = StillPictures.Request(path: wide, time: 2.5, maxWidth: 160, maxHeight: 90)
        pictures.want([first, second])
        XCTAssertTrue(waitUntilDone(pictures, [first, second]), "the pictures never came")
        XCTAssertGreaterThanOrEqual(readyCount.withLock { $0 }, 2, "not told when they came")

        let a = try XCTUnwrap(pictures.picture(for: first))
        XCTAssertEqual(a.keyframeTime, 4, accuracy: 0.001, "the keyframe at or before where it was left")
        XCTAssertEqual(frameNumber(a), 100)
        XCTAssertEqual(a.width, 213)
        XCTAssertEqual(a.height, 160)
        let b = try XCTUnwrap(pictures.picture(for: second))
        XCTAssertEqual(b.keyframeTime, 2, accuracy: 0.001)
        XCTAssertEqual(b.width, 160)
        XCTAssertEqual(b.height, 90)
        XCTAssertEqual(pictures.openCount, 2, "each file opened once")
    }

    func testAPictureIsDecodedAgainOnlyForAMuchBiggerBoxOrAnotherMoment() throws {
        let clip = try MediaFactory.clip(.av(seconds: 8)).path
        let pictures = pictures()
        let small = StillPictures.Request(path: clip, time: 5, maxWidth: 80, maxHeight: 45)
        pictures.want([small])
        XCTAssertTrue(waitUntilDone(pictures, [small]))
        // Asked again, or a few pixels bigger (a window resized a little): nothing to do.
        let bitBigger = StillPictures.Request(path: clip, time: 5, maxWidth: 96, maxHeight: 54)
        pictures.want([small])
        pictures.want([bitBigger])
        XCTAssertTrue(pictures.isDone(bitBigger))
        // Twice the size: decoded again, the small picture shown meanwhile.
        let big = StillPictures.Request(path: clip, time: 5, maxWidth: 160, maxHeight: 90)
        XCTAssertFalse(pictures.isDone(big))
        pictures.want([big])
        XCTAssertNotNil(pictures.picture(for: big), "nothing shown while the bigger one is decoded")
        XCTAssertTrue(waitUntilDone(pictures, [big]))
        XCTAssertEqual(pictures.picture(for: big)?.height, 90)
        XCTAssertEqual(pictures.openCount, 2)
        // Played on meanwhile: another moment, another picture.
        let later = StillPictures.Request(path: clip, time: 7, maxWidth: 160, maxHeight: 90)
        XCTAssertNil(pictures.picture(for: later), "the picture of another moment is not this one's")
        pictures.want([later])
        XCTAssertTrue(waitUntilDone(pictures, [later]))
        XCTAssertEqual(try XCTUnwrap(pictures.picture(for: later)).keyframeTime, 6, accuracy: 0.001)
        XCTAssertEqual(pictures.openCount, 3)
    }

    func testFilesNoLongerListedAreLetGo() throws {
        let first = try MediaFactory.clip(.av(seconds: 8)).path
        let second = try MediaFactory.clip(.av(seconds: 6, width: 480, height: 270)).path
        let pictures = pictures()
        let a = StillPictures.Request(path: first, time: 1, maxWidth: 80, maxHeight: 45)
        let b = StillPictures.Request(path: second, time: 1, maxWidth: 80, maxHeight: 45)
        pictures.want([a, b])
        XCTAssertTrue(waitUntilDone(pictures, [a, b]))
        pictures.want([b])
        XCTAssertNil(pictures.picture(for: a))
        XCTAssertNotNil(pictures.picture(for: b))
    }

    func testAFileWithoutAPictureIsDoneWithNone() throws {
        let sound = try MediaFactory.clip(.audioOnly).path
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-missing-\(UUID().uuidString).mp4").path
        let pictures = pictures()
        let requests = [sound, missing].map { StillPictures.Request(path: $0, time: 1, maxWidth: 80, maxHeight: 45) }
        pictures.want(requests)
        XCTAssertTrue(waitUntilDone(pictures, requests))
        XCTAssertNil(pictures.picture(for: requests[0]))
        XCTAssertNil(pictures.picture(for: requests[1]))
        XCTAssertTrue(poll(timeout: .seconds(5)) { self.readyCount.withLock { $0 } == 2 }, "not told the answers came")
        // Not tried again.
        pictures.want(requests)
        XCTAssertEqual(pictures.openCount, 2)
    }

    func testTheThreadStartsAtTheFirstRequestAndNotAfterStop() throws {
        let clip = try MediaFactory.clip(.av(seconds: 8)).path
        let request = StillPictures.Request(path: clip, time: 1, maxWidth: 80, maxHeight: 45)
        let idle = pictures()
        XCTAssertFalse(idle.hasThread, "a list that asks nothing costs no thread")
        idle.want([request])
        XCTAssertTrue(idle.hasThread)
        XCTAssertTrue(waitUntilDone(idle, [request]))
        idle.stop()
        XCTAssertFalse(idle.hasThread)

        let stopped = pictures()
        stopped.stop()
        stopped.want([request])
        XCTAssertFalse(stopped.hasThread, "a request after stop starts nothing")
        XCTAssertNil(stopped.picture(for: request))
        stopped.stop()
    }
}
