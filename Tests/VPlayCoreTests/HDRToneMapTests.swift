import CFFmpeg
import CPictureKernels
import XCTest
@testable import VPlayCore

/// The HDR → SDR mapping without a window: transfer functions, curves, the tables and the
/// kernel on synthetic 10-bit pictures, what the metadata says, and SDR left alone.
final class HDRToneMapTests: XCTestCase {
    // MARK: Transfer functions

    func testPQRoundTripsAndKnownValues() {
        XCTAssertEqual(HDRTransfer.pqDecode(1), 10000, accuracy: 0.01)
        XCTAssertEqual(HDRTransfer.pqEncode(nits: 203), 0.5807, accuracy: 0.0005)
        for nits in [0.1, 1, 100, 203, 1000, 4000] {
            XCTAssertEqual(HDRTransfer.pqDecode(HDRTransfer.pqEncode(nits: nits)), nits, accuracy: nits * 1e-6)
        }
    }

    /// HLG's reference white (75 % signal) on its nominal 1000 cd/m² display is 203 cd/m².
    func testHLGReferenceWhiteIs203Nits() {
        let scene = HDRTransfer.hlgSceneLight(0.75)
        let gamma = HDRTransfer.hlgSystemGamma(peak: 1000)
        XCTAssertEqual(gamma, 1.2, accuracy: 1e-12)
        XCTAssertEqual(1000 * pow(scene, gamma), 203, accuracy: 1.5)
        XCTAssertEqual(HDRTransfer.hlgSceneLight(1), 1, accuracy: 1e-6)
    }

    // MARK: Curves

    func testEveryCurveRisesStaysInRangeAndReachesWhiteAtThePeak() {
        for curve in ToneMappingCurve.allCases {
            for peak: Double in [2, 1000.0 / 203, 4000.0 / 203, 10000.0 / 203] {
                var previous = 0.0
                for step in 1...400 {
                    let x = peak * Double(step) / 400
                    let y = curve.map(x, peak: peak)
                    XCTAssertGreaterThanOrEqual(y, previous - 1e-9, "\(curve) falls at \(x) (peak \(peak))")
                    XCTAssertLessThanOrEqual(y, 1, "\(curve) above white")
                    previous = y
                }
                XCTAssertEqual(curve.map(peak, peak: peak), 1, accuracy: 0.01, "\(curve) at the peak \(peak)")
            }
            XCTAssertEqual(curve.map(0.5, peak: 0.9), 0.5, "\(curve): content within SDR range is left alone")
        }
    }

    /// The default keeps reference white near SDR white on screen and the highlights apart.
    func testAutoShowsReferenceWhiteNearWhiteForAnyPeak() {
        for nits in [400.0, 1000, 4000, 10000] {
            let peak = nits / HDRTransfer.referenceWhite
            let white = HDRTransfer.displayEncode(ToneMappingCurve.auto.map(1, peak: peak))
            XCTAssertGreaterThanOrEqual(white, 0.93, "peak \(nits)")
            XCTAssertLessThan(white, 0.97, "peak \(nits): no room left for highlights")
            // Half the way (in stops) from reference white to the peak is still visibly below white.
            let half = HDRTransfer.displayEncode(ToneMappingCurve.auto.map(peak.squareRoot(), peak: peak))
            // (Up to 4000 cd/m²; with a 10000 cd/m² peak the Möbius roll-off leaves that within 1.3 steps.)
            if nits <= 4000 { XCTAssertLessThan(half, 1 - 1.5 / 255, "peak \(nits)") }
            XCTAssertGreaterThan(half, white)
        }
        XCTAssertEqual(ToneMappingCurve.clip.map(3, peak: 5), 1)
    }

    // MARK: The kernel

    /// Neutral PQ greys stay neutral, reference white lands near white, and levels rise.
    func testKernelMapsPQGreysMonotonicallyAndNeutrally() {
        let tables = ToneMapTables(signal: signal(.pq), curve: .auto)
        var previous = -1
        for nits in [0.0, 1, 10, 26, 100, 203, 400, 1000, 4000] {
            let code = UInt16((64 + 876 * HDRTransfer.pqEncode(nits: nits)).rounded())
            let out = map(tables, y: code, cb: 512, cr: 512)
            XCTAssertGreaterThanOrEqual(Int(out.y), previous, "\(nits) cd/m²")
            XCTAssertEqual(Int(out.cb), 128, accuracy: 1, "\(nits) cd/m²: tinted")
            XCTAssertEqual(Int(out.cr), 128, accuracy: 1, "\(nits) cd/m²: tinted")
            previous = Int(out.y)
            if nits == 203 { XCTAssertGreaterThanOrEqual(Double(out.y - 16) / 219, 0.92) }
        }
    }

