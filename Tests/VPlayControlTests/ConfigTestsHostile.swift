import Foundation
import XCTest
@testable import VPlayControl

/// Reading the files from disk, and files that are broken or hostile: each is reported in a
/// line or a few and ignored, never trusted.
final class ConfigTestsHostile: XCTestCase {
    private var root: URL!
    private var environment: [String: String] { ["XDG_CONFIG_HOME": root.path, "HOME": "/nonexistent"] }
    private var configPath: String { root.path + "/vplay/vplay.conf" }
    private var inputPath: String { root.path + "/vplay/input.conf" }

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("vplay-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("vplay"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    private func write(_ text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }

    func testMissingFilesGiveNothingAndSayNothing() {
        let settings = ConfigFile.load(environment: environment)
        XCTAssertEqual(settings.arguments, [])
        XCTAssertEqual(settings.warnings, [])
        let input = InputConf.load(environment: environment)
        XCTAssertTrue(input.bindings.isEmpty)
        XCTAssertEqual(input.warnings, [])
    }

    func testLoadingRealFiles() throws {
        try write("# settings\nvolume=70\nfs\nbogus\n", to: configPath)
        try write("q ignore\nRIGHT seek 5\nF13 quit\n", to: inputPath)
        let settings = ConfigFile.load(environment: environment)
        XCTAssertEqual(settings.arguments, ["--volume=70", "--fs"])
        XCTAssertEqual(settings.warnings, ["vplay: \(configPath):4: unknown option 'bogus'"])
        let input = InputConf.load(environment: environment)
        XCTAssertEqual(input.bindings.lookup(InputKey(character: "q")!, isRepeat: false), .ignored)
        XCTAssertEqual(input.bindings.lookup(InputKey(.right), isRepeat: false), .command(.seek(.relative(5), .exact)))
        XCTAssertEqual(input.warnings, ["vplay: \(inputPath):3: unknown key 'F13'"])
    }

    func testBinaryGarbageIsRejectedWhole() throws {
        var generator = SystemRandomNumberGenerator()
        // Invalid UTF-8 (lone continuation bytes), without NULs.
        let garbage = (0..<4096).map { _ in UInt8.random(in: 0x80...0xBF, using: &generator) }
        try write(garbage, to: configPath)
        try write(garbage, to: inputPath)
        XCTAssertEqual(ConfigFile.load(environment: environment).warnings, ["vplay: \(configPath): not UTF-8 text; ignored"])
        XCTAssertEqual(ConfigFile.load(environment: environment).arguments, [])
        XCTAssertEqual(InputConf.load(environment: environment).warnings, ["vplay: \(inputPath): not UTF-8 text; ignored"])
    }

    func testNULBytesRejectTheFile() throws {
        try write(Array("fs\nvolume=70\0\nspeed=2\n".utf8), to: configPath)
        let settings = ConfigFile.load(environment: environment)
        XCTAssertEqual(settings.arguments, [])
        XCTAssertEqual(settings.warnings, ["vplay: \(configPath): not a text file (it contains NUL bytes); ignored"])
        // The strict form says the same for text that holds a NUL.
        XCTAssertThrowsError(try InputConf.bindings(fromContentsOf: "q quit\0", file: "f")) { error in
            XCTAssertEqual((error as? ConfigError)?.description, "vplay: f: not a text file (it contains NUL bytes); ignored")
        }
    }

    func testFilesOverOneMiBAreRejectedUnread() throws {
        let big = String(repeating: "fs\n", count: (2 << 20) / 3 + 1)
        try write(big, to: configPath)
        try write(big, to: inputPath)
        XCTAssertEqual(ConfigFile.load(environment: environment), ConfigFile.Settings(file: configPath, problems: [
            ConfigError(file: configPath, line: nil, reason: "larger than 1 MiB; ignored"),
        ]))
        XCTAssertEqual(InputConf.load(environment: environment).warnings, ["vplay: \(inputPath): larger than 1 MiB; ignored"])
        XCTAssertThrowsError(try ConfigFile.arguments(fromContentsOf: big, file: "f"))
    }

    func testAFileOfExactlyOneMiBIsRead() throws {
        // 1 MiB of comment lines, every one looked at, quickly.
        let line = "# " + String(repeating: "x", count: 61) + "\n"
        let text = String(repeating: line, count: (1 << 20) / line.utf8.count - 1) + "fs\n"
        try write(text + String(repeating: "\n", count: (1 << 20) - text.utf8.count), to: configPath)
        let started = Date()
        let settings = ConfigFile.load(environment: environment)
        XCTAssertEqual(settings.arguments, ["--fs"])
        XCTAssertEqual(settings.warnings, [])
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
    }

    func testFullFilesOfValidLinesAreReadQuickly() throws {
        // The worst case for time: every line goes through the option parser or the command mapper.
        let options = String(repeating: "volume=70\n", count: (1 << 20) / 10)
        let keys = String(repeating: "a seek 5\n", count: (1 << 20) / 9)
        let started = Date()
        XCTAssertEqual(ConfigFile.parse(Array(options.utf8), file: "f").arguments, ["--volume=70"])
        XCTAssertEqual(InputConf.parse(Array(keys.utf8), file: "f").bindings.count, (1 << 20) / 9)
        XCTAssertLessThan(Date().timeIntervalSince(started), 20)
    }

    func testAVeryLongLineIsIgnoredAndTheOthersKept() throws {
        try write("fs\ntitle=" + String(repeating: "x", count: 100_000) + "\nvolume=70\n", to: configPath)
        let settings = ConfigFile.load(environment: environment)
        XCTAssertEqual(settings.arguments, ["--fs", "--volume=70"])
        XCTAssertEqual(settings.warnings, ["vplay: \(configPath):2: line longer than 4096 bytes; ignored"])

        try write("q quit\na show-text " + String(repeating: "y", count: 5000) + "\n", to: inputPath)
        let (bindings, problems) = InputConf.load(path: inputPath)
        XCTAssertEqual(bindings.count, 1)
        XCTAssertEqual(problems.map(\.line), [2])
    }

    func testTerminalEscapesNeverReachTheMessage() throws {
        // An ESC sequence in a line: the line is refused without echoing it.
        try write("\u{1B}]0;owned\u{7}=1\nfs\n", to: configPath)
        let settings = ConfigFile.load(environment: environment)
        XCTAssertEqual(settings.arguments, ["--fs"])
        XCTAssertEqual(settings.warnings, ["vplay: \(configPath):1: control characters in the line; ignored"])
        // Bidi overrides and other invisible characters are escaped when a name is echoed.
        XCTAssertEqual(ConfigFile.parse(Array("bog\u{202E}us\n".utf8), file: "f").warnings, ["vplay: f:1: unknown option 'bog\\u{202e}us'"])
        XCTAssertEqual(InputConf.parse(Array("a\u{200B}b quit\n".utf8), file: "f").problems.map(\.description), ["vplay: f:1: unknown key 'a\\u{200b}b'"])
        // Echoed text is cut short.
        let long = String(repeating: "z", count: 500)
        let warning = ConfigFile.parse(Array(long.utf8), file: "f").warnings.first ?? ""
        XCTAssertLessThan(warning.count, 120)
        XCTAssertTrue(warning.hasSuffix("…'"), warning)
    }

    func testManyBadLinesAreCountedNotAllPrinted() throws {
        try write(String(repeating: "bogus\n", count: 10_000), to: configPath)
        let warnings = ConfigFile.load(environment: environment).warnings
        XCTAssertEqual(warnings.count, ConfigText.maximumReportedProblems + 1)
        XCTAssertEqual(warnings.last, "vplay: \(configPath): 9980 more problems not shown")
    }

    func testNotARegularFile() throws {
        // A directory, and a FIFO that would block a plain read forever.
        try FileManager.default.createDirectory(atPath: configPath, withIntermediateDirectories: true)
        XCTAssertEqual(ConfigFile.load(environment: environment).warnings, ["vplay: \(configPath): not a regular file; ignored"])
        XCTAssertEqual(mkfifo(inputPath, 0o600), 0)
        XCTAssertEqual(InputConf.load(environment: environment).warnings, ["vplay: \(inputPath): not a regular file; ignored"])
        // A link to a device is judged by what it points to.
        try FileManager.default.removeItem(atPath: configPath)
        try FileManager.default.createSymbolicLink(atPath: configPath, withDestinationPath: "/dev/zero")
        XCTAssertEqual(ConfigFile.load(environment: environment).warnings, ["vplay: \(configPath): not a regular file; ignored"])
    }

    func testUnreadableFileIsReported() throws {
        guard getuid() != 0 else { throw XCTSkip("root reads everything") }
        try write("fs\n", to: configPath)
        chmod(configPath, 0)
        XCTAssertEqual(ConfigFile.load(environment: environment).warnings, ["vplay: \(configPath): cannot read: Permission denied"])
    }
}
