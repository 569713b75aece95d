import Foundation
import TestSupport
import XCTest
@testable import VPlayCore

/// mpv's `--af` text and `af` command, and the user's filters in the sound's graph.
final class AudioFilterChainTests: XCTestCase {
    func testEntriesSplitAtCommasOutsideBracketsAndQuotes() {
        XCTAssertEqual(FilterListText.entries("lavfi=[highpass=f=200,loudnorm],equalizer=f=1000:t=q:w=1:g=-10"),
                       ["lavfi=[highpass=f=200,loudnorm]", "equalizer=f=1000:t=q:w=1:g=-10"])
        XCTAssertEqual(FilterListText.entries("@eq:equalizer=f=100:t=q:w=1:g=3, volume='0.5,'"),
                       ["@eq:equalizer=f=100:t=q:w=1:g=3", "volume='0.5,'"])
        XCTAssertEqual(FilterListText.entries(""), [])
    }

    func testEachEntryBecomesLibavfilterGraphText() {
        XCTAssertEqual(AudioFilterChain.graph(of: "lavfi=[loudnorm]"), "loudnorm")
        XCTAssertEqual(AudioFilterChain.graph(of: "lavfi=graph=[highpass=f=200,loudnorm]"), "highpass=f=200,loudnorm")
        XCTAssertEqual(AudioFilterChain.graph(of: "lavfi-volume=0.5"), "volume=0.5")
        XCTAssertEqual(AudioFilterChain.graph(of: "@eq:equalizer=f=1000:t=q:w=1:g=-10"), "equalizer=f=1000:t=q:w=1:g=-10")
        XCTAssertEqual(AudioFilterChain.graph(of: ["lavfi=[loudnorm]", "volume=2"]), "loudnorm,volume=2")
        XCTAssertEqual(AudioFilterChain.graph(of: []), "")
    }

    func testTheAfCommandChangesTheChainAsMpvDoes() {
        let chain = ["@eq:equalizer=f=100:t=q:w=1:g=3", "volume=0.5"]
        XCTAssertEqual(AudioFilterChain.apply("add", "lavfi=[loudnorm]", to: chain), chain + ["lavfi=[loudnorm]"])
        XCTAssertEqual(AudioFilterChain.apply("set", "volume=2", to: chain), ["volume=2"])
        XCTAssertEqual(AudioFilterChain.apply("remove", "volume=0.5", to: chain), ["@eq:equalizer=f=100:t=q:w=1:g=3"])
        XCTAssertEqual(AudioFilterChain.apply("remove", "@eq", to: chain), ["volume=0.5"])
        XCTAssertEqual(AudioFilterChain.apply("toggle", "volume=0.5", to: chain), ["@eq:equalizer=f=100:t=q:w=1:g=3"])
        XCTAssertEqual(AudioFilterChain.apply("toggle", "volume=3", to: chain), chain + ["volume=3"])
        XCTAssertEqual(AudioFilterChain.apply("clr", "", to: chain), [])
        XCTAssertNil(AudioFilterChain.apply("shuffle", "volume=3", to: chain))
        var state = PlayerState()
        state.audio.filters = chain
        XCTAssertEqual(Settings.resolve(.changeAudioFilters(operation: "remove", "@eq"), in: state), .setAudio(.filters(["volume=0.5"])))
    }

    func testAFilterThatCannotBeBuiltIsNamedWithLibavfiltersReason() throws {
        try XCTSkipIf(FilterLibrary.shared == nil, "libavfilter cannot be loaded")
        XCTAssertNil(TempoFilter.problem(with: "equalizer=f=1000:t=q:w=1:g=-10", sampleRate: 48000, channels: 2))
        XCTAssertNil(TempoFilter.problem(with: "highpass=f=200,loudnorm", sampleRate: 48000, channels: 6))
        XCTAssertNotNil(TempoFilter.problem(with: "nosuchfilter", sampleRate: 48000, channels: 2))
        XCTAssertNotNil(TempoFilter.problem(with: "volume=notanumber", sampleRate: 48000, channels: 2))
        XCTAssertNotNil(TempoFilter.problem(with: "asplit", sampleRate: 48000, channels: 2), "two outputs")
    }

    func testTheFiltersShapeTheSoundAtEverySpeed() throws {
        try XCTSkipIf(FilterLibrary.shared == nil, "libavfilter cannot be loaded")
        for tempo in [1.0, 1.5] {
            let plain = try XCTUnwrap(TempoFilter(sampleRate: 48000, channels: 2, tempo: tempo))
            let halved = try XCTUnwrap(TempoFilter(sampleRate: 48000, channels: 2, tempo: tempo, filters: "volume=0.5"))
            func level(_ filter: TempoFilter) -> Double {
                var out: [Int16] = []
                let tone = (0..<48000).flatMap { i -> [Int16] in
                    let v = Int16(8000 * sin(2 * Double.pi * 440 * Double(i) / 48000))
                    return [v, v]
                }
                tone.withUnsafeBytes { bytes in
                    for start in stride(from: 0, to: bytes.count, by: 4096) {
                        filter.process(UnsafeRawBufferPointer(rebasing: bytes[start..<min(bytes.count, start + 4096)])) { chunk in
                            out += chunk.bindMemory(to: Int16.self)
                        }
                    }
                }
                let tail = out.suffix(out.count / 2)
                return (tail.map { Double($0) * Double($0) }.reduce(0, +) / Double(max(1, tail.count))).squareRoot()
            }
            XCTAssertEqual(level(halved) / level(plain), 0.5, accuracy: 0.02, "tempo \(tempo)")
        }
    }

    func testABadFilterIsLeftOutWithOneWarningAndTheSoundPlays() throws {
        let warnings = Locked<[String]>([])
        var options = PlayerOptions()
        options.audio.filters = ["nosuchfilter=1", "volume=0.5"]
        let harness = try EngineHarness(try MediaFactory.clip(.av(seconds: 2)), options: options,
                                        warn: { line in warnings.withLock { $0.append(line) } })
        XCTAssertTrue(harness.run { $0.player.state.eofReached })
        XCTAssertEqual(harness.player.state.audio.filters, ["volume=0.5"])
        XCTAssertEqual(warnings.withLock { $0 }.filter { $0.contains("nosuchfilter") }.count, 1, "\(warnings.withLock { $0 })")
        XCTAssertGreaterThan(harness.sink.audibleSeconds, 1.5, "the sound plays")
        harness.apply(.changeAudioFilters(operation: "add", "alsonot"))
        XCTAssertEqual(harness.player.state.audio.filters, ["volume=0.5"])
        XCTAssertEqual(warnings.withLock { $0 }.filter { $0.contains("alsonot") }.count, 1)
    }
}
