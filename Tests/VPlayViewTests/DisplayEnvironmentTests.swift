import VPlayView
import XCTest

final class DisplayEnvironmentTests: XCTestCase {
    private func missing(_ variables: [String: String]) -> String? {
        DisplayEnvironment.missingDisplay { variables[$0] }
    }

    func testX11NeedsDISPLAY() {
        XCTAssertNil(missing(["DISPLAY": ":1"]))
        XCTAssertNil(missing(["DISPLAY": ":1", "SDL_VIDEODRIVER": "x11"]))
        XCTAssertEqual(missing([:]), "DISPLAY is not set")
        XCTAssertEqual(missing(["DISPLAY": ""]), "DISPLAY is not set")
        XCTAssertEqual(missing(["SDL_VIDEODRIVER": "x11", "WAYLAND_DISPLAY": "wayland-0"]), "DISPLAY is not set")
    }

    func testWaylandNeedsWAYLAND_DISPLAY() {
        XCTAssertNil(missing(["WAYLAND_DISPLAY": "wayland-0"]))
        XCTAssertNil(missing(["SDL_VIDEODRIVER": "wayland", "WAYLAND_DISPLAY": "wayland-0"]))
        XCTAssertEqual(missing(["SDL_VIDEODRIVER": "wayland", "DISPLAY": ":1"]), "WAYLAND_DISPLAY is not set")
    }

    func testOtherDriversNeedNoDisplayServer() {
        XCTAssertNil(missing(["SDL_VIDEODRIVER": "offscreen"]))
        XCTAssertNil(missing(["SDL_VIDEODRIVER": "kmsdrm"]))
    }
}
