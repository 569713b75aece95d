import Foundation
import TestSupport
import XCTest
@testable import VPlayCore

/// The export command on a playing file: what it says when there is nothing to export, and
/// the progress then the clip's place in the on-screen message while playback goes on.
final class PlayerExportTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-player-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func harness() throws -> EngineHarness {
        let made = try MediaFactory.clip(.av(seconds: 6))
        let source = folder.appendingPathComponent("film.mp4")
        try FileManager.default.copyItem(at: made, to: source)
        return try EngineHarness(source)
    }

    func testWithoutABOrChaptersNothingIsWritten() throws {
        let harness = try harness()
        harness.apply(.exportClip)
        XCTAssertEqual(harness.player.state.message, "Nothing to export: set A and B first (l)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["film.mp4"])
    }

    func testTheProgressThenTheClipShowWhilePlaying() throws {
        let harness = try harness()
        harness.apply(.setABLoop(a: 1.3, b: 4.1))
        harness.apply(.exportClip)
        XCTAssertEqual(harness.player.state.message, "Exporting clip: 0 %")
        var messages: [String] = []
        XCTAssertTrue(harness.run(timeout: 60) { harness in
            if let message = harness.player.state.message, messages.last != message { messages.append(message) }
            return harness.player.state.message?.hasPrefix("Clip saved") ?? false
        }, "messages: \(messages)")
        let clip = folder.appendingPathComponent("film [00.01-00.04].mkv")
        XCTAssertEqual(messages.last, "Clip saved: \(clip.path)")
        XCTAssertTrue(messages.dropLast().allSatisfy { $0.hasPrefix("Exporting clip: ") }, "\(messages)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: clip.path))
        XCTAssertGreaterThan(harness.player.state.position, 0, "playback went on")
    }
}
