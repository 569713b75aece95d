import Foundation
import TestSupport
import XCTest

/// `audio-add` and `audio-remove` where the sound device is not open yet, and what removing
/// leaves behind, through the real binary: a video without sound gets an added track, heard at
/// the play position while the picture runs on smoothly; removing it closes its file and the
/// picture goes on silent. Removing the added track that plays brings back the file's own.
final class SilentVideoAudioAddBinaryTests: XCTestCase {
    func testAnAddedTrackIsHeardOnAVideoWithoutSoundAndRemovingItClosesItsFile() throws {
        try skipWithoutDisplay()
        let capture = try XCTUnwrap(AudioCapture.environmentFile, "needs the test environment's null sink (scripts/test-env.sh)")
        let video = try MediaFactory.clip(.silentVideo(seconds: 12))
        let sound = try MediaFactory.clip(.pitchStepsSound(seconds: 12))
        let player = try PlayerSession(clip: video)
        let ipc = try XCTUnwrap(player.ipc)
        let pid = player.process.processIdentifier
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.double("time-pos") >= 1 }, "the video did not play")
        XCTAssertTrue(try audioTracks(ipc).isEmpty, "the video has no sound of its own")

        let mark = try AudioCapture.duration(of: capture)
        _ = try ipc.command(["audio-add", sound.path])
        // time-pos against the wall clock until the sound has played a while: it must neither
        // jump nor stand while the sound's clock takes over from the system's.
        var samples: [(wall: Double, position: Double)] = []
        var heardAt: Double?
        let started = ContinuousClock.now
        while seconds(since: started) < 20 {
            samples.append((seconds(since: started), try ipc.double("time-pos")))
            if heardAt == nil, samples.count % 8 == 0,
               try AudioCapture(contentsOf: capture, from: mark).firstSound(after: mark) != nil {
                heardAt = seconds(since: started)
            }
            if let heardAt, seconds(since: started) > heardAt + 2 { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTAssertNotNil(heardAt, "the added track was not heard")
        let track = try XCTUnwrap(audioTracks(ipc).first, "track-list has no audio track")
        XCTAssertEqual(track["id"] as? Int, 1)
        XCTAssertEqual(track["selected"] as? Bool, true, "track-list: \(track)")
        XCTAssertEqual(try ipc.property("aid") as? Int, 1)
        Self.assertSmooth(samples)

        // The sound is the added file's at the play position, not its start.
        let soundMark = try AudioCapture.duration(of: capture)
        let position = try ipc.double("time-pos")
        let heard = try AudioCapture.wait(for: capture, from: soundMark, timeout: .seconds(10)) { $0.endTime > soundMark + 0.6 }
        let pitch = try XCTUnwrap(heard?.medianPitch(from: soundMark + 0.1, to: soundMark + 0.35), "no clear tone")
        let second = try XCTUnwrap(ClipSpec.pitchStepSecond(of: pitch), "pitch \(pitch) Hz is no step of the file")
        print("SilentVideoAudioAddBinaryTests: at \(position) s, second \(second) of the added file heard")
        XCTAssertTrue((Int(position) - 1...Int(position) + 1).contains(second),
                      "heard second \(second) of the added file at \(position) s")

        XCTAssertTrue(poll(timeout: .seconds(10)) { Self.openPaths(of: pid).contains { $0.hasSuffix("/" + sound.lastPathComponent) } },
                      "the added file is not open: \(Self.openPaths(of: pid))")
        _ = try ipc.command(["audio-remove"])
        XCTAssertTrue(poll(timeout: .seconds(10)) { !Self.openPaths(of: pid).contains { $0.hasSuffix("/" + sound.lastPathComponent) } },
                      "the removed file stays open: \(Self.openPaths(of: pid))")
        XCTAssertTrue(try audioTracks(ipc).isEmpty)
        let removedAt = try ipc.double("time-pos")
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.double("time-pos") > removedAt + 1 }, "the picture stopped")
        let quietMark = try AudioCapture.duration(of: capture)
        let after = try AudioCapture.wait(for: capture, from: quietMark, timeout: .seconds(10)) { $0.endTime > quietMark + 0.5 }
        XCTAssertFalse(try XCTUnwrap(after).hasSound(from: quietMark, to: quietMark + 0.5), "sound after the removal")
    }

    func testRemovingThePlayingAddedTrackClosesItsFileAndTheFilesOwnSoundPlaysAgain() throws {
        try skipWithoutDisplay()
        let capture = try XCTUnwrap(AudioCapture.environmentFile, "needs the test environment's null sink (scripts/test-env.sh)")
        let video = try MediaFactory.clip(.av(seconds: 12))
        let sound = try MediaFactory.clip(.pitchStepsSound(seconds: 12))
        let player = try PlayerSession(clip: video)
        let ipc = try XCTUnwrap(player.ipc)
        let pid = player.process.processIdentifier
        // Past the first second: the added file's 400 Hz there would be near the video's 440.
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.double("time-pos") >= 1.5 }, "the video did not play")
        _ = try ipc.command(["audio-add", sound.path, "select"])
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.property("aid") as? Int == 2 }, "the added track does not play")
        let mark = try AudioCapture.duration(of: capture) + 0.3
        let added = try AudioCapture.wait(for: capture, from: mark, timeout: .seconds(10)) { $0.endTime > mark + 0.5 }
        let addedPitch = try XCTUnwrap(added?.medianPitch(from: mark + 0.1, to: mark + 0.35), "no clear tone from the added track")
        XCTAssertGreaterThan(abs(addedPitch - Double(ClipSpec.toneFrequency)), 100, "the video's own tone, not the added file's")
        XCTAssertTrue(Self.openPaths(of: pid).contains { $0.hasSuffix("/" + sound.lastPathComponent) },
                      "the added file is not open: \(Self.openPaths(of: pid))")

        _ = try ipc.command(["audio-remove", 2])
        XCTAssertTrue(poll(timeout: .seconds(10)) { !Self.openPaths(of: pid).contains { $0.hasSuffix("/" + sound.lastPathComponent) } },
                      "the removed file stays open: \(Self.openPaths(of: pid))")
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.property("aid") as? Int == 1 }, "the file's own track does not play")
        XCTAssertEqual(try audioTracks(ipc).map { $0["id"] as? Int }, [1])
        let back = try AudioCapture.duration(of: capture) + 0.3
        let own = try AudioCapture.wait(for: capture, from: back, timeout: .seconds(10)) { $0.endTime > back + 0.5 }
        let ownPitch = try XCTUnwrap(own?.medianPitch(from: back + 0.1, to: back + 0.35), "no clear tone from the file's own track")
        XCTAssertEqual(ownPitch, Double(ClipSpec.toneFrequency), accuracy: 40)
        let position = try ipc.double("time-pos")
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.double("time-pos") > position + 0.5 }, "playback stopped")
    }

    /// A sound added from a server: removing it ends the connection to the server.
    func testRemovingATrackAddedFromAServerClosesTheConnection() throws {
        try skipWithoutDisplay()
        try XCTSkipIf(NginxServer.executable == nil, "nginx is not installed (make setup)")
        let root = try Unprivileged.makeDirectory(named: "vplay-audio-remove")
        defer { try? FileManager.default.removeItem(at: root) }
        let sound = try MediaFactory.clip(.pitchStepsSound(seconds: 20))
        try FileManager.default.copyItem(at: sound, to: root.appendingPathComponent("sound.wav"))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: root.appendingPathComponent("sound.wav").path)
        // Served at about twice the rate it plays (192 kB/s), so the connection is still open
        // seconds after the track starts rather than ending with a download done at once.
        let server = try NginxServer(root: root, steadyRate: 400 * 1024)
        defer { server.shutDown() }
        let player = try PlayerSession(clip: try MediaFactory.clip(.silentVideo(seconds: 20)))
        let ipc = try XCTUnwrap(player.ipc)
        let pid = player.process.processIdentifier
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.double("time-pos") >= 0.5 }, "the video did not play")
        _ = try ipc.command(["audio-add", server.url("steady/sound.wav")])
        XCTAssertTrue(try poll(timeout: .seconds(15)) { try ipc.property("aid") as? Int == 1 }, "the added track does not play")
        XCTAssertTrue(poll(timeout: .seconds(10)) { Self.connections(of: pid, toPort: server.port) > 0 },
                      "no connection to port \(server.port) while the added track plays: \(Self.openPaths(of: pid)); "
                      + Self.tcpTable(of: pid).joined(separator: " | "))
        _ = try ipc.command(["audio-remove"])
        XCTAssertTrue(poll(timeout: .seconds(10)) { Self.connections(of: pid, toPort: server.port) == 0 },
                      "\(Self.connections(of: pid, toPort: server.port)) connections to the server after the removal")
        let position = try ipc.double("time-pos")
        XCTAssertTrue(try poll(timeout: .seconds(10)) { try ipc.double("time-pos") > position + 0.5 }, "the picture stopped")
    }

    /// Between any two samples time-pos neither goes back nor runs ahead of the wall clock (a
    /// jump), and over any 1.5 s it moves on (no freeze). Margins: the time an IPC answer takes
    /// on a loaded machine.
    private static func assertSmooth(_ samples: [(wall: Double, position: Double)], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertGreaterThan(samples.count, 10, "too few samples", file: file, line: line)
        for (earlier, later) in zip(samples, samples.dropFirst()) {
            let moved = later.position - earlier.position, elapsed = later.wall - earlier.wall
            XCTAssertGreaterThan(moved, -0.05, "time-pos went back from \(earlier) to \(later)", file: file, line: line)
            XCTAssertLessThan(moved, elapsed + 0.5, "time-pos jumped from \(earlier) to \(later)", file: file, line: line)
        }
        for earlier in samples {
            guard let later = samples.first(where: { $0.wall >= earlier.wall + 1.5 }) else { break }
            XCTAssertGreaterThan(later.position - earlier.position, 0.5, "time-pos stood from \(earlier) to \(later)", file: file, line: line)
        }
        let first = samples.first!, last = samples.last!
        print("SilentVideoAudioAddBinaryTests: time-pos \(first.position) → \(last.position) over \(last.wall - first.wall) s, "
              + "\(samples.count) samples")
    }

    /// The paths of the files the process has open.
    private static func openPaths(of pid: Int32) -> [String] {
        let folder = "/proc/\(pid)/fd"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)") }
    }

    /// The process's TCP connections to 127.0.0.1:`port`: its sockets' inodes found among the
    /// connections the system lists.
    private static func connections(of pid: Int32, toPort port: Int) -> Int {
        let folder = "/proc/\(pid)/fd"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let sockets = Set(names.compactMap { name -> String? in
            guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(name)"),
                  link.hasPrefix("socket:[") else { return nil }
            return String(link.dropFirst("socket:[".count).dropLast())
        })
        let remote = String(format: ":%04X", port)
        return tcpTable(of: pid).dropFirst().filter { row in
            let fields = row.split(separator: " ")
            // sl local remote state tx:rx tr:when retrnsmt uid timeout inode
            return fields.count > 9 && fields[2].hasSuffix(remote) && sockets.contains(String(fields[9]))
        }.count
    }

    /// The lines of the TCP connections the process's network namespace has, read to the end.
    private static func tcpTable(of pid: Int32) -> [Substring] {
        guard let handle = FileHandle(forReadingAtPath: "/proc/\(pid)/net/tcp") else { return [] }
        defer { try? handle.close() }
        return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
    }

    private func audioTracks(_ ipc: IPCClient) throws -> [[String: Any]] {
        try XCTUnwrap(try ipc.property("track-list") as? [[String: Any]]).filter { $0["type"] as? String == "audio" }
    }
}
