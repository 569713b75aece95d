import Foundation
import Glibc
import TestSupport
import VPlayView
import XCTest

/// Web pages served by the loopback nginx, resolved by the real yt-dlp (its generic extractor
/// reads an HTML5 `<video>` without the internet), and a stand-in yt-dlp for its failures.
final class WebPageBinaryTests: XCTestCase {
    /// The yt-dlp `make setup` installs into the project's venv.
    private func ytdlp() throws -> String {
        let path = BinaryRunner.packageRoot.appendingPathComponent(".build/python/bin/yt-dlp").path
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: path), "yt-dlp is not installed (make setup)")
        return path
    }

    /// Writes the pages beside the served clip: one with a `<video>`, one without.
    private func pages(_ fixture: NetworkFixture) throws {
        let root = fixture.media.root
        try #"<!DOCTYPE html><html><head><title>A test page</title></head><body><video controls src="clip.mp4"></video></body></html>"#
            .write(to: root.appendingPathComponent("page.html"), atomically: true, encoding: .utf8)
        // No extension: served as HTML under /page/, so only the server's answer tells it is a page.
        try FileManager.default.copyItem(atPath: root.appendingPathComponent("page.html").path,
                                         toPath: root.appendingPathComponent("watch").path, replacingExisting: true)
        try #"<!DOCTYPE html><html><head><title>Nothing</title></head><body><p>no video here</p></body></html>"#
            .write(to: root.appendingPathComponent("empty.html"), atomically: true, encoding: .utf8)
    }

    /// A stand-in yt-dlp: a shell script with `body`.
    private func fakeYTDLP(_ body: String) throws -> String {
        let directory = try Unprivileged.makeDirectory(named: "vplay-fake-ytdlp")
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("yt-dlp")
        try ("#!/bin/sh\n" + body + "\n").write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        return script.path
    }

    func testAPageWithAVideoPlaysAsThePageWithItsTitle() throws {
        let fixture = try NetworkFixture.shared()
        try pages(fixture)
        let ytdlp = try ytdlp()
        for url in [fixture.server.url("page.html"), fixture.server.url("page/watch")] {
            let player = try NetworkPlayer(["--no-video", "--pause", "--ytdl-path=\(ytdlp)", url], timeout: .seconds(60))
            let duration = try player.waitFor("duration", timeout: .seconds(60)) { $0.number != nil }
            XCTAssertEqual(duration.number ?? 0, fixture.media.seconds, accuracy: 0.1, url)
            XCTAssertEqual(try player.client.command("get_property", "path").data, .string(url))
            let title = try player.client.command("get_property", "media-title").data?.string ?? ""
            XCTAssertTrue(title.hasPrefix("A test page"), "media-title \(title) for \(url)")
            XCTAssertTrue(try player.client.command("set_property", "pause", false).isSuccess)
            try player.waitFor("time-pos") { ($0.number ?? 0) >= 1 }
        }
    }

    /// A page with two videos is a playlist of two entries.
    func testAPageWithTwoVideosBecomesTwoEntries() throws {
        let fixture = try NetworkFixture.shared()
        try pages(fixture)
        try #"<!DOCTYPE html><html><head><title>Two</title></head><body><video src="clip.mp4"></video><video src="hls/index.m3u8"></video></body></html>"#
            .write(to: fixture.media.root.appendingPathComponent("two.html"), atomically: true, encoding: .utf8)
        let player = try NetworkPlayer(["--no-video", "--pause", "--ytdl-path=\(try ytdlp())", fixture.server.url("two.html")],
                                       timeout: .seconds(60))
        try player.waitFor("path", timeout: .seconds(60)) { $0.string == fixture.server.url("clip.mp4") }
        try player.waitFor("duration") { $0.number != nil }
        XCTAssertEqual(try player.client.command("get_property", "playlist-count").data?.number, 2)
        XCTAssertTrue(try player.client.command("playlist-next").isSuccess)
        try player.waitFor("path", timeout: .seconds(30)) { $0.string == fixture.server.url("hls/index.m3u8") }
    }

    /// Picture and sound as separate formats: both URLs play as one item, each on its own
    /// connection with the headers yt-dlp gives for it; the picture is seen, the sound heard,
    /// and after a seek both are at the target.
    func testSeparateFormatsPlayAsOneItemWithPictureAndSound() throws {
        try skipWithoutDisplay()
        let fixture = try NetworkFixture.shared()
        try pages(fixture)
        let (_, audio, json) = try splitFormats(fixture, soundPath: "split-audio.wav")
        let capture = AudioCapture.environmentFile
        let captureStart = try capture.map { try XCTUnwrap(AudioCapture.quietMark(of: $0), "the sink never went quiet") }
        let page = fixture.server.url("page.html")
        let player = try PlayerSession(clip: try XCTUnwrap(URL(string: page)),
                                       arguments: ["--ytdl-path=\(try fakeYTDLP("echo '\(json)'"))", "--title=vplay-split"],
                                       title: "vplay-split")
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertEqual(try ipc.property("path") as? String, page)
        XCTAssertNotNil(try player.waitForFrame(timeout: .seconds(20)) { $0 >= 10 }, "no picture")
        let tracks = try XCTUnwrap(try ipc.property("track-list") as? [[String: Any]])
        let sound = try XCTUnwrap(tracks.first { $0["type"] as? String == "audio" }, "track-list: \(tracks)")
        XCTAssertEqual(sound["external-filename"] as? String, audio)
        XCTAssertEqual(sound["selected"] as? Bool, true)
        XCTAssertEqual(tracks.first { $0["type"] as? String == "video" }?["selected"] as? Bool, true)

        if let capture, let captureStart {
            let heard = try AudioCapture.wait(for: capture, from: captureStart, timeout: .seconds(10)) { recording in
                recording.firstSound(after: captureStart).map { recording.endTime > $0 + 0.6 } ?? false
            }
            XCTAssertNotNil(heard, "the sound's URL was not heard")
            _ = try ipc.command(["seek", 6, "absolute"])
            XCTAssertTrue(try poll(timeout: .seconds(10)) { (6.1..<8).contains(try ipc.double("time-pos")) },
                          "playback did not go on after the seek")
            let mark = try AudioCapture.duration(of: capture)
            let frame = try player.waitForFrame(timeout: .seconds(5)) { $0 >= 150 }
            XCTAssertTrue(frame.map { (150..<200).contains($0) } == true, "frame \(String(describing: frame)) after seeking to 6 s")
            let after = try AudioCapture.wait(for: capture, from: mark, timeout: .seconds(10)) { $0.endTime > mark + 0.8 }
            let recording = try XCTUnwrap(after, "the recording stopped after the seek")
            let pitch = try XCTUnwrap(recording.medianPitch(from: mark + 0.2, to: mark + 0.45), "no clear tone after the seek")
            let second = try XCTUnwrap(ClipSpec.pitchStepSecond(of: pitch), "pitch \(pitch) Hz is no step of the sound's URL")
            XCTAssertTrue((6...7).contains(second), "heard second \(second) of the sound after seeking to 6 s")
            print("WebPageBinaryTests: frame \(frame ?? -1) seen and second \(second) of the sound heard after seeking to 6 s")
        } else {
            print("WebPageBinaryTests: no VPLAY_AUDIO_CAPTURE; sound not checked")
        }
        let agents = fixture.server.userAgents()
        let videoAgents = Set(agents.filter { $0.path == "/split-video.mp4" }.map(\.agent))
        let audioAgents = Set(agents.filter { $0.path == "/split-audio.wav" }.map(\.agent))
        XCTAssertEqual(videoAgents, ["vplay-test-video"], "requests: \(agents)")
        XCTAssertEqual(audioAgents, ["vplay-test-audio"], "requests: \(agents)")
        let stderr = String(decoding: player.process.outputSoFar(on: .error), as: UTF8.self)
        XCTAssertFalse(stderr.contains("format"), stderr)
    }

    /// Serves a video without sound and a sound alone (at `soundPath`, under `/slow/` to trickle
    /// it), and the yt-dlp description naming them as separate formats with headers of their own.
    private func splitFormats(_ fixture: NetworkFixture, soundPath: String) throws -> (video: String, audio: String, json: String) {
        let root = fixture.media.root
        try FileManager.default.copyItem(atPath: try MediaFactory.clip(.silentVideo(seconds: 10)).path,
                                         toPath: root.appendingPathComponent("split-video.mp4").path, replacingExisting: true)
        try FileManager.default.copyItem(atPath: try MediaFactory.clip(.pitchStepsSound(seconds: 10)).path,
                                         toPath: root.appendingPathComponent("split-audio.wav").path, replacingExisting: true)
        let video = fixture.server.url("split-video.mp4"), audio = fixture.server.url(soundPath)
        let json = #"{"title": "Split", "requested_formats": [{"url": "\#(video)", "vcodec": "avc1", "acodec": "none", "#
            + #""http_headers": {"User-Agent": "vplay-test-video"}}, {"url": "\#(audio)", "vcodec": "none", "acodec": "pcm", "#
            + #""http_headers": {"User-Agent": "vplay-test-audio"}}], "formats": [{"url": "\#(fixture.server.url("clip.mp4"))", "#
            + #""vcodec": "avc1", "acodec": "mp4a", "protocol": "http"}]}"#
        return (video, audio, json)
    }

    /// The sound's URL trickles in slower than it plays: the item waits for it (paused for the
    /// cache), the picture with it, until enough is in.
    func testASlowSoundSourceStallsTheWholeItem() throws {
        try skipWithoutDisplay()
        let fixture = try NetworkFixture.shared()
        try pages(fixture)
        let (_, _, json) = try splitFormats(fixture, soundPath: "slow/split-audio.wav")
        let player = try PlayerSession(clip: try XCTUnwrap(URL(string: fixture.server.url("page.html"))),
                                       arguments: ["--ytdl-path=\(try fakeYTDLP("echo '\(json)'"))", "--title=vplay-split-slow"],
                                       title: "vplay-split-slow")
        let ipc = try XCTUnwrap(player.ipc)
        XCTAssertTrue(try poll(timeout: .seconds(30)) { try ipc.bool("paused-for-cache") }, "the item never waited for its sound")
        // While it waits, the picture stands where the position does.
        let position = try ipc.double("time-pos")
        let frame = try XCTUnwrap(try player.waitForStillFrame(stillFor: .milliseconds(300), timeout: .seconds(5)), "the picture ran on")
        if try ipc.bool("paused-for-cache") {
            XCTAssertEqual(Double(frame) / 25, position, accuracy: 0.25, "frame \(frame) while waiting at \(position) s")
        }
        // Once a second of the sound is in, the wait ends.
        XCTAssertTrue(try poll(timeout: .seconds(30)) { try ipc.property("paused-for-cache") as? Bool == false },
                      "the item never stopped waiting")
        let stderr = String(decoding: player.process.outputSoFar(on: .error), as: UTF8.self)
        XCTAssertFalse(stderr.contains("error"), stderr)
    }

    /// The idle window's Open dialog (the portal's chooser, where a URL can be typed) answering
    /// a page's URL: the page plays.
    func testTheOpenDialogAcceptsAPageURL() throws {
        try skipWithoutDisplay()
        try XCTSkipIf(ChildProcess.locate("dbus-daemon") == nil, "needs dbus-daemon (run `make setup`)")
        try XCTSkipUnless(PortalStandIn.isAvailable, "needs python3-dbusmock (run `make setup`)")
        let fixture = try NetworkFixture.shared()
        try pages(fixture)
        let page = fixture.server.url("page.html")
        let bus = try PrivateBus()
        let portal = try PortalStandIn(on: bus, title: "Open", response: (0, [page]))
        defer { withExtendedLifetime(portal) {} }
        let state = try Unprivileged.makeDirectory(named: "vplay-web-open")
        defer { try? FileManager.default.removeItem(at: state) }
        let socketPath = "/tmp/vplay-web-open-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
        defer { unlink(socketPath) }
        // No zenity on PATH: only the portal answers; no watch history under the button.
        let environment = bus.environment.merging(["PATH": state.path + ":/usr/bin:/bin", "XDG_STATE_HOME": state.path]) { $1 }
        let process = try BinaryRunner.launch(["--input-ipc-server=\(socketPath)", "--ytdl-path=\(try ytdlp())"],
                                              environment: environment)
        defer { process.terminate(); process.waitForExit(timeout: .seconds(5)) }
        let window = try XCTUnwrap(try Screen.findWindow(name: "vplay", timeout: PlayerSession.windowTimeout), "no idle window")
        let ipc = try IPCClient(path: socketPath)
        let geometry = try Screen.windowGeometry(window)
        let layout = IdleLayout(windowSize: OverlaySize(width: Double(geometry.width), height: Double(geometry.height)))
        try Screen.click(window: window, x: Int(layout.openButton.midX), y: Int(layout.openButton.midY))
        XCTAssertTrue(poll(timeout: .seconds(60)) { ((try? ipc.property("media-title")) as? String)?.hasPrefix("A test page") == true },
                      "the page chosen does not play: \(String(decoding: process.outputSoFar(on: .error), as: UTF8.self))")
        XCTAssertEqual(try ipc.property("path") as? String, page)
    }

    /// The page's subtitles become external tracks with their languages; one that cannot be
    /// fetched is left out with a line saying so.
    func testThePagesSubtitlesAreTracksByLanguage() throws {
        let fixture = try NetworkFixture.shared()
        try pages(fixture)
        try "WEBVTT\n\n00:00.000 --> 00:09.000\nHello\n".write(to: fixture.media.root.appendingPathComponent("web-en.vtt"),
                                                              atomically: true, encoding: .utf8)
        try "1\n00:00:00,000 --> 00:00:09,000\nBonjour\n".write(to: fixture.media.root.appendingPathComponent("web-fr.srt"),
                                                              atomically: true, encoding: .utf8)
        let subtitles = #"{"en": {"url": "\#(fixture.server.url("web-en.vtt"))", "ext": "vtt"}, "#
            + #""fr": {"url": "\#(fixture.server.url("web-fr.srt"))", "ext": "srt"}, "#
            + #""de": {"url": "\#(fixture.server.url("missing-de.vtt"))", "ext": "vtt"}}"#
        let json = #"{"title": "Subtitled", "url": "\#(fixture.server.url("clip.mp4"))", "requested_subtitles": \#(subtitles)}"#
        let player = try NetworkPlayer(["--no-video", "--pause", "--slang=fr", "--ytdl-path=\(try fakeYTDLP("echo '\(json)'"))",
                                        fixture.server.url("page.html")], quiet: false)
        let tracks = try player.waitFor("track-list", timeout: .seconds(30)) { list in
            list.elements.filter { $0["type"] == "sub" }.count == 2
        }
        let subs = tracks.elements.filter { $0["type"] == "sub" }
        XCTAssertEqual(Set(subs.compactMap { $0["lang"]?.string }), ["en", "fr"])
        XCTAssertTrue(subs.allSatisfy { $0["external"] == .bool(true) })
        let french = try XCTUnwrap(subs.first { $0["lang"] == "fr" })
        XCTAssertEqual(french["selected"], .bool(true), "--slang=fr did not pick the page's French subtitles")
        try player.waitFor("sub-text", timeout: .seconds(20)) { $0.string == "Bonjour" }
        XCTAssertTrue(player.errorText.contains("subtitles 'de' of the page"), player.errorText)
    }

    func testAPageWithoutVideoSaysSoAndFails() throws {
        let fixture = try NetworkFixture.shared()
        try pages(fixture)
        let url = fixture.server.url("empty.html")
        let result = try BinaryRunner.run(["--no-video", "--ytdl-path=\(try ytdlp())", url], timeout: .seconds(60))
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.errorText, "vplay: cannot open '\(url)': no video found at URL\n")
    }

    /// With `--ytdl=no` a page is opened as media, as FFmpeg reads it: no yt-dlp is asked.
    func testYTDLNoOpensThePageAsMedia() throws {
        let fixture = try NetworkFixture.shared()
        try pages(fixture)
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-ytdl-ran-\(UUID().uuidString)").path
        let fake = try fakeYTDLP("touch \(marker); exit 1")
        let result = try BinaryRunner.run(["--no-video", "--ytdl=no", "--ytdl-path=\(fake)", fixture.server.url("page.html")],
                                          timeout: .seconds(30))
        XCTAssertEqual(result.status, 1)
        XCTAssertFalse(result.errorText.contains("yt-dlp"), result.errorText)
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker), "yt-dlp ran with --ytdl=no")
    }

    func testYTDLMissingNamesThePackageToInstall() throws {
        let fixture = try NetworkFixture.shared()
        try pages(fixture)
        let url = fixture.server.url("page.html")
        let result = try BinaryRunner.run(["--no-video", "--ytdl-path=/nonexistent/yt-dlp", url], timeout: .seconds(30))
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.errorText.split(separator: "\n").count, 1, result.errorText)
        XCTAssertTrue(result.errorText.contains("install the package yt-dlp"), result.errorText)
    }

    /// yt-dlp failing, answering nonsense, or pointing at local files: one line with the reason,
    /// `end-file` with it over IPC, and a failure status.
    func testYTDLFailuresEndTheEntryWithTheirReason() throws {
        let fixture = try NetworkFixture.shared()
        try pages(fixture)
        let url = fixture.server.url("page.html")
        let cases: [(script: String, reason: String)] = [
            ("echo 'WARNING: ignore me' >&2; echo 'ERROR: [fake] abc: This video is private' >&2; exit 1",
             "yt-dlp: [fake] abc: This video is private"),
            ("echo '{\"title\": oops'", "yt-dlp's answer is not valid JSON"),
            (#"echo '{"title": "x", "url": "file:///etc/passwd"}'"#, "refused: the page points at 'file:///etc/passwd', not at the network"),
            (#"echo '{"title": "x", "requested_formats": [{"url": "http://127.0.0.1:1/v.mp4"}, {"url": "/etc/passwd"}]}'"#,
             "refused: the page points at '/etc/passwd', not at the network"),
        ]
        for (script, reason) in cases {
            let fake = try fakeYTDLP(script)
            // Idle at the end, so that the socket stays to hear `end-file`; then loaded again
            // once more to see the exit status.
            let player = try NetworkPlayer(["--idle", "--ytdl-path=\(fake)"])
            XCTAssertTrue(try player.client.command("loadfile", .string(url)).isSuccess)
            let ended = player.client.waitFor(after: 0, timeout: .seconds(30)) { $0["event"] == "end-file" }
            XCTAssertEqual(ended?["reason"], "error", "\(String(describing: ended))")
            XCTAssertEqual(ended?["file_error"]?.string, reason)
            let result = try BinaryRunner.run(["--no-video", "--ytdl-path=\(fake)", url], timeout: .seconds(30))
            XCTAssertEqual(result.status, 1)
            XCTAssertEqual(result.errorText, "vplay: cannot open '\(url)': \(reason)\n")
        }
    }

    /// A yt-dlp that never answers is given up after twice `--network-timeout`.
    func testAHangingYTDLIsGivenUpAfterTheNetworkTimeout() throws {
        let fixture = try NetworkFixture.shared()
        try pages(fixture)
        let url = fixture.server.url("page.html")
        let started = ContinuousClock.now
        let result = try BinaryRunner.run(["--no-video", "--network-timeout=1", "--ytdl-path=\(try fakeYTDLP("exec sleep 300"))", url],
                                          timeout: .seconds(60))
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.errorText, "vplay: cannot open '\(url)': yt-dlp gave no answer in 2 s (--network-timeout)\n")
        XCTAssertLessThan(seconds(since: started), 30)
    }

    /// With a window: the page's yt-dlp, started while SDL and the window start, runs once for
    /// the page; a quit while it runs ends it and the run.
    func testAPageWithAWindowAsksYTDLOnceAndAQuitWhileItRunsEndsIt() throws {
        try skipWithoutDisplay()
        let fixture = try NetworkFixture.shared()
        try pages(fixture)
        let url = fixture.server.url("page.html")
        let runs = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-ytdl-runs-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: runs) }
        let counting = try fakeYTDLP("echo $$ >> \(runs); exec \(try ytdlp()) \"$@\"")
        let player = try NetworkPlayer(["--ytdl-path=\(counting)", url], timeout: .seconds(60))
        try player.waitFor("time-pos", timeout: .seconds(60)) { ($0.number ?? 0) > 0 }
        XCTAssertEqual(try player.client.command("get_property", "path").data, .string(url))
        let started = (try String(contentsOfFile: runs, encoding: .utf8)).split(separator: "\n")
        XCTAssertEqual(started.count, 1, "yt-dlp ran \(started.count) times for one page")

        let pidFile = runs + ".pid"
        defer { try? FileManager.default.removeItem(atPath: pidFile) }
        let hanging = try fakeYTDLP("echo $$ > \(pidFile).part; mv \(pidFile).part \(pidFile); exec sleep 300")
        let waiting = try NetworkPlayer(["--ytdl-path=\(hanging)", url])
        let pid = try poll(timeout: .seconds(30), interval: 0.02, until: { _ in true }) { () -> pid_t? in
            (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        let running = try XCTUnwrap(pid, "yt-dlp never started")
        let asked = ContinuousClock.now
        _ = try waiting.client.sendCommand(["quit"])
        XCTAssertFalse(waiting.process.waitForExit(timeout: .seconds(10)).timedOut, "vplay still runs after quit")
        print("vplay ended \(String(format: "%.3f", seconds(since: asked))) s after quit while yt-dlp ran")
        _ = poll(timeout: .seconds(10), interval: 0.01) { kill(running, 0) != 0 }
        XCTAssertNotEqual(kill(running, 0), 0, "yt-dlp still runs after quit")
    }

    /// Quitting, or loading another file, while yt-dlp runs ends it.
    func testQuitOrLoadfileWhileYTDLRunsEndsIt() throws {
        let fixture = try NetworkFixture.shared()
        try pages(fixture)
        for action in ["quit", "loadfile"] {
            let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-ytdl-pid-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: pidFile) }
            let fake = try fakeYTDLP("echo $$ > \(pidFile).part; mv \(pidFile).part \(pidFile); exec sleep 300")
            let player = try NetworkPlayer(["--no-video", "--idle", "--ytdl-path=\(fake)", fixture.server.url("page.html")])
            let pid = try poll(timeout: .seconds(30), interval: 0.02, until: { _ in true }) { () -> pid_t? in
                (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            }
            let running = try XCTUnwrap(pid, "yt-dlp never started")
            let asked = ContinuousClock.now
            if action == "quit" {
                _ = try player.client.sendCommand(["quit"])
            } else {
                XCTAssertTrue(try player.client.command("loadfile", .string(fixture.server.url("clip.mp4"))).isSuccess)
            }
            _ = poll(timeout: .seconds(10), interval: 0.01) { kill(running, 0) != 0 }
            XCTAssertNotEqual(kill(running, 0), 0, "yt-dlp still runs after \(action)")
            print("yt-dlp ended \(String(format: "%.3f", seconds(since: asked))) s after \(action)")
            if action == "loadfile" {
                let path = try player.waitFor("path") { $0.string == fixture.server.url("clip.mp4") }
                XCTAssertNotNil(path)
                try player.waitFor("duration") { $0.number != nil }
            } else {
                XCTAssertFalse(player.process.waitForExit(timeout: .seconds(10)).timedOut)
            }
        }
    }
}

private extension IPCJSON {
    /// An array's elements; none for anything else.
    var elements: [IPCJSON] {
        if case .array(let values) = self { return values }
        return []
    }
}

private extension FileManager {
    func copyItem(atPath source: String, toPath destination: String, replacingExisting: Bool) throws {
        if replacingExisting { try? removeItem(atPath: destination) }
        try copyItem(atPath: source, toPath: destination)
    }
}
