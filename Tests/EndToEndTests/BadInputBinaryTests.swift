import Foundation
import TestSupport
import XCTest

/// The binary given files it cannot play (one clear line on stderr, non-zero exit, no
/// hang), damaged files it can play part of (exit 0 with `--autoexit`), and bad options.
final class BadInputBinaryTests: XCTestCase {
    /// Damaged files that still hold playable media.
    private static let playable: Set<BadInput> = [.truncatedHalf, .garbageMiddle]

    func testUnopenableFilesFailWithOneLineNamingTheFile() throws {
        try skipWithoutDisplay()
        var files = try BadInput.allCases.filter { !Self.playable.contains($0) }
            .map { ("\($0)", try MediaFactory.badInput($0)) }
        files.append(("missing path", MediaFactory.cacheDirectory.appendingPathComponent("no-such-file-\(UUID()).mp4")))

        // One after another, so each gets the time limit to itself.
        for (name, url) in files {
            let result = try BinaryRunner.run(["--autoexit", url.path], timeout: .seconds(5))
            XCTAssertFalse(result.timedOut, "\(name): still running after 5 s")
            XCTAssertFalse(result.wasSignalled, "\(name): killed by signal \(result.status)")
            XCTAssertEqual(result.status, 1, "\(name): exit status")
            XCTAssertLessThan(result.wallTime.inSeconds, 2, "\(name): took \(result.wallTime) to fail")
            assertOneErrorLine(result.errorText, startingWith: "vplay: cannot open '\(url.path)': ", name)
        }
    }

    func testDamagedButPlayableFilesPlayToTheEnd() throws {
        try skipWithoutDisplay()
        // MediaFactory.badInputSource is ClipSpec.av(seconds: 4).
        let duration = 4
        for kind in Self.playable.sorted(by: { $0.rawValue < $1.rawValue }) {
            let url = try MediaFactory.badInput(kind)
            let process = try BinaryRunner.launch(["--autoexit", "--really-quiet", url.path])
            // It plays: a window whose frame number moves.
            if let window = try Screen.findWindow(name: url.lastPathComponent, timeout: .seconds(5)) {
                let frames = framesSeen(in: window, while: process, until: { $0.count >= 2 }, timeout: .seconds(3))
                XCTAssertGreaterThanOrEqual(frames.count, 2, "\(kind): picture not moving (frames \(frames.sorted()))")
            } else {
                XCTFail("\(kind): no window")
            }
            let result = process.waitForExit(timeout: .seconds(duration + 3))
            XCTAssertFalse(result.timedOut, "\(kind): did not finish within \(duration) s + 3 s")
            XCTAssertFalse(result.wasSignalled, "\(kind): killed by signal \(result.status)")
            XCTAssertEqual(result.status, 0, "\(kind): \(result.errorText)")
            XCTAssertLessThanOrEqual(result.wallTime.inSeconds, Double(duration + 3), "\(kind)")
        }
    }

    func testUnknownOptionExitsTwoNamingIt() throws {
        try skipWithoutDisplay()
        let clip = try Clips.av(seconds: 3)
        let result = try BinaryRunner.run(["--no-such-option", clip.path], timeout: .seconds(5))
        XCTAssertFalse(result.timedOut)
        XCTAssertEqual(result.status, 2)
        assertOneErrorLine(result.errorText, startingWith: "vplay: ", "unknown option")
        XCTAssertTrue(result.errorText.contains("--no-such-option"), "does not name the option: \(result.errorText)")
    }

    /// `text` is exactly one line starting with `prefix` and going on past it.
    private func assertOneErrorLine(_ text: String, startingWith prefix: String, _ name: String,
                                    file: StaticString = #filePath, line: UInt = #line) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 2, "\(name): stderr is not exactly one line: \(text.debugDescription)",
                       file: file, line: line)
        XCTAssertTrue(text.hasPrefix(prefix), "\(name): stderr \(text.debugDescription) does not start with \(prefix.debugDescription)",
                      file: file, line: line)
        XCTAssertGreaterThan(lines.first.map(\.count) ?? 0, prefix.count, "\(name): no reason given",
                             file: file, line: line)
    }

    /// The distinct frame numbers read from `window` until `done` holds for them, the
    /// process ends or `timeout` passes.
    private func framesSeen(in window: String, while process: RunningProcess, until done: (Set<Int>) -> Bool,
                            timeout: Duration) -> Set<Int> {
        let deadline = ContinuousClock.now + timeout
        var frames: Set<Int> = []
        while ContinuousClock.now < deadline, process.isRunning, !done(frames) {
            guard let image = try? Screen.capture(window: window) else { break }
            if let frame = FramePattern.read(image) { frames.insert(frame) }
            Thread.sleep(forTimeInterval: 0.03)
        }
        return frames
    }
}
