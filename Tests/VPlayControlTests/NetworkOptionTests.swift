import VPlayCore
import XCTest
@testable import VPlayControl

final class NetworkOptionTests: XCTestCase {
    private func parse(_ arguments: String...) throws -> PlayerOptions {
        try OptionParser.parse(arguments + ["http://h/a.mp4"]).player
    }

    func testDefaultsAreMPVs() throws {
        let options = try parse()
        XCTAssertEqual(options.network.timeout, 60)
        XCTAssertTrue(options.network.verifiesTLS)
        XCTAssertEqual(options.cache.mode, .auto)
        XCTAssertEqual(options.cache.maxBytes, 150 << 20)
        XCTAssertEqual(options.cache.maxBackBytes, 50 << 20)
        XCTAssertTrue(options.cache.pausesWhenEmpty)
        XCTAssertEqual(options.cache.pauseWait, 1)
        XCTAssertTrue(options.cache.isEnabled(for: .network))
        XCTAssertFalse(options.cache.isEnabled(for: .local))
    }

    func testNetworkOptions() throws {
        let options = try parse("--user-agent=UA", "--referrer", "https://r/", "--http-header-fields=X-A: 1,X-B: 2",
                                "--network-timeout=5", "--tls-verify=no", "--tls-ca-file=/ca.pem")
        XCTAssertEqual(options.network.userAgent, "UA")
        XCTAssertEqual(options.network.referrer, "https://r/")
        XCTAssertEqual(options.network.headerFields, ["X-A: 1", "X-B: 2"])
        XCTAssertEqual(options.network.timeout, 5)
        XCTAssertFalse(options.network.verifiesTLS)
        XCTAssertEqual(options.network.tlsCAFile, "/ca.pem")
    }

    func testCacheOptions() throws {
        let options = try parse("--cache=yes", "--demuxer-max-bytes=20MiB", "--demuxer-max-back-bytes=512KiB",
                                "--cache-secs=30", "--cache-pause=no", "--cache-pause-wait=2.5")
        XCTAssertEqual(options.cache.mode, .yes)
        XCTAssertEqual(options.cache.maxBytes, 20 << 20)
        XCTAssertEqual(options.cache.maxBackBytes, 512 << 10)
        XCTAssertEqual(options.cache.readAheadSeconds, 30)
        XCTAssertFalse(options.cache.pausesWhenEmpty)
        XCTAssertEqual(options.cache.pauseWait, 2.5)
        XCTAssertTrue(options.cache.isEnabled(for: .local))
    }

    func testBadValuesNameTheOption() {
        XCTAssertThrowsError(try parse("--cache=maybe")) { XCTAssertTrue("\($0)".contains("--cache")) }
        XCTAssertThrowsError(try parse("--demuxer-max-bytes=lots")) { XCTAssertTrue("\($0)".contains("--demuxer-max-bytes")) }
        XCTAssertThrowsError(try parse("--network-timeout=0"))
        XCTAssertThrowsError(try parse("--http-header-fields=no colon"))
    }

    func testByteSizes() {
        XCTAssertEqual(ValueText.byteSize("1048576"), 1 << 20)
        XCTAssertEqual(ValueText.byteSize("1.5MiB"), 3 << 19)
        XCTAssertEqual(ValueText.byteSize("2G"), 2 << 30)
        XCTAssertEqual(ValueText.byteSize("64k"), 64 << 10)
        XCTAssertNil(ValueText.byteSize("-1MiB"))
        XCTAssertNil(ValueText.byteSize("MiB"))
    }
}
