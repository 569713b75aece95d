@testable import VPlayControl
import Foundation
import Synchronization
import VPlayCore
import XCTest

/// The Open dialog without a desktop: which chooser answers, what zenity is asked and how its
/// answer is read, and the commands a choice becomes.
final class FileChooserTests: XCTestCase {
    /// A chooser that answers at once with a fixed choice and counts how often it was asked.
    private final class Answering: FileChooser {
        let choice: FileChoice
        let asked = Atomic(0)
        init(_ choice: FileChoice) { self.choice = choice }
        func chooseFiles(done: @escaping @Sendable (FileChoice) -> Void) {
            asked.add(1, ordering: .relaxed)
            done(choice)
        }
    }

    private func answer(of chooser: any FileChooser) -> FileChoice? {
        let result = Mutex<FileChoice?>(nil)
        chooser.chooseFiles { choice in result.withLock { $0 = choice } }
        return result.withLock { $0 }
    }

    func testTheChainAsksTheNextOnlyWhenOneCannotBeShown() {
        let portal = Answering(.unavailable), zenity = Answering(.chosen(["/a.mkv"])), last = Answering(.cancelled)
        XCTAssertEqual(answer(of: FileChooserChain([portal, zenity, last])), .chosen(["/a.mkv"]))
        XCTAssertEqual(last.asked.load(ordering: .relaxed), 0)
        let cancelling = Answering(.cancelled)
        XCTAssertEqual(answer(of: FileChooserChain([cancelling, zenity])), .cancelled, "a cancel is an answer")
        XCTAssertEqual(zenity.asked.load(ordering: .relaxed), 1)
        XCTAssertEqual(answer(of: FileChooserChain([portal])), .unavailable)
        XCTAssertEqual(answer(of: FileChooserChain([])), .unavailable)
    }

    func testZenityIsAskedForSeveralFilesWithTheFilters() {
        let arguments = ZenityFileChooser.arguments
        XCTAssertTrue(arguments.contains("--file-selection"))
        XCTAssertTrue(arguments.contains("--multiple"))
        XCTAssertTrue(arguments.contains("--separator=\n"))
        let filters = arguments.filter { $0.hasPrefix("--file-filter=") }
        XCTAssertEqual(filters.map { $0.split(separator: "|").first?.dropFirst("--file-filter=".count)
            .trimmingCharacters(in: .whitespaces) }, ["Video", "Audio", "Subtitles", "All files"])
        XCTAssertTrue(filters[0].contains("*.mkv"))
        XCTAssertTrue(filters[2].contains("*.srt"))
        XCTAssertTrue(filters[3].hasSuffix("| *"))
    }

    func testZenitysAnswerIsOnePathALine() {
        XCTAssertEqual(ZenityFileChooser.files(in: "/films/a b.mkv\n/films/c.mp4\n"), ["/films/a b.mkv", "/films/c.mp4"])
        XCTAssertEqual(ZenityFileChooser.files(in: ""), [])
    }

    func testNoZenityOnThePathCannotBeShown() {
        XCTAssertEqual(answer(of: ZenityFileChooser(path: "/nonexistent")), .unavailable)
    }

    func testAChoiceBecomesTheCommandEveryControlSurfaceSends() {
        let channel = PlayerChannel()
        OpenDialog(chooser: Answering(.chosen(["/a.mkv", "/b.mkv"])), channel: channel).show()
        XCTAssertEqual(channel.takeCommands(), [.openFiles(["/a.mkv", "/b.mkv"])])
        OpenDialog(chooser: Answering(.chosen(["/a.srt", "/a.en.ass"])), channel: channel).show()
        XCTAssertEqual(channel.takeCommands(), [.addSubtitleFile(SubtitleFileRequest(path: "/a.srt"), .select),
                                                .addSubtitleFile(SubtitleFileRequest(path: "/a.en.ass"), .select)],
                       "subtitles alone join the video playing")
        OpenDialog(chooser: Answering(.chosen(["/b.mkv", "/b.srt"])), channel: channel).show()
        XCTAssertEqual(channel.takeCommands(), [.openFiles(["/b.mkv"])])
        OpenDialog(chooser: Answering(.cancelled), channel: channel).show()
        XCTAssertEqual(channel.takeCommands(), [])
        OpenDialog(chooser: Answering(.unavailable), channel: channel).show()
        XCTAssertEqual(channel.takeCommands(), [.showText(FileChooserChain.unavailableMessage, seconds: 5)])
    }
}
