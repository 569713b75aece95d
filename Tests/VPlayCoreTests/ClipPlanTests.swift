import XCTest
@testable import VPlayCore

/// Smart-cut planning without files: which packets are copied, which groups are decoded and
/// which pictures encoded again, and the times the clip keeps.
final class ClipPlanTests: XCTestCase {
    /// A stream as encoders make it: `groups` closed groups of `size` pictures, 10 ticks
    /// apart, in decoding order I P B B P B B … (each P before the two B-frames it precedes),
    /// decoding times 20 ticks behind.
    private func stream(groups: Int, size: Int = 7) -> [ClipPlan.Packet] {
        var packets: [ClipPlan.Packet] = []
        for group in 0..<groups {
            let first = group * size
            var order = [first]
            var next = first + 1
            while next < first + size {
                let anchor = min(next + 2, first + size - 1)
                order.append(anchor)
                order.append(contentsOf: (next..<anchor))
                next = anchor + 1
            }
            for picture in order {
                let decodeIndex = packets.count
                packets.append(ClipPlan.Packet(pts: Int64(picture * 10), dts: Int64(decodeIndex * 10 - 20),
                                               isKeyframe: picture == first))
            }
        }
        return packets
    }

    func testAAndBInsideGroupsEncodeTheEndsAndCopyTheMiddle() throws {
        let packets = stream(groups: 5)
        // A at 93 shows picture 9 (90); B at 255: pictures up to 25 (250).
        let plan = try XCTUnwrap(ClipPlan(packets: packets, from: 93, to: 255))
        XCTAssertEqual(plan.start, 90, "the picture showing at A")
        XCTAssertEqual(plan.end, 255)
        XCTAssertEqual(plan.segments, [
            .reencode(decode: 7..<14, keep: 90..<140, delay: 20),
            .copy(14..<21),
            .reencode(decode: 21..<28, keep: 210..<255, delay: 20),
        ])
    }

    /// Without an encoder: from the keyframe before A, in decoding order, to the last picture
    /// before B, with the P-frame after it that its B-frames need.
    func testAKeyframeCutStartsAtTheKeyframeBeforeA() throws {
        let packets = stream(groups: 5)
        let plan = try XCTUnwrap(ClipPlan(keyframeCutOf: packets, from: 93, to: 255))
        XCTAssertEqual(plan.start, 70, "the keyframe before A")
        XCTAssertEqual(plan.segments, [.copy(7..<27)])
        XCTAssertEqual(packets[26].pts, 250, "the last picture before B")
        XCTAssertEqual(packets[25].pts, 270, "the picture it refers to comes with it")
        XCTAssertNil(ClipPlan(keyframeCutOf: packets, from: 93, to: 60), "B before A")
    }

    func testAOnAKeyframeNeedsNoHeadAndBOnOneNoTail() throws {
        let plan = try XCTUnwrap(ClipPlan(packets: stream(groups: 5), from: 70, to: 210))
        XCTAssertEqual(plan.segments, [.copy(7..<21)])
        XCTAssertEqual(plan.start, 70)
    }

    func testAClipInsideOneGroupIsEncodedFromItsKeyframe() throws {
        let plan = try XCTUnwrap(ClipPlan(packets: stream(groups: 3), from: 82, to: 121))
        XCTAssertEqual(plan.segments, [.reencode(decode: 7..<14, keep: 80..<121, delay: 0)])
    }

    func testTheLastGroupIsCopiedWholeWhenTheStreamEndsBeforeB() throws {
        let plan = try XCTUnwrap(ClipPlan(packets: stream(groups: 3), from: 50, to: 1000))
        XCTAssertEqual(plan.segments, [.reencode(decode: 0..<7, keep: 50..<70, delay: 20), .copy(7..<21)])
    }

    func testAHeadRightBeforeAKeyframeStillEncodesItsPicture() throws {
        let plan = try XCTUnwrap(ClipPlan(packets: stream(groups: 3), from: 69, to: 140))
        XCTAssertEqual(plan.segments, [.reencode(decode: 0..<7, keep: 60..<70, delay: 20), .copy(7..<14)])
    }

    func testABeforeTheFirstPictureStartsAtIt() throws {
        let plan = try XCTUnwrap(ClipPlan(packets: stream(groups: 2).map {
            ClipPlan.Packet(pts: $0.pts + 1000, dts: $0.dts + 1000, isKeyframe: $0.isKeyframe)
        }, from: 0, to: 1070))
        XCTAssertEqual(plan.start, 1000)
        XCTAssertEqual(plan.segments, [.copy(0..<7)])
    }

