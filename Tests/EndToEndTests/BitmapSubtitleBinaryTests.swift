import Foundation
import TestSupport
import XCTest

/// Bitmap subtitles (PGS) through the real binary: the picture the stream carries, scaled with
/// the video and placed where the stream puts it, gone at its end; from a `.sup` file beside
/// the video, from a track inside Matroska, DVD and DVB tracks, and VobSub (`.idx` + `.sub`).
final class BitmapSubtitleBinaryTests: XCTestCase {
    /// On the clip's 320×240 canvas: a white block at (200, 20), 80×40, from 1 to 3 s.
    private let block = PGSWriter.Picture(start: 1, end: 3, x: 200, y: 20, width: 80, height: 40)
    /// The block in a 640×480 window (twice the size), less a margin for scaling edges.
    private var blockOnScreen: PixelRect { PixelRect(x: 404, y: 44, width: 152, height: 72) }
    /// Where nothing is drawn.
    private var elsewhere: PixelRect { PixelRect(x: 40, y: 40, width: 300, height: 200) }

    private func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-pgs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// A fresh directory holding the grey backdrop as `film.mkv`.
    private func directoryWithFilm() throws -> (directory: URL, film: URL) {
        let folder = try directory()
        let film = folder.appendingPathComponent("film.mkv")
        try FileManager.default.copyItem(at: try MediaFactory.clip(.subtitleBackdrop), to: film)
        return (folder, film)
    }

    func testPGSBesideTheVideoAndInsideMatroskaIsPlacedScaledAndCleared() throws {
        try skipWithoutDisplay()
        let (folder, clip) = try directoryWithFilm()
        let sup = folder.appendingPathComponent("film.sup")
        try PGSWriter.stream(canvasWidth: 320, height: 240, pictures: [block]).write(to: sup)
        let muxed = folder.appendingPathComponent("muxed.mkv")
        let mux = try ChildProcess.run("ffmpeg", ["-v", "error", "-y", "-copyts", "-i", clip.path, "-i", sup.path, "-map", "0", "-map", "1",
                                                  "-c", "copy", "-disposition:s:0", "default", muxed.path], timeout: .seconds(60))
        XCTAssertTrue(mux.succeeded, mux.errorText)

        for (file, external) in [(clip, true), (muxed, false)] {
            let (player, ipc) = try showBlock(file, codec: "hdmv_pgs_subtitle", external: external)
            _ = try ipc.command(["seek", 3.5, "absolute+exact"])
            XCTAssertNotNil(try player.waitForCapture { $0.meanBrightness(self.blockOnScreen) < 100 },
                            "\(file.lastPathComponent): the block outlived its end")
            _ = try ipc.command(["seek", 1.5, "absolute+exact"])
            XCTAssertNotNil(try player.waitForCapture { $0.meanBrightness(self.blockOnScreen) > 200 },
                            "\(file.lastPathComponent): the block is not back after a seek into it")
        }
    }

    func testDVDAndDVBPicturesArePlacedAndScaledToo() throws {
        try skipWithoutDisplay()
        let folder = try directory()
        let sup = folder.appendingPathComponent("block.sup")
        try PGSWriter.stream(canvasWidth: 320, height: 240, pictures: [block]).write(to: sup)
        let backdrop = try MediaFactory.clip(.subtitleBackdrop)
        // ffmpeg turns bitmap subtitles into other bitmap formats.
        for (encoder, codec) in [("dvdsub", "dvd_subtitle"), ("dvbsub", "dvb_subtitle")] {
            let file = folder.appendingPathComponent("\(encoder).mkv")
            let made = try ChildProcess.run("ffmpeg", ["-v", "error", "-y", "-copyts", "-i", backdrop.path, "-i", sup.path,
                                                       "-map", "0:v", "-map", "1:s", "-c:v", "copy", "-c:s", encoder,
                                                       "-disposition:s:0", "default", file.path], timeout: .seconds(60))
            XCTAssertTrue(made.succeeded, made.errorText)
            let (player, ipc) = try showBlock(file, codec: codec, external: false)
            _ = try ipc.command(["set_property", "sub-visibility", false])
            XCTAssertNotNil(try player.waitForCapture { $0.meanBrightness(self.blockOnScreen) < 100 }, "\(codec): not hidden")
        }
    }

    func testVobSubBesideTheVideoIsFoundPlacedAndCleared() throws {
        try skipWithoutDisplay()
        let (folder, clip) = try directoryWithFilm()
        let sup = folder.appendingPathComponent("block.sup")
        // DVD subpictures made from PGS carry no end: the next picture, elsewhere, ends the block.
        let next = PGSWriter.Picture(start: 3, end: 4, x: 20, y: 160, width: 40, height: 40)
        try PGSWriter.stream(canvasWidth: 320, height: 240, pictures: [block, next]).write(to: sup)
        try VobSubWriter.write(pgs: sup, canvasWidth: 320, height: 240, to: folder.appendingPathComponent("film.idx"))
        let (player, ipc) = try showBlock(clip, codec: "dvd_subtitle", external: true)
        _ = try ipc.command(["seek", 3.5, "absolute+exact"])
        let nextOnScreen = PixelRect(x: 44, y: 324, width: 72, height: 72)
        XCTAssertNotNil(try player.waitForCapture { $0.meanBrightness(self.blockOnScreen) < 100 && $0.meanBrightness(nextOnScreen) > 200 },
                        "the next picture did not take the block's place")
    }

    /// Plays `file` paused with its one subtitle track (`codec`) chosen and checks that at 2 s the
    /// block shows where the stream puts it, and nothing elsewhere.
    private func showBlock(_ file: URL, codec: String, external: Bool) throws -> (PlayerSession, IPCClient) {
        let player = try PlayerSession(clip: file, arguments: ["--pause", "--geometry=640x480", "--sub-auto=exact"])
        let ipc = try XCTUnwrap(player.ipc)
        let subs = try XCTUnwrap(try ipc.property("track-list") as? [[String: Any]]).filter { $0["type"] as? String == "sub" }
        XCTAssertEqual(subs.count, 1, "\(file.lastPathComponent): one subtitle track")
        XCTAssertEqual(subs.first?["external"] as? Bool, external)
        XCTAssertEqual(subs.first?["codec"] as? String, codec)
        XCTAssertEqual(try ipc.property("sid") as? Int, 1)
        _ = try ipc.command(["seek", 2, "absolute+exact"])
        let shown = try player.waitForCapture { $0.meanBrightness(self.blockOnScreen) > 200 }
        XCTAssertNotNil(shown, "\(file.lastPathComponent): no white block where the stream puts it")
        if let shown { XCTAssertLessThan(shown.maxChannel(elsewhere), 100, "\(file.lastPathComponent): drawn elsewhere too") }
        return (player, ipc)
    }
}
