import VPlayCore
import XCTest
@testable import VPlayControl

/// `--audio-delay` and the property of the same name.
final class AudioOptionTests: XCTestCase {
    private func parse(_ arguments: String...) throws -> LaunchOptions {
        try OptionParser.parse(arguments + ["a.mp4"])
    }

    func testAudioDelayOptionTakesSecondsWithinTheRange() throws {
        XCTAssertEqual(try parse().player.audio.delay, 0)
        XCTAssertEqual(try parse("--audio-delay=0.2").player.audio.delay, 0.2)
        XCTAssertEqual(try parse("--audio-delay", "-10").player.audio.delay, -10)
        XCTAssertEqual(try parse("--audio-delay=10").player.audio.delay(for: "some-device"), 10,
                       "a device never given a delay gets the one the run started with")
        for refused in ["600", "-600", "soon"] {
            XCTAssertThrowsError(try parse("--audio-delay=\(refused)"), refused) { error in
                let message = "\(error)"
                XCTAssertTrue(message.contains("audio-delay") && message.contains(refused), message)
            }
        }
    }

    func testAudioDelayPropertySetsAndAddsFromTheLiveValue() throws {
        let property = try PropertyRegistry.property(named: "audio-delay")
        var state = PlayerState()
        XCTAssertEqual(property.value(in: state), .number(0))
        XCTAssertEqual(try property.command(setting: .number(-10), in: state), .setAudio(.delay(-10)))
        XCTAssertThrowsError(try property.command(setting: .number(600), in: state)) { error in
            XCTAssertEqual(error as? PropertyError, .outOfRange(AudioSettings.delayRange))
        }
        state.audio = state.audio.with(.delay(0.2))
        XCTAssertEqual(try property.command(adjusting: .add(0.1), in: state), .setAudio(.delay(0.2 + 0.1)))
    }
}
