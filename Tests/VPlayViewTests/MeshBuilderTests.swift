import XCTest
@testable import VPlayView

/// The anti-aliasing feather: shapes are solid to half a pixel inside their edge and fade to
/// transparent half a pixel outside, at any scale and either winding.
final class MeshBuilderTests: XCTestCase {
    private let white = RGBA(255, 255, 255)

    private func corners(_ mesh: Mesh, alpha: UInt8) -> [SIMD2<Float>] {
        mesh.vertices.filter { $0.color.a == alpha }.map { SIMD2($0.x, $0.y) }
    }

    func testRectIsFeatheredByOnePixelAroundItsEdge() {
        var builder = MeshBuilder(scale: 1)
        builder.fillRect(OverlayRect(x: 0, y: 0, width: 10, height: 10), color: white)
        XCTAssertEqual(Set(corners(builder.mesh, alpha: 255)), [[0.5, 0.5], [9.5, 0.5], [9.5, 9.5], [0.5, 9.5]])
        XCTAssertEqual(Set(corners(builder.mesh, alpha: 0)), [[-0.5, -0.5], [10.5, -0.5], [10.5, 10.5], [-0.5, 10.5]])
        XCTAssertEqual(builder.mesh.indices.count, 2 * 3 + 4 * 6, "a two-triangle fan plus four ring quads")
        XCTAssertTrue(builder.mesh.indices.allSatisfy { $0 >= 0 && $0 < 8 })
    }

    func testFeatherStaysOnePixelWhenScaled() {
        var builder = MeshBuilder(scale: 2)
        builder.fillRect(OverlayRect(x: 0, y: 0, width: 10, height: 10), color: white)
        XCTAssertEqual(Set(corners(builder.mesh, alpha: 255)), [[0.5, 0.5], [19.5, 0.5], [19.5, 19.5], [0.5, 19.5]])
    }

    func testWindingDoesNotMatter() {
        let points = [OverlayPoint(x: 0, y: 0), OverlayPoint(x: 8, y: 4), OverlayPoint(x: 0, y: 8)]
        var clockwise = MeshBuilder(scale: 1), counterClockwise = MeshBuilder(scale: 1)
        clockwise.fillConvexPolygon(points, color: white)
        counterClockwise.fillConvexPolygon(points.reversed(), color: white)
        XCTAssertEqual(Set(corners(clockwise.mesh, alpha: 0)), Set(corners(counterClockwise.mesh, alpha: 0)))
        let outerLeft = corners(clockwise.mesh, alpha: 0).map(\.x).min() ?? 0
        XCTAssertEqual(outerLeft, -0.5, accuracy: 1e-4, "the outer ring grows outwards")
    }

    func testCircleIsRoundWithinAFractionOfAPixel() {
        var builder = MeshBuilder(scale: 1)
        builder.fillCircle(center: OverlayPoint(x: 50, y: 50), radius: 20, color: white)
        for vertex in builder.mesh.vertices {
            let distance = ((vertex.x - 50) * (vertex.x - 50) + (vertex.y - 50) * (vertex.y - 50)).squareRoot()
            XCTAssertEqual(distance, vertex.color.a == 0 ? 20.5 : 19.5, accuracy: 0.1)
        }
        XCTAssertGreaterThan(builder.mesh.vertices.count, 48, "enough segments to look round")
    }

    /// The band's gradient is made of one-colour triangles (SDL's software renderer fills
    /// those without per-pixel division), stacked without gaps from top to bottom, with alpha
    /// stepping from the top colour towards the bottom one.
    func testGradientIsStripsOfOneColourEach() {
        var builder = MeshBuilder(scale: 2)
        let band = OverlayRect(x: 0, y: 300, width: 640, height: 60)
        builder.fillGradient(band, top: RGBA(0, 0, 0, 110), bottom: RGBA(0, 0, 0, 190))
        let mesh = builder.mesh
        var strips: [(top: Float, bottom: Float, alpha: UInt8)] = []
        for triangle in stride(from: 0, to: mesh.indices.count, by: 3) {
            let vertices = mesh.indices[triangle..<triangle + 3].map { mesh.vertices[Int($0)] }
            XCTAssertEqual(Set(vertices.map(\.color.a)).count, 1, "triangle \(triangle / 3) is shaded")
            let ys = vertices.map(\.y)
            if triangle % 6 == 0 { strips.append((ys.min()!, ys.max()!, vertices[0].color.a)) }
        }
        XCTAssertGreaterThanOrEqual(strips.count, 16, "too coarse: visible bands")
        XCTAssertEqual(strips.first?.top, 600)
        XCTAssertEqual(strips.last?.bottom, 720)
        for (upper, lower) in zip(strips, strips.dropFirst()) {
            XCTAssertEqual(upper.bottom, lower.top, accuracy: 1e-3, "gap or overlap between strips")
            XCTAssertLessThanOrEqual(upper.alpha, lower.alpha)
        }
        XCTAssertLessThan(abs(Int(strips.first!.alpha) - 110), 4)
        XCTAssertLessThan(abs(Int(strips.last!.alpha) - 190), 4)
    }
}
