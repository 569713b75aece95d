import Foundation
import TestSupport
import XCTest

/// Certificates are checked by default, for the source and for everything it names (HLS
/// segments on another server included); `--tls-ca-file` trusts an authority, and
/// `--tls-verify=no` skips the check.
final class NetworkTLSTests: XCTestCase {
    func testHTTPSNeedsATrustedCertificate() throws {
        let fixture = try NetworkFixture.shared()
        let url = fixture.server.tlsURL("clip.mp4")
        let refused = try BinaryRunner.run(["--no-video", "--start=9", url], timeout: .seconds(60))
        XCTAssertEqual(refused.status, 1, "an untrusted certificate was accepted: \(refused.errorText)")
        XCTAssertTrue(refused.errorText.hasPrefix("vplay: cannot open '\(url)': "), refused.errorText)
        let trusted = try BinaryRunner.run(["--no-video", "--start=9", "--tls-ca-file=\(fixture.server.certificate.path)", url],
                                           timeout: .seconds(60))
        XCTAssertEqual(trusted.status, 0, trusted.errorText)
        let unchecked = try BinaryRunner.run(["--no-video", "--start=9", "--tls-verify=no", url], timeout: .seconds(60))
        XCTAssertEqual(unchecked.status, 0, unchecked.errorText)
    }

    /// A playlist over plain http naming https segments: the segments' certificate is checked too.
    func testSegmentsOfAPlaylistAreCheckedToo() throws {
        let fixture = try NetworkFixture.shared()
        let url = fixture.server.url("tls-segments.m3u8")
        let refused = try BinaryRunner.run(["--no-video", "--start=9", url], timeout: .seconds(60))
        XCTAssertNotEqual(refused.status, 0, "segments with an untrusted certificate were played")
        let unchecked = try BinaryRunner.run(["--no-video", "--start=9", "--tls-verify=no", url], timeout: .seconds(60))
        XCTAssertEqual(unchecked.status, 0, unchecked.errorText)
    }
}
