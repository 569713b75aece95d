@testable import VPlayCore
import XCTest

/// How one demuxer numbers the streams of several files and picks which file to read next.
final class DemuxerInputsTests: XCTestCase {
    func testEachInputsStreamsHaveIndicesOfTheirOwn() {
        XCTAssertEqual(DemuxerInputs.index(input: 0, local: 3), 3, "the main file keeps its numbering")
        let added = DemuxerInputs.index(input: 2, local: 1)
        XCTAssertEqual(DemuxerInputs.locate(added).input, 2)
        XCTAssertEqual(DemuxerInputs.locate(added).local, 1)
        XCTAssertEqual(DemuxerInputs.locate(5).input, 0)
        XCTAssertEqual(DemuxerInputs.locate(5).local, 5)
        XCTAssertLessThan(DemuxerInputs.index(input: 64, local: DemuxerInputs.streamSpacing - 1), Player.subtitleFileStreamBase,
                          "an added file's streams would be taken for a subtitle file's")
    }

    func testTheEarliestPacketGoesFirst() {
        XCTAssertEqual(DemuxerInputs.next(among: [1.0, 0.5]), 1)
        XCTAssertEqual(DemuxerInputs.next(among: [0.2, 0.5, 0.3]), 0)
        XCTAssertEqual(DemuxerInputs.next(among: [0.5, 0.5]), 0, "a tie goes to the earlier input")
    }

    func testInputsWithNothingHeldAreSkippedAndUntimedPacketsGoAtOnce() {
        XCTAssertEqual(DemuxerInputs.next(among: [nil, 3.0]), 1, "an input at its end")
        XCTAssertNil(DemuxerInputs.next(among: [nil, nil]), "every input at its end")
        XCTAssertEqual(DemuxerInputs.next(among: [0.1, .nan]), 1, "a packet without a time waits for nothing")
    }
}
