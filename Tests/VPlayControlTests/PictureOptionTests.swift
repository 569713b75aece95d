import VPlayCore
import XCTest
@testable import VPlayControl

/// The picture options and the properties of the same names.
final class PictureOptionTests: XCTestCase {
    private func parse(_ arguments: String...) throws -> LaunchOptions {
        try OptionParser.parse(arguments + ["a.mp4"])
    }

    func testDeinterlaceOptionTakesTheModes() throws {
        XCTAssertEqual(try parse().player.picture.deinterlace, .auto)
        XCTAssertEqual(try parse("--deinterlace=yes").player.picture.deinterlace, .yes)
        XCTAssertEqual(try parse("--deinterlace", "no").player.picture.deinterlace, .no)
        XCTAssertThrowsError(try parse("--deinterlace=sometimes"))
    }

    func testDeinterlacePropertySetsAndCyclesFromTheLiveValue() throws {
        let property = try PropertyRegistry.property(named: "deinterlace")
        var state = PlayerState()
        state.path = "a.mp4"
        XCTAssertEqual(property.value(in: state), .text("auto"))
        var expected = PictureSettings()
        expected.deinterlace = .yes
        XCTAssertEqual(try property.command(setting: .text("yes"), in: state), .setPicture(expected))
        XCTAssertEqual(try property.command(setting: .flag(true), in: state), .setPicture(expected))
        XCTAssertThrowsError(try property.command(setting: .text("maybe"), in: state))
        XCTAssertEqual(try property.command(adjusting: .cycle(up: true), in: state), .setPicture(expected))
        state.picture.deinterlace = .no
        expected.deinterlace = .auto
        XCTAssertEqual(try property.command(adjusting: .cycle(up: true), in: state), .setPicture(expected))
        expected.deinterlace = .yes
        XCTAssertEqual(try property.command(adjusting: .cycle(up: false), in: state), .setPicture(expected))
    }

    func testToneMappingAndPeakOptions() throws {
        XCTAssertEqual(try parse().player.picture.toneMapping, .auto)
        XCTAssertEqual(try parse("--tone-mapping=bt.2390").player.picture.toneMapping, .bt2390)
        XCTAssertEqual(try parse("--tone-mapping=hable").player.picture.toneMapping, .hable)
        XCTAssertThrowsError(try parse("--tone-mapping=aces"))
        XCTAssertNil(try parse("--hdr-peak=auto").player.picture.hdrPeak)
        XCTAssertEqual(try parse("--hdr-peak=4000").player.picture.hdrPeak, 4000)
        XCTAssertThrowsError(try parse("--hdr-peak=0"))
        XCTAssertThrowsError(try parse("--hdr-peak=1000000"))
        let property = try PropertyRegistry.property(named: "tone-mapping")
        var state = PlayerState()
        state.path = "a.mp4"
        var expected = PictureSettings()
        expected.toneMapping = .clip
        XCTAssertEqual(try property.command(adjusting: .cycle(up: true), in: state), .setPicture(expected))
    }
}
