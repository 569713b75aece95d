import CFFmpeg
import TestSupport
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

/// Removing an added file (`audio-remove`): its number stays taken, it is read no more, and
/// once the reader lets go of it nothing keeps it open.
final class DemuxerInputRemovalTests: XCTestCase {
    func testARemovedInputKeepsItsNumberAndTheNextOneGetsANewOne() throws {
        let video = try MediaFile(path: MediaFactory.clip(.silentVideo(seconds: 2)).path, options: PlayerOptions())
        let sound = try MediaFile(path: MediaFactory.clip(.pitchStepsSound(seconds: 2)).path, options: PlayerOptions())
        var inputs = DemuxerInputs(main: video, added: [sound])
        inputs.remove(1)
        XCTAssertNil(inputs.slots[1])
        XCTAssertEqual(inputs.files.count, 1)
        XCTAssertEqual(inputs.append(sound), 2, "a removed file's number is not given again")
        XCTAssertTrue(inputs.file(containing: DemuxerInputs.index(input: 2, local: 0)) === sound)
        inputs.remove(0)
        XCTAssertTrue(inputs.main === video, "the main file is never removed")
    }

    func testARemovedInputIsReadNoMoreAndClosesOnceLetGo() throws {
        let video = try MediaFile(path: MediaFactory.clip(.silentVideo(seconds: 2)).path, options: PlayerOptions())
        var sound: MediaFile? = try MediaFile(path: MediaFactory.clip(.pitchStepsSound(seconds: 2)).path, options: PlayerOptions())
        weak let removed = sound
        let reader = InterleavedReader(DemuxerInputs(main: video, added: [sound!]))
        sound = nil
        reader.routed = [0, 1]
        let packet = Packet()
        var read = Set<Int>()
        for _ in 0..<20 {
            guard case .packet(let index) = reader.read(into: packet) else { break }
            read.insert(DemuxerInputs.locate(index).input)
            av_packet_unref(packet.pointer)
        }
        XCTAssertEqual(read, [0, 1], "both files are read")

        reader.remove(1)
        XCTAssertNil(removed, "the removed file is still open")
        read.removeAll()
        for _ in 0..<20 {
            guard case .packet(let index) = reader.read(into: packet) else { break }
            read.insert(DemuxerInputs.locate(index).input)
            av_packet_unref(packet.pointer)
        }
        XCTAssertEqual(read, [0], "only the main file is read after the removal")
    }
}