    /// A BT.709 colour carried in BT.2020 at SDR levels comes back as that BT.709 colour:
    /// gamut conversion without hue shifts.
    func testKernelReturnsABT709ColourCarriedInBT2020() {
        let tables = ToneMapTables(signal: signal(.pq), curve: .auto)
        // Linear BT.709 light (1 = reference white) of a muted orange, within SDR range.
        let rgb709 = [0.5, 0.25, 0.1]
        let m = ToneMapTables.bt2020ToBT709.map(Double.init)
        let rgb2020 = Self.inverse3x3(m, rgb709)
        let encoded = rgb2020.map { HDRTransfer.pqEncode(nits: $0 * HDRTransfer.referenceWhite) }
        let (kr, kb) = (0.2627, 0.0593)
        let y = kr * encoded[0] + (1 - kr - kb) * encoded[1] + kb * encoded[2]
        let cb = (encoded[2] - y) / (2 * (1 - kb)), cr = (encoded[0] - y) / (2 * (1 - kr))
        let out = map(tables, y: UInt16((64 + 876 * y).rounded()), cb: UInt16((512 + 896 * cb).rounded()),
                      cr: UInt16((512 + 896 * cr).rounded()))
        // What the same colour is in 8-bit BT.709 on a gamma 2.4 display, mapped by the curve.
        let shown = rgb709.map { HDRTransfer.displayEncode(ToneMappingCurve.auto.map($0, peak: 1000 / 203)) }
        let expectedY = 0.2126 * shown[0] + 0.7152 * shown[1] + 0.0722 * shown[2]
        XCTAssertEqual(Double(out.y), 16 + 219 * expectedY, accuracy: 2)
        XCTAssertEqual(Double(out.cb), 128 + 224 * (shown[2] - expectedY) / 1.8556, accuracy: 2)
        XCTAssertEqual(Double(out.cr), 128 + 224 * (shown[0] - expectedY) / 1.5748, accuracy: 2)
    }

    /// A saturated BT.2020 green outside BT.709 comes out as a valid, still green colour.
    func testKernelBringsOutOfGamutColoursIn() {
        let tables = ToneMapTables(signal: signal(.pq), curve: .auto)
        let g = HDRTransfer.pqEncode(nits: 100)
        let (kr, kb) = (0.2627, 0.0593)
        let y = (1 - kr - kb) * g
        let out = map(tables, y: UInt16((64 + 876 * y).rounded()), cb: UInt16((512 + 896 * (-y) / (2 * (1 - kb))).rounded()),
                      cr: UInt16((512 + 896 * (-y) / (2 * (1 - kr))).rounded()))
        XCTAssertLessThan(out.cb, 128)
        XCTAssertLessThan(out.cr, 128)
        XCTAssertGreaterThan(out.y, 60)
    }

    /// Pixels of one block with different greys each come out as their own grey would, at
    /// odd sizes too (the last column and row repeat into their blocks) and across runs.
    func testKernelKeepsDetailWithinBlocksAtOddSizes() {
        let tables = ToneMapTables(signal: signal(.pq), curve: .auto)
        for (width, height) in [(5, 3), (131, 2), (1, 1)] {
            let codes = (0..<(width * height)).map { UInt16(64 + ($0 * 37) % 876) }
            let chromaCount = ((width + 1) / 2) * ((height + 1) / 2)
            var luma = codes, blue = [UInt16](repeating: 512, count: chromaCount), red = blue
            var outY = [UInt8](repeating: 0, count: width * height)
            var outU = [UInt8](repeating: 0, count: chromaCount), outV = outU
            withUnsafePointer(to: tables.parameters) { parameters in
                vp_tone_map_420(parameters, &luma, width, &blue, (width + 1) / 2, &red, (width + 1) / 2,
                                &outY, width, &outU, (width + 1) / 2, &outV, (width + 1) / 2, Int32(width), Int32(height))
            }
            for (index, code) in codes.enumerated() {
                let alone = map(tables, y: code, cb: 512, cr: 512)
                XCTAssertEqual(Int(outY[index]), Int(alone.y), accuracy: 1, "\(width)x\(height) pixel \(index)")
            }
            XCTAssertTrue(outU.allSatisfy { abs(Int($0) - 128) <= 1 } && outV.allSatisfy { abs(Int($0) - 128) <= 1 })
        }
    }

