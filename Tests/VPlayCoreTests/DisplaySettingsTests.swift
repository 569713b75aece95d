import XCTest
@testable import VPlayCore

/// The picture's properties: values read as mpv writes them, absurd ones refused or clamped.
final class DisplaySettingsTests: XCTestCase {
    private func set(_ name: String, _ value: PropertyValue, in state: PlayerState = PlayerState()) throws -> PlayerCommand {
        try PropertyRegistry.property(named: name).command(setting: value, in: state)
    }

    private func assertRefused(_ name: String, _ value: PropertyValue, in state: PlayerState = PlayerState(),
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try set(name, value, in: state), "\(name)=\(value) was taken", file: file, line: line)
    }

    func testAbsurdValuesAreRefused() {
        assertRefused("video-zoom", .number(1000))
        assertRefused("video-pan-x", .number(-50))
        assertRefused("video-rotate", .integer(45))
        assertRefused("video-rotate", .text("sideways"))
        assertRefused("video-aspect-override", .text("0:0"))
        assertRefused("video-aspect-override", .text("16:0"))
        assertRefused("video-aspect-override", .text("1000:1"))
        assertRefused("video-crop", .text("10x"))
        assertRefused("video-crop", .text("0x0+1+1"))
        assertRefused("brightness", .integer(101))
        assertRefused("gamma", .number(-1000))
        assertRefused("panscan", .number(2))
        assertRefused("window-scale", .number(0))
        var state = PlayerState()
        (state.videoWidth, state.videoHeight) = (640, 360)
        assertRefused("video-crop", .text("100x100+5000+10"), in: state)
    }

    func testValuesAreReadAsMpvWritesThem() throws {
        XCTAssertEqual(try set("video-rotate", .text("270")), .setDisplay(.rotate(270)))
        XCTAssertEqual(try set("video-aspect-override", .text("16:9")), .setDisplay(.aspectOverride(16.0 / 9)))
        XCTAssertEqual(try set("video-aspect-override", .text("2.35:1")), .setDisplay(.aspectOverride(2.35)))
        XCTAssertEqual(try set("video-aspect-override", .integer(-1)), .setDisplay(.aspectOverride(nil)))
        XCTAssertEqual(try set("video-aspect-override", .number(1.5)), .setDisplay(.aspectOverride(1.5)))
        XCTAssertEqual(try set("video-crop", .text("320x240+10+20")),
                       .setDisplay(.crop(VideoCrop(width: 320, height: 240, x: 10, y: 20))))
        XCTAssertEqual(try set("video-crop", .text("")), .setDisplay(.crop(nil)))
        XCTAssertEqual(try set("contrast", .text("-40")), .setDisplay(.equalizer(.contrast, -40)))
        XCTAssertEqual(try set("ontop", .flag(true)), .setWindow(.onTop(true)))
    }

    func testStepsStayInRangeAndCyclesGoRound() throws {
        var state = PlayerState()
        state.display.zoom = 19.95
        let zoom = try PropertyRegistry.property(named: "video-zoom").command(adjusting: .add(0.1), in: state)
        XCTAssertEqual(zoom, .setDisplay(.zoom(20)))
        state.display.equalizer.brightness = 100
        let brightness = try PropertyRegistry.property(named: "brightness").command(adjusting: .add(1), in: state)
        XCTAssertEqual(brightness, .setDisplay(.equalizer(.brightness, 100)))
        var aspects: [Double?] = []
        for _ in 0..<4 {
            let command = try PropertyRegistry.property(named: "video-aspect-override").command(adjusting: .cycle(up: true), in: state)
            guard case .setDisplay(.aspectOverride(let ratio)) = command else { return XCTFail("\(command)") }
            aspects.append(ratio)
            state.display = state.display.with(.aspectOverride(ratio))
        }
        XCTAssertEqual(aspects, [16.0 / 9, 4.0 / 3, 2.35, nil])
        state.display.rotate = 270
        XCTAssertEqual(try PropertyRegistry.property(named: "video-rotate").command(adjusting: .cycle(up: true), in: state),
                       .setDisplay(.rotate(0)))
    }

    func testTheStoreKeepsThePictureSettingsForTheNextFile() {
        var settings = Settings(options: PlayerOptions())
        settings.record(.setDisplay(.zoom(1)))
        settings.record(.setDisplay(.equalizer(.gamma, 30)))
        settings.record(.setWindow(.onTop(true)))
        let next = settings.seeding(PlayerOptions())
        XCTAssertEqual(next.display.zoom, 1)
        XCTAssertEqual(next.display.equalizer.gamma, 30)
        XCTAssertTrue(next.windowSettings.isOnTop)
        settings.record(.setDisplay(.resetView))
        XCTAssertEqual(settings.display.zoom, 0)
        XCTAssertEqual(settings.display.equalizer.gamma, 30, "Alt+BS leaves the colours alone")
    }

    func testVideoFilterListSplitsTheChainAsMpvsVfDoes() {
        XCTAssertEqual(FilterListText.entries("hflip, scale=640:-2"), ["hflip", "scale=640:-2"])
        XCTAssertEqual(FilterListText.entries("scale=w='320+mod(n\\,8)':h=180,negate"), ["scale=w='320+mod(n\\,8)':h=180", "negate"])
        XCTAssertEqual(FilterListText.entries("drawtext=text='a,b'"), ["drawtext=text='a,b'"])
        var picture = PictureSettings().with(.set("hflip,negate"))
        XCTAssertEqual(picture.videoFilters, ["hflip", "negate"])
        picture = picture.with(.add("vflip")).with(.remove("hflip"))
        XCTAssertEqual(picture.videoFilters, ["negate", "vflip"])
        XCTAssertEqual(picture.with(.clear).videoFilters, [])
        XCTAssertEqual(Settings.resolve(.changeVideoFilters(.add("hflip")), in: PlayerState()),
                       .setPicture(PictureSettings().with(.set("hflip"))))
    }

    func testCropTextRoundTrips() {
        XCTAssertEqual(VideoCrop("640x360+8+6")?.description, "640x360+8+6")
        XCTAssertEqual(VideoCrop("640x360")?.description, "640x360")
        for bad in ["", "x", "640", "640x", "-5x5", "5x5+1", "5x5+1+-1", "axb+1+1"] {
            XCTAssertNil(VideoCrop(bad), bad)
        }
    }
}
