import XCTest
@testable import VPlayCore

/// When libass's image may change: only at the ends of events while nothing showing moves.
final class ASSStillnessTests: XCTestCase {
    private func animates(_ text: String, effect: String = "") -> Bool {
        ASSStillness.animates(text: Array(text.utf8), effect: Array(effect.utf8))
    }

    func testMotionFadesTransformsKaraokeAndEffectsAnimate() {
        for text in ["{\\move(0,0,100,100)}Hi", "{\\fad(200,200)}Hi", "{\\fade(255,0,255,0,500,1000,1500)}Hi",
                     "{\\t(\\frz360)}Hi", "{\\k20}Ka{\\kf30}ra{\\ko10}o{\\K5}ke", "{\\b1\\ MOVE(0,0,1,1)}Hi", "{\\T(\\fs9)}x"] {
            XCTAssertTrue(animates(text), text)
        }
        XCTAssertTrue(animates("Hi", effect: "Scroll up;10;100;5"))
        XCTAssertTrue(animates("Hi", effect: "Banner;5"))
    }

    func testStyledButStillLinesDoNot() {
        for text in ["Plain", "{\\an5\\pos(80,60)\\b1\\i1\\bord3\\shad2\\c&H0000FF&}Line\\Nand\\hmore", "{\\p1}m 0 0 l 10 0 10 10{\\p0}",
                     "{\\fs40\\fscx120\\frz30\\org(1,2)\\clip(0,0,5,5)\\blur2}x", "Ends with a slash \\"] {
            XCTAssertFalse(animates(text), text)
        }
        XCTAssertFalse(animates("Hi", effect: " "))
    }

    func testSpanReachesTheNearestStartOrEndAroundTheTime() {
        var stillness = ASSStillness()
        stillness.append(start: 1000, duration: 2000, animates: false)   // 1000..<3000
        stillness.append(start: 2500, duration: 1000, animates: false)   // 2500..<3500
        stillness.append(start: 5000, duration: 1000, animates: true)    // 5000..<6000
        XCTAssertEqual(stillness.stillSpan(at: 0), Int64.min..<1000)
        XCTAssertEqual(stillness.stillSpan(at: 1000), 1000..<2500)
        XCTAssertEqual(stillness.stillSpan(at: 2499), 1000..<2500)
        XCTAssertEqual(stillness.stillSpan(at: 2500), 2500..<3000)
        XCTAssertEqual(stillness.stillSpan(at: 3000), 3000..<3500)
        XCTAssertEqual(stillness.stillSpan(at: 4000), 3500..<5000)
        XCTAssertNil(stillness.stillSpan(at: 5000), "a moving line shows")
        XCTAssertNil(stillness.stillSpan(at: 5999))
        XCTAssertEqual(stillness.stillSpan(at: 6000), 6000..<Int64.max)
        stillness.removeAll()
        XCTAssertEqual(stillness.stillSpan(at: 5500), Int64.min..<Int64.max)
    }
}