    func testNoPlanWithoutAKeyframeOrWithBBeforeA() {
        var packets = stream(groups: 2)
        XCTAssertNil(ClipPlan(packets: packets, from: 50, to: 40))
        XCTAssertNil(ClipPlan(packets: [], from: 0, to: 40))
        packets[0].isKeyframe = false
        XCTAssertNil(ClipPlan(packets: packets, from: 10, to: 40), "no keyframe at or before A")
    }

    /// The decoding times of what the plan writes never go back: the encoded head's are its
    /// times less the delay, just before the first copied keyframe's.
    func testDecodingTimesOfTheWrittenPacketsRise() throws {
        let packets = stream(groups: 5)
        let plan = try XCTUnwrap(ClipPlan(packets: packets, from: 93, to: 255))
        var written: [Int64] = []
        for segment in plan.segments {
            switch segment {
            case let .reencode(_, keep, delay):
                written += stride(from: keep.lowerBound, to: keep.upperBound, by: 10).map { $0 - delay }
            case .copy(let indices):
                written += indices.map { packets[$0].dts }
            }
        }
        XCTAssertEqual(written, written.sorted())
        XCTAssertEqual(Set(written).count, written.count, "and never repeat")
    }
}

final class NALUnitsTests: XCTestCase {
    func testAnnexBBecomesLengthPrefixed() {
        let stream: [UInt8] = [0, 0, 0, 1, 0x67, 1, 2, 0, 0, 1, 0x68, 3, 0, 0, 0, 1, 0x65, 4, 5, 6]
        XCTAssertEqual(NALUnits.split(annexB: stream).map(Array.init), [[0x67, 1, 2], [0x68, 3], [0x65, 4, 5, 6]])
        XCTAssertEqual(NALUnits.lengthPrefixed(annexB: stream, lengthSize: 4),
                       [0, 0, 0, 3, 0x67, 1, 2, 0, 0, 0, 2, 0x68, 3, 0, 0, 0, 4, 0x65, 4, 5, 6])
        XCTAssertEqual(NALUnits.lengthPrefixed(annexB: stream, lengthSize: 2),
                       [0, 3, 0x67, 1, 2, 0, 2, 0x68, 3, 0, 4, 0x65, 4, 5, 6])
    }

    func testTheLengthSizeComesFromAnAvcCRecord() {
        XCTAssertEqual(NALUnits.lengthSize(avcC: [1, 0x64, 0, 0x1f, 0xff, 0xe1, 0]), 4)
        XCTAssertEqual(NALUnits.lengthSize(avcC: [1, 0x64, 0, 0x1f, 0xfd, 0xe1, 0]), 2)
        XCTAssertNil(NALUnits.lengthSize(avcC: [0, 0, 0, 1, 0x67, 0, 0]), "Annex B extradata")
        XCTAssertNil(NALUnits.lengthSize(avcC: []))
    }

    func testTheParameterSetsOfAnHvcCRecordAreLengthPrefixed() {
        var record = [UInt8](repeating: 0, count: 23)
        record[0] = 1
        record[21] = 0xFC | 3
        record[22] = 2
        record += [0x20, 0, 1, 0, 3, 0x40, 1, 2]
        record += [0x21, 0, 1, 0, 2, 0x42, 3]
        XCTAssertEqual(NALUnits.lengthSize(hvcC: record), 4)
        XCTAssertEqual(NALUnits.parameterSets(hvcC: record), [0, 0, 0, 3, 0x40, 1, 2, 0, 0, 0, 2, 0x42, 3])
        let annexB: [UInt8] = [0, 0, 0, 1, 0x40, 1]
        XCTAssertNil(NALUnits.lengthSize(hvcC: annexB))
        XCTAssertEqual(NALUnits.parameterSets(hvcC: annexB), annexB, "Annex B extradata is already laid out as its packets")
    }
}

final class ClipNameTests: XCTestCase {
    func testTheNameTellsTheRange() {
        XCTAssertEqual(ClipName.fileName(of: "/films/Holiday 2024.mp4", from: 65.7, to: 130.2), "Holiday 2024 [01.05-02.10].mkv")
        XCTAssertEqual(ClipName.stamp(3725), "1.02.05")
        XCTAssertEqual(ClipName.stamp(0), "00.00")
    }

    func testAnExistingNameGetsANumber() {
        var taken: Set = ["/films/a [00.01-00.02].mkv", "/films/a [00.01-00.02] (2).mkv"]
        XCTAssertEqual(ClipName.url(for: "/films/a.mkv", from: 1, to: 2) { taken.contains($0) }.path,
                       "/films/a [00.01-00.02] (3).mkv")
        taken = []
        XCTAssertEqual(ClipName.url(for: "/films/a.mkv", from: 1, to: 2) { taken.contains($0) }.path,
                       "/films/a [00.01-00.02].mkv")
    }
}