    // MARK: Metadata and frames

    func testMetadataPeakIgnoresZeroAndAbsurdValues() throws {
        let frame = Frame()
        XCTAssertNil(HDRSignal.metadataPeak(of: frame.pointer))
        setContentLight(frame, maxCLL: 0)
        setMasteringPeak(frame, nits: 4000)
        XCTAssertEqual(HDRSignal.metadataPeak(of: frame.pointer), 4000, "MaxCLL 0 means unknown")
        setContentLight(frame, maxCLL: 1_000_000)
        XCTAssertEqual(HDRSignal.metadataPeak(of: frame.pointer), 4000, "MaxCLL 10⁶ is not believed")
        setContentLight(frame, maxCLL: 600)
        XCTAssertEqual(HDRSignal.metadataPeak(of: frame.pointer), 600)
        setContentLight(frame, maxCLL: 0)
        setMasteringPeak(frame, nits: 0)
        XCTAssertNil(HDRSignal.metadataPeak(of: frame.pointer))
    }

    /// SDR frames, 10-bit included, are not touched; a stream turning HDR mid-way is mapped
    /// from that frame on, and back.
    func testOnlyHDRFramesAreMapped() {
        let mapper = ToneMapper()
        let output = Frame()
        let settings = PictureSettings()
        let sdr = Self.frame(trc: AVCOL_TRC_BT709)
        XCTAssertNil(mapper.map(sdr, settings: settings, into: output))
        let pq = Self.frame(trc: AVCOL_TRC_SMPTE2084)
        XCTAssertEqual(mapper.map(pq, settings: settings, into: output), true)
        XCTAssertEqual(output.pointer.pointee.format, AV_PIX_FMT_YUV420P.rawValue)
        XCTAssertEqual(output.pointer.pointee.colorspace, AVCOL_SPC_BT709)
        XCTAssertEqual(output.pointer.pointee.color_trc, AVCOL_TRC_BT709)
        XCTAssertEqual(output.pts, pq.pts)
        XCTAssertNil(mapper.map(Self.frame(trc: AVCOL_TRC_BT709), settings: settings, into: Frame()))
    }

    /// Formats the kernel does not read (P010, as hardware decoders give) are widened first
    /// and map the same.
    func testSemiPlanarFramesMapLikePlanarOnes() {
        let code = UInt16((64 + 876 * HDRTransfer.pqEncode(nits: 203)).rounded())
        let planar = Self.frame(trc: AVCOL_TRC_SMPTE2084, luma: code)
        let semiPlanar = Frame()
        let f = semiPlanar.pointer
        f.pointee.format = AV_PIX_FMT_P010LE.rawValue
        f.pointee.width = 16
        f.pointee.height = 8
        precondition(av_frame_get_buffer(f, 32) >= 0)
        UnsafeMutableRawPointer(f.pointee.data.0!).assumingMemoryBound(to: UInt16.self)
            .update(repeating: code << 6, count: 8 * Int(f.pointee.linesize.0) / 2)
        UnsafeMutableRawPointer(f.pointee.data.1!).assumingMemoryBound(to: UInt16.self)
            .update(repeating: 512 << 6, count: 4 * Int(f.pointee.linesize.1) / 2)
        f.pointee.color_trc = AVCOL_TRC_SMPTE2084
        f.pointee.color_primaries = AVCOL_PRI_BT2020
        f.pointee.colorspace = AVCOL_SPC_BT2020_NCL
        let mapper = ToneMapper()
        let fromPlanar = Frame(), fromSemiPlanar = Frame()
        XCTAssertEqual(mapper.map(planar, settings: PictureSettings(), into: fromPlanar), true)
        XCTAssertEqual(mapper.map(semiPlanar, settings: PictureSettings(), into: fromSemiPlanar), true)
        let a = fromPlanar.pointer.pointee.data.0![0], b = fromSemiPlanar.pointer.pointee.data.0![0]
        XCTAssertEqual(Int(a), Int(b), accuracy: 1)
        XCTAssertGreaterThanOrEqual(Double(b - 16) / 219, 0.92)
    }

