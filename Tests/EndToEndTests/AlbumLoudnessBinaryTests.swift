import Foundation
import TestSupport
import XCTest

/// `--normalize=album` with the real binary: two files of one folder, 20 dB apart, get the
/// same gain, the album's, so they keep their difference.
final class AlbumLoudnessBinaryTests: XCTestCase {
    /// A 440 Hz tone `level` dB from the `sine` source's: about −21.8 LUFS at 0, −41.8 at −20.
    private static func clip(level: Int) throws -> URL {
        try MediaFactory.clip(ClipSpec(name: "album-binary\(-level)", fileExtension: "mka", arguments: [
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=10", "-af", "volume=\(level)dB",
            "-ac", "2", "-c:a", "flac"]))
    }

    /// The gain (dB) of the first `-v` line giving `path` a gain from `source` (`album`,
    /// `track`), waiting for it until `timeout`.
    private func gain(of path: String, from source: String, in process: RunningProcess, timeout: Duration) -> Double? {
        let prefix = "normalization gain for \(path): "
        var found: Double?
        _ = poll(timeout: timeout, interval: 0.05) {
            let text = String(decoding: process.outputSoFar(on: .error), as: UTF8.self)
            found = text.split(separator: "\n").lazy.compactMap { line -> Double? in
                guard let start = line.range(of: prefix), line.hasSuffix("dB (\(source))") else { return nil }
                return Double(line[start.upperBound...].split(separator: " ")[0])
            }.first
            return found != nil || !process.isRunning
        }
        return found
    }

    func testTheFilesOfAFolderGetTheAlbumsGain() throws {
        try skipWithoutDisplay()
        let quiet = try Self.clip(level: -20), loud = try Self.clip(level: 0)
        XCTAssertEqual(quiet.deletingLastPathComponent(), loud.deletingLastPathComponent(), "one folder")
        // Looping keeps the first file playing however long the measurements take.
        let player = try PlayerSession(clip: loud, arguments: ["-v", "--normalize=album", "--loop-file=inf", quiet.path],
                                       title: quiet.lastPathComponent)
        let ipc = try XCTUnwrap(player.ipc)
        let quietGain = try XCTUnwrap(gain(of: quiet.path, from: "album", in: player.process, timeout: .seconds(60)),
                                      "the quiet file never got the album's gain")
        _ = try ipc.command(["playlist-next"])
        let loudGain = try XCTUnwrap(gain(of: loud.path, from: "album", in: player.process, timeout: .seconds(30)),
                                     "the loud file never got the album's gain")
        XCTAssertEqual(loudGain, quietGain, accuracy: 0.005, "one gain for the album")
        // The album's gain is neither file's own: −16 − (−21.8 + 10·log10(1.01/2)) ≈ +8.8 dB.
        XCTAssertEqual(quietGain, 8.8, accuracy: 1)
        let errors = String(decoding: player.process.outputSoFar(on: .error), as: UTF8.self)
        let ownGain = errors.split(separator: "\n").filter { $0.contains("normalization gain for \(loud.path): ") && $0.hasSuffix("(track)") }
        XCTAssertEqual(ownGain, [], "the album was known when the loud file began: it never played at its own gain")
        _ = try? ipc.command(["quit"])
        player.process.waitForExit(timeout: .seconds(10))
    }
}
