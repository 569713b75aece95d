import XCTest
@testable import VPlayCore

/// The audio delay as a setting: each output device keeps its own, and the store keeps it for
/// the next file.
final class AudioSettingsTests: XCTestCase {
    func testEachDeviceKeepsItsOwnDelay() {
        var settings = AudioSettings.starting(delay: 0, device: AudioSettings.automaticDevice)
        settings = settings.with(.playing("headphones"))
        XCTAssertEqual(settings.delay, 0, "a device never given a delay has the starting one")
        settings = settings.with(.delay(0.2))
        settings = settings.with(.playing("speakers"))
        XCTAssertEqual(settings.delay, 0)
        settings = settings.with(.delay(-0.05))
        settings = settings.with(.playing("headphones"))
        XCTAssertEqual(settings.delay, 0.2, "the headphones' delay comes back with them")
        settings = settings.with(.playing("speakers"))
        XCTAssertEqual(settings.delay, -0.05)
        settings = settings.with(.playing("hdmi")).with(.device(AudioSettings.automaticDevice))
        XCTAssertEqual(settings.delay, 0)
        XCTAssertEqual(settings.device, AudioSettings.automaticDevice)
    }

    func testADelayIsKeptWithinItsRange() {
        let settings = AudioSettings()
        XCTAssertEqual(settings.with(.delay(600)).delay, AudioSettings.delayRange.upperBound)
        XCTAssertEqual(settings.with(.delay(-10)).delay, -10)
        XCTAssertEqual(settings.with(.delay(0.1)).message(for: .delay(0.1)), "A-V delay: 100 ms")
        XCTAssertEqual(settings.with(.delay(-0.3)).message(for: .delay(-0.3)), "A-V delay: -300 ms")
    }

    func testTheStoreKeepsTheDelayForTheNextFile() {
        var options = PlayerOptions()
        options.audio = AudioSettings.starting(delay: 0.1, device: AudioSettings.automaticDevice)
        var store = Settings(options: options)
        var state = PlayerState()
        store.publish(into: &state)
        let step = Settings.resolve(.adjust(property: "audio-delay", .add(0.1)), in: state)
        XCTAssertEqual(step, .setAudio(.delay(0.1 + 0.1)))
        store.record(step!)
        XCTAssertEqual(store.seeding(PlayerOptions()).audio.delay, 0.2, accuracy: 1e-9)
        var fileState = PlayerState()
        fileState.audio = options.audio
        XCTAssertEqual(store.differences(from: fileState), [.setAudio(.delay(store.audio.delay))])
    }
}