    // MARK: - Helpers

    private func signal(_ transfer: HDRSignal.Transfer) -> HDRSignal {
        let frame = Self.frame(trc: transfer == .pq ? AVCOL_TRC_SMPTE2084 : AVCOL_TRC_ARIB_STD_B67)
        return HDRSignal(frame: frame.pointer, bitDepth: 10, metadataPeak: 1000, requestedPeak: nil)!
    }

    /// One 2×2 block of one colour through the kernel: the output Y, Cb, Cr.
    private func map(_ tables: ToneMapTables, y: UInt16, cb: UInt16, cr: UInt16) -> (y: UInt8, cb: UInt8, cr: UInt8) {
        var luma: [UInt16] = [y, y, y, y], blue: [UInt16] = [cb], red: [UInt16] = [cr]
        var outY = [UInt8](repeating: 0, count: 4), outU: [UInt8] = [0], outV: [UInt8] = [0]
        withUnsafePointer(to: tables.parameters) { parameters in
            vp_tone_map_420(parameters, &luma, 2, &blue, 1, &red, 1, &outY, 2, &outU, 1, &outV, 1, 2, 2)
        }
        XCTAssertEqual(Set(outY).count, 1)
        return (outY[0], outU[0], outV[0])
    }

    private static func frame(trc: AVColorTransferCharacteristic, luma: UInt16 = 512) -> Frame {
        let frame = Frame()
        let f = frame.pointer
        f.pointee.format = AV_PIX_FMT_YUV420P10LE.rawValue
        f.pointee.width = 16
        f.pointee.height = 8
        precondition(av_frame_get_buffer(f, 32) >= 0)
        for (plane, rows) in [(f.pointee.data.0!, 8), (f.pointee.data.1!, 4), (f.pointee.data.2!, 4)] {
            let isLuma = plane == f.pointee.data.0!
            let count = rows * Int(isLuma ? f.pointee.linesize.0 : f.pointee.linesize.1) / 2
            UnsafeMutableRawPointer(plane).assumingMemoryBound(to: UInt16.self).update(repeating: isLuma ? luma : 512, count: count)
        }
        f.pointee.color_trc = trc
        f.pointee.color_primaries = trc == AVCOL_TRC_BT709 ? AVCOL_PRI_BT709 : AVCOL_PRI_BT2020
        f.pointee.colorspace = trc == AVCOL_TRC_BT709 ? AVCOL_SPC_BT709 : AVCOL_SPC_BT2020_NCL
        frame.pts = 1.5
        return frame
    }

    private func setContentLight(_ frame: Frame, maxCLL: UInt32) {
        av_frame_remove_side_data(frame.pointer, AV_FRAME_DATA_CONTENT_LIGHT_LEVEL)
        let light = av_content_light_metadata_create_side_data(frame.pointer)!
        light.pointee.MaxCLL = maxCLL
    }

    private func setMasteringPeak(_ frame: Frame, nits: Int32) {
        av_frame_remove_side_data(frame.pointer, AV_FRAME_DATA_MASTERING_DISPLAY_METADATA)
        let display = av_mastering_display_metadata_create_side_data(frame.pointer)!
        display.pointee.max_luminance = AVRational(num: nits, den: 1)
        display.pointee.has_luminance = 1
    }

    private static func inverse3x3(_ m: [Double], _ v: [Double]) -> [Double] {
        let det = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6])
        let inv = [
            (m[4] * m[8] - m[5] * m[7]) / det, (m[2] * m[7] - m[1] * m[8]) / det, (m[1] * m[5] - m[2] * m[4]) / det,
            (m[5] * m[6] - m[3] * m[8]) / det, (m[0] * m[8] - m[2] * m[6]) / det, (m[2] * m[3] - m[0] * m[5]) / det,
            (m[3] * m[7] - m[4] * m[6]) / det, (m[1] * m[6] - m[0] * m[7]) / det, (m[0] * m[4] - m[1] * m[3]) / det,
        ]
        return (0..<3).map { r in inv[3 * r] * v[0] + inv[3 * r + 1] * v[1] + inv[3 * r + 2] * v[2] }
    }
}
