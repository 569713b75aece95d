import XCTest
@testable import VPlayCore

/// `play-dir` is a setting (mpv's option): set once, it holds for the files after.
final class PlayDirectionSettingTests: XCTestCase {
    func testTheDirectionIsKeptForTheNextFile() throws {
        var settings = Settings(options: PlayerOptions())
        XCTAssertEqual(settings.playDirection, .forward)
        let command = try PropertyRegistry.property(named: "play-dir").command(adjusting: .cycle(up: true), in: PlayerState())
        XCTAssertEqual(command, .setPlayDirection(.backward))
        XCTAssertTrue(settings.record(command))
        XCTAssertEqual(settings.seeding(PlayerOptions()).playDirection, .backward, "the next file starts backward")
        XCTAssertEqual(settings.differences(from: PlayerState()), [.setPlayDirection(.backward)])
        var state = PlayerState()
        settings.publish(into: &state)
        XCTAssertEqual(PropertyRegistry.all.first { $0.name == "play-dir" }?.value(in: state), .text("backward"))
    }

    func testOnlyTheTwoDirectionsAreAccepted() throws {
        let property = try PropertyRegistry.property(named: "play-dir")
        XCTAssertEqual(try property.command(setting: .text("forward"), in: PlayerState()), .setPlayDirection(.forward))
        XCTAssertThrowsError(try property.command(setting: .text("sideways"), in: PlayerState()))
    }
}
