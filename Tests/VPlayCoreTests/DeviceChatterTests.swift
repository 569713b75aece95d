import Foundation
import XCTest
@testable import VPlayCore

/// What stays of stderr written while a hardware device opens without `-v`.
final class DeviceChatterTests: XCTestCase {
    func testDropsOnlyTheDeviceLibrariesOwnLines() {
        func kept(_ text: String) -> String { String(decoding: DeviceChatter.kept(from: Data(text.utf8)), as: UTF8.self) }
        let vdpau = "Failed to open VDPAU backend libvdpau_nvidia.so: cannot open shared object file: No such file or directory\n"
        XCTAssertEqual(kept(vdpau), "")
        XCTAssertEqual(kept("vplay: other thread\n" + vdpau + "vplay: more\n"), "vplay: other thread\nvplay: more\n")
        XCTAssertEqual(kept("no newline yet"), "no newline yet")
        XCTAssertEqual(kept(""), "")
    }
}
