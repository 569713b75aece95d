import XCTest
@testable import VPlayControl

final class DBusValueTests: XCTestCase {
    func testSignatures() {
        XCTAssertEqual(DBusValue.int64(1).signature, "x")
        XCTAssertEqual(DBusValue.objectPath("/a").signature, "o")
        XCTAssertEqual(DBusValue.strings([]).signature, "as")
        XCTAssertEqual(DBusValue.variantMap(["a": .boolean(true)]).signature, "a{sv}")
        let filter = DBusValue.structure([.string("Video"), .array(element: "(us)", [.structure([.uint32(1), .string("video/*")])])])
        XCTAssertEqual(filter.signature, "(sa(us))")
        XCTAssertEqual(DBusValue.array(element: filter.signature, [filter]).signature, "a(sa(us))")
    }

    func testReadingLooselyLooksThroughVariants() {
        XCTAssertEqual(DBusValue.variant(.variant(.string("x"))).string, "x")
        XCTAssertEqual(DBusValue.variant(.uint32(7)).integer, 7)
        XCTAssertNil(DBusValue.uint64(.max).integer)
        XCTAssertNil(DBusValue.int32(1).double, "an integer is not a double")
        XCTAssertEqual(DBusValue.variantMap(["k": .string("v")]).entries?["k"], .variant(.string("v")))
    }

    func testTheSessionBusAddress() {
        XCTAssertEqual(DBusConnection.sessionAddress(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/x"]), "unix:path=/x")
        XCTAssertNil(DBusConnection.sessionAddress(environment: [:]))
        XCTAssertNil(DBusConnection.sessionAddress(environment: ["DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": "/nonexistent"]))
    }
}
