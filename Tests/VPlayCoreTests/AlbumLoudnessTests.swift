import Foundation
import TestSupport
import XCTest
@testable import VPlayCore

/// `--normalize=album`: the album's loudness from its files', who belongs to an album, and the
/// run's measurements shared by its files.
final class AlbumLoudnessTests: XCTestCase {
    private typealias Measurement = AlbumLoudness.Measurement

    func testEqualFilesGiveTheirOwnLoudness() throws {
        let album = try XCTUnwrap(AlbumLoudness.combined([Measurement(integrated: -20, seconds: 100), Measurement(integrated: -20, seconds: 30)]))
        XCTAssertEqual(album, -20, accuracy: 1e-9)
    }

    /// Energy, not LUFS, is averaged: two equal lengths 10 LU apart give 10·log10((1 + 0.1)/2)
    /// above the louder, −2.60 LU, not the middle (−5).
    func testLoudnessIsAveragedAsEnergyWeightedByLength() throws {
        let even = try XCTUnwrap(AlbumLoudness.combined([Measurement(integrated: -10, seconds: 60), Measurement(integrated: -20, seconds: 60)]))
        XCTAssertEqual(even, -10 + 10 * log10(1.1 / 2), accuracy: 1e-9)
        // Three times longer quiet file: 10·log10((1 + 3·0.1)/4) above the louder.
        let long = try XCTUnwrap(AlbumLoudness.combined([Measurement(integrated: -10, seconds: 60), Measurement(integrated: -20, seconds: 180)]))
        XCTAssertEqual(long, -10 + 10 * log10(1.3 / 4), accuracy: 1e-9)
        XCTAssertLessThan(long, even)
    }

    /// ebur128 over the files joined agrees with the combination within 0.5 LU.
    func testTheCombinationAgreesWithFFmpegOverTheJoinedFiles() throws {
        let quiet = try Self.tone(level: -10, seconds: 6), loud = try Self.tone(level: 0, seconds: 3)
        let measured = try [quiet, loud].map { clip in
            let figure = try XCTUnwrap(LoudnessMeter.measurement(path: clip.path, options: PlayerOptions()))
            return Measurement(integrated: figure.integrated, seconds: figure.seconds)
        }
        XCTAssertEqual(measured[0].seconds, 6, accuracy: 0.05)
        let combined = try XCTUnwrap(AlbumLoudness.combined(measured))
        let joined = try XCTUnwrap(Self.ffmpegIntegrated(of: [quiet, loud]))
        XCTAssertEqual(combined, joined, accuracy: 0.5)
    }

    func testFilesWithoutSoundCountForNothing() throws {
        let album = try XCTUnwrap(AlbumLoudness.combined([
            Measurement(integrated: -18, seconds: 60), Measurement(integrated: nil, seconds: 0),
            Measurement(integrated: -.infinity, seconds: 30), Measurement(integrated: -80, seconds: 30),
            Measurement(integrated: .nan, seconds: 10), Measurement(integrated: -5, seconds: 0)]))
        XCTAssertEqual(album, -18, accuracy: 1e-9)
        XCTAssertNil(AlbumLoudness.combined([]))
        XCTAssertNil(AlbumLoudness.combined([Measurement(integrated: nil, seconds: 10)]))
        XCTAssertEqual(LoudnessNormalization.gain(integrated: AlbumLoudness.combined([Measurement(integrated: -90, seconds: 5)]), target: -16), 0)
    }

    func testTheAlbumIsThePlaylistsLocalFilesOfTheFolder() {
        let playlist = ["/music/a/1.flac", "/music/b/1.flac", "/music/a/sub/3.flac", "/music/a/../a/2.flac",
                        "https://example.com/music/a/4.flac", "/music/a/5.flac"]
        XCTAssertEqual(AlbumLoudness.members(of: "/music/a/1.flac", in: playlist),
                       ["/music/a/1.flac", "/music/a/../a/2.flac", "/music/a/5.flac"])
        XCTAssertEqual(AlbumLoudness.members(of: "/music/b/1.flac", in: playlist), ["/music/b/1.flac"])
        XCTAssertEqual(AlbumLoudness.members(of: "https://example.com/music/a/4.flac", in: playlist), [])
    }

    /// The run measures each file once, one at a time, and knows the album once all are measured.
    func testTheAlbumIsKnownOnceEveryFileIsMeasured() throws {
        let quiet = try Self.tone(level: -10, seconds: 6), loud = try Self.tone(level: 0, seconds: 3)
        let album = AlbumLoudness()
        let lines = Locked([String]())
        let paths = [quiet.path, loud.path]
        var figure: Double?
        let deadline = Date().addingTimeInterval(60)
        while figure == nil, Date() < deadline {
            figure = album.integrated(of: paths, options: PlayerOptions()) { line in lines.withLock { $0.append(line) } }
            if figure == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        let known = try XCTUnwrap(figure, "the album was never measured")
        XCTAssertEqual(album.generation, 2, "each file measured once")
        XCTAssertEqual(known, try XCTUnwrap(AlbumLoudness.combined([quiet, loud].map {
            let figure = LoudnessMeter.measurement(path: $0.path, options: PlayerOptions())!
            return Measurement(integrated: figure.integrated, seconds: figure.seconds)
        })), accuracy: 1e-9)
        // Asked again, by the album's other file: nothing is measured twice.
        XCTAssertEqual(album.integrated(of: paths.reversed(), options: PlayerOptions()) { _ in }, known)
        XCTAssertEqual(album.generation, 2)
        XCTAssertEqual(lines.withLock { $0.count }, 2, lines.withLock { $0 }.joined(separator: "\n"))
    }

    private static func tone(level: Int, seconds: Int) throws -> URL {
        try MediaFactory.clip(ClipSpec(name: "album-tone\(-level)-\(seconds)", fileExtension: "mka", arguments: [
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=\(seconds)", "-af", "volume=\(level)dB",
            "-ac", "2", "-c:a", "flac"]))
    }

    /// ffmpeg's integrated figure over `clips` played one after another.
    private static func ffmpegIntegrated(of clips: [URL]) throws -> Double? {
        let inputs = clips.flatMap { ["-i", $0.path] }
        let joins = (0..<clips.count).map { "[\($0):a]" }.joined() + "concat=n=\(clips.count):v=0:a=1,ebur128[out]"
        let result = try ChildProcess.run("ffmpeg", ["-nostdin", "-hide_banner", "-nostats"] + inputs + ["-filter_complex", joins, "-map", "[out]", "-f", "null", "-"])
        let lines = result.errorText.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let summary = lines.lastIndex(where: { $0.hasPrefix("Integrated loudness:") }),
              let line = lines[summary...].first(where: { $0.hasPrefix("I:") })
        else { return nil }
        return Double(line.dropFirst(2).trimmingCharacters(in: .whitespaces).split(separator: " ")[0])
    }
}
