import Foundation
import TestSupport
import XCTest

/// The binary given files it cannot play (one clear line on stderr, exit 1, no hang),
/// damaged files it can play part of (exit 0 with `--autoexit`), and bad options.
final class BadInputBinaryTests: XCTestCase {
    /// Damaged files that still hold playable media.
    private static let playable: [BadInput] = [.garbageMiddle, .truncatedHalf]

    /// What the player says after `cannot open 'PATH': ` for each file it cannot play.
    private static func reason(for kind: BadInput) -> String? {
        switch kind {
        case .emptyFile: "file is empty"
        case .randomBytes, .textFile, .missingMoov: "Invalid data found when processing input"
        case .directory: "no media files in this folder"
        case .unknownCodec: "unknown video codec"
        case .undecodableCodec: "no decoder for audio codec 'mpegh_3d_audio'"
        case .hugePicture: "picture size 30000x30000 is too large"
        case .truncatedHalf, .garbageMiddle, .unknownCodecWithSound: nil
        }
    }

    func testUnopenableFilesFailWithOneLineNamingTheFileAndTheReason() throws {
        try skipWithoutDisplay()
        var files = try BadInput.allCases.compactMap { kind in
            try Self.reason(for: kind).map { ("\(kind)", try MediaFactory.badInput(kind), $0) }
        }
        files.append(("missing path", MediaFactory.cacheDirectory.appendingPathComponent("no-such-file-\(UUID()).mp4"),
                      "No such file or directory"))

        // One after another, so each gets the time limit to itself.
        for (name, url, reason) in files {
            let result = try BinaryRunner.run(["--autoexit", url.path], timeout: .seconds(20))
            assertFailed(result, with: "vplay: cannot open '\(url.path)': \(reason)\n", name)
        }
    }

    func testAFileWithoutReadPermissionIsOneClearError() throws {
        try skipWithoutDisplay()
        let directory = try Unprivileged.makeDirectory(named: "vplay-unreadable")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("locked.mp4")
        try FileManager.default.copyItem(at: try Clips.av(seconds: 1), to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file.path)
        let player = try BinaryRunner.executableURL().path
        guard let command = Unprivileged.commandLine(player, ["--autoexit", file.path]),
              let version = Unprivileged.commandLine(player, ["--version"]) else {
            throw XCTSkip("running as root with neither setpriv nor runuser: cannot give up the right to read anything")
        }
        // Settings and positions of the unprivileged user's own, where it may look.
        let environment = ["XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
                           "XDG_STATE_HOME": directory.appendingPathComponent("state").path]
        let probe = try ChildProcess.run(version[0], Array(version.dropFirst()), environment: environment, timeout: .seconds(5))
        guard probe.succeeded else {
            throw XCTSkip("the player cannot run as uid \(Unprivileged.uid) here (\(probe.errorText)); "
                          + "its path must be open to that user")
        }

        let result = try ChildProcess.run(command[0], Array(command.dropFirst()), environment: environment,
                                          timeout: .seconds(20))
        assertFailed(result, with: "vplay: cannot open '\(file.path)': Permission denied\n", "unreadable file")
    }

    /// A settings file the user cannot read is reported by name and skipped; the player runs.
    /// (The in-process config test cannot deny root anything; this one runs unprivileged.)
    func testAnUnreadableConfigFileIsReportedAndSkipped() throws {
        let directory = try Unprivileged.makeDirectory(named: "vplay-unreadable-config")
        defer { try? FileManager.default.removeItem(at: directory) }
        let configDirectory = directory.appendingPathComponent("config/vplay")
        try FileManager.default.createDirectory(at: configDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.appendingPathComponent("config").path)
        let config = configDirectory.appendingPathComponent("vplay.conf")
        try "volume=50\n".write(to: config, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: config.path)
        let player = try BinaryRunner.executableURL().path
        guard let version = Unprivileged.commandLine(player, ["--version"]) else {
            throw XCTSkip("running as root with neither setpriv nor runuser: cannot give up the right to read anything")
        }
        let environment = ["XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
                           "XDG_STATE_HOME": directory.appendingPathComponent("state").path]
        let result = try ChildProcess.run(version[0], Array(version.dropFirst()), environment: environment, timeout: .seconds(5))
        XCTAssertEqual(result.status, 0, result.errorText)
        XCTAssertEqual(result.errorText, "vplay: \(config.path): cannot read: Permission denied\n")
        XCTAssertTrue(result.outputText.hasPrefix("vplay "), result.outputText)
    }

    func testDamagedButPlayableFilesPlayToTheEnd() throws {
        try skipWithoutDisplay()
        // MediaFactory.badInputSource is ClipSpec.av(seconds: 4).
        let duration = 4
        for kind in Self.playable {
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

    /// Like mpv: a video track that cannot be decoded is left out with one warning, and the
    /// sound plays to the end.
    func testAnUndecodableVideoTrackNextToSoundPlaysTheSoundWithOneWarning() throws {
        try skipWithoutDisplay()
        let result = try BinaryRunner.run(["--autoexit", try MediaFactory.badInput(.unknownCodecWithSound).path],
                                          timeout: .seconds(10))
        XCTAssertFalse(result.timedOut, "did not finish the 4 s of sound within 10 s")
        XCTAssertEqual(result.status, 0, result.errorText)
        XCTAssertEqual(result.errorText, "vplay: unknown video codec; playing without video\n")
        XCTAssertGreaterThanOrEqual(result.wallTime.inSeconds, 3.5, "ended before the sound did")
    }

    func testUnknownOptionExitsTwoNamingIt() throws {
        try skipWithoutDisplay()
        let clip = try Clips.av(seconds: 3)
        let result = try BinaryRunner.run(["--no-such-option", clip.path], timeout: .seconds(5))
        XCTAssertFalse(result.timedOut)
        XCTAssertEqual(result.status, 2)
        let lines = result.errorText.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 2, "stderr is not exactly one line: \(result.errorText.debugDescription)")
        XCTAssertTrue(result.errorText.hasPrefix("vplay: "), result.errorText)
        XCTAssertTrue(result.errorText.contains("--no-such-option"), "does not name the option: \(result.errorText)")
    }

    /// The player failed by itself (a hang meets the caller's timeout), with status 1 and exactly
    /// `errorText` on stderr. How fast is not judged here: on a loaded machine it varies.
    private func assertFailed(_ result: ProcessResult, with errorText: String, _ name: String,
                              file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(result.timedOut, "\(name): still running at the timeout", file: file, line: line)
        XCTAssertFalse(result.wasSignalled, "\(name): killed by signal \(result.status)", file: file, line: line)
        XCTAssertEqual(result.status, 1, "\(name): exit status", file: file, line: line)
        XCTAssertEqual(result.errorText, errorText, name, file: file, line: line)
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
