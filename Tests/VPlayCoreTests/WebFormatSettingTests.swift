import XCTest
@testable import VPlayCore

/// `ytdl-format`: the option seeds the store, the property sets it, and the pages opened after
/// are resolved with it.
final class WebFormatSettingTests: XCTestCase {
    func testTheOptionSeedsThePropertyAndASetHoldsForTheNextPage() throws {
        var options = PlayerOptions()
        options.web.format = "best"
        var store = Settings(options: options)
        var idle = PlayerState()
        store.publish(into: &idle)
        let property = try PropertyRegistry.property(named: "ytdl-format")
        XCTAssertEqual(property.value(in: idle), .text("best"))

        let command = try property.command(setting: .text("bestvideo[height<=480]+bestaudio"), in: idle)
        XCTAssertEqual(command, .setWebFormat("bestvideo[height<=480]+bestaudio"))
        XCTAssertTrue(store.record(command))
        XCTAssertEqual(store.seeding(options).web.format, "bestvideo[height<=480]+bestaudio")
        XCTAssertEqual(store.differences(from: idle), [.setWebFormat("bestvideo[height<=480]+bestaudio")])
        XCTAssertThrowsError(try property.command(setting: .text(""), in: idle), "an empty format is refused")
    }
}
