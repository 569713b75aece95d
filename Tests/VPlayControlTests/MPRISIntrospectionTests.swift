import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import VPlayControl

/// What `Introspect` tells generic clients (busctl, d-feet): every property with its D-Bus
/// type and access, in well-formed XML.
final class MPRISIntrospectionTests: XCTestCase {
    func testEveryPropertyIsListedWithItsTypeAndAccess() {
        let xml = MPRISIntrospection.xml
        XCTAssertTrue(xml.contains(#"<property name="Rate" type="d" access="readwrite"/>"#), xml)
        XCTAssertTrue(xml.contains(#"<property name="Metadata" type="a{sv}" access="read"/>"#), xml)
        XCTAssertTrue(xml.contains(#"<property name="Position" type="x" access="read"><annotation name="org.freedesktop.DBus.Property.EmitsChangedSignal" value="false"/></property>"#), xml)
        XCTAssertTrue(xml.contains(#"<property name="Identity" type="s" access="read"><annotation name="org.freedesktop.DBus.Property.EmitsChangedSignal" value="const"/></property>"#), xml)
        for property in MPRISProperties.all {
            XCTAssertTrue(xml.contains("<property name=\"\(property.name)\""), "\(property.name) missing")
        }
    }

    func testTheDocumentIsWellFormed() {
        let parser = XMLParser(data: Data(MPRISIntrospection.xml.utf8))
        XCTAssertTrue(parser.parse(), "\(String(describing: parser.parserError))")
    }
}
