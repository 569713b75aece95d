import Foundation

/// A straight (non-premultiplied) RGBA colour.
struct RGBA: Equatable, Sendable {
    var r, g, b, a: UInt8

    init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    func transparent() -> RGBA { RGBA(r, g, b, 0) }
}

/// Coloured triangles in pixels, ready to hand to `SDL_RenderGeometry`.
struct Mesh: Equatable, Sendable {
    struct Vertex: Equatable, Sendable {
        var x: Float
        var y: Float
        var color: RGBA
    }

    var vertices: [Vertex] = []
    var indices: [Int32] = []

    mutating func removeAll() {
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
    }
}

/// Fills shapes given in window points into a `Mesh` in pixels (`scale` pixels per point).
/// Edges are anti-aliased by a one-pixel feather: the shape is drawn half a pixel smaller,
/// surrounded by a ring that fades to alpha 0 half a pixel outside the true edge.
struct MeshBuilder {
    let scale: Double
    private(set) var mesh: Mesh

    init(scale: Double, reusing mesh: Mesh = Mesh()) {
        self.scale = scale
        self.mesh = mesh
        self.mesh.removeAll()
    }

    /// A rect shading from `top` to `bottom`, no feather: for the band, whose edges are the
    /// window's or a soft gradient. Drawn as horizontal strips of one colour each, about 3 px
    /// tall: SDL's software renderer fills a one-colour triangle with a plain loop but
    /// interpolates a shaded one per pixel with four divisions, which cost ~1.5 ms per frame
    /// for a 1280-pixel band.
    mutating func fillGradient(_ rect: OverlayRect, top: RGBA, bottom: RGBA) {
        let strips = max(1, min(32, Int((rect.height * scale / 3).rounded())))
        for index in 0..<strips {
            let t = (Double(index) + 0.5) / Double(strips)
            let color = RGBA(mix(top.r, bottom.r, t), mix(top.g, bottom.g, t), mix(top.b, bottom.b, t), mix(top.a, bottom.a, t))
            // Whole-pixel edges: strips meeting between pixel centres would leave rows uncovered.
            let y0 = ((rect.minY + rect.height * Double(index) / Double(strips)) * scale).rounded()
            let y1 = ((rect.minY + rect.height * Double(index + 1) / Double(strips)) * scale).rounded()
            guard y1 > y0 else { continue }
            let base = Int32(mesh.vertices.count)
            append(rect.minX * scale, y0, color)
            append(rect.maxX * scale, y0, color)
            append(rect.maxX * scale, y1, color)
            append(rect.minX * scale, y1, color)
            mesh.indices += [base, base + 1, base + 2, base, base + 2, base + 3]
        }
    }

    private func mix(_ a: UInt8, _ b: UInt8, _ t: Double) -> UInt8 {
        UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded())
    }

    mutating func fillRect(_ rect: OverlayRect, color: RGBA) {
        fillConvexPolygon([
            OverlayPoint(x: rect.minX, y: rect.minY), OverlayPoint(x: rect.maxX, y: rect.minY),
            OverlayPoint(x: rect.maxX, y: rect.maxY), OverlayPoint(x: rect.minX, y: rect.maxY),
        ], color: color)
    }

    mutating func fillCircle(center: OverlayPoint, radius: Double, color: RGBA) {
        fillRoundedRect(OverlayRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius),
                        radius: radius, color: color)
    }

    /// A rect with circular corners; `radius` is clamped to half the shorter side, so a
    /// square with a radius of half its side is a circle and a thin rect becomes a capsule.
    mutating func fillRoundedRect(_ rect: OverlayRect, radius: Double, color: RGBA) {
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        // About one segment per 2 px of arc keeps circles round at any size.
        let steps = max(2, min(32, Int((Double.pi / 2 * r * scale / 2).rounded(.up))))
        let corners = [
            (rect.maxX - r, rect.maxY - r, 0.0), (rect.minX + r, rect.maxY - r, Double.pi / 2),
            (rect.minX + r, rect.minY + r, Double.pi), (rect.maxX - r, rect.minY + r, 3 * Double.pi / 2),
        ]
        var points: [OverlayPoint] = []
        points.reserveCapacity(4 * (steps + 1))
        for (cx, cy, start) in corners {
            for step in 0...steps {
                let angle = start + Double(step) / Double(steps) * Double.pi / 2
                points.append(OverlayPoint(x: cx + r * cos(angle), y: cy + r * sin(angle)))
            }
        }
        fillConvexPolygon(points, color: color)
    }

    /// A straight bar of `width` from `start` to `end` (square ends), feathered like any polygon.
    mutating func fillLine(from start: OverlayPoint, to end: OverlayPoint, width: Double, color: RGBA) {
        let dx = end.x - start.x, dy = end.y - start.y, length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return }
        let nx = -dy / length * width / 2, ny = dx / length * width / 2
        fillConvexPolygon([
            OverlayPoint(x: start.x + nx, y: start.y + ny), OverlayPoint(x: end.x + nx, y: end.y + ny),
            OverlayPoint(x: end.x - nx, y: end.y - ny), OverlayPoint(x: start.x - nx, y: start.y - ny),
        ], color: color)
    }

    /// A circular arc `thickness` wide around `radius`, from angle `start` to `end` (radians,
    /// clockwise on screen from +x), feathered on both sides and with round ends.
    mutating func strokeArc(center: OverlayPoint, radius: Double, thickness: Double, from start: Double, to end: Double,
                            color: RGBA) {
        let half = thickness / 2
        guard half > 0, radius > half else { return }
        // The solid core stops half a pixel inside each edge; the feather reaches half a pixel out.
        let feather = 0.5 / scale, core = max(0, half - feather)
        let radii = [radius + half + feather, radius + core, radius - core, radius - half - feather]
        let steps = max(2, min(64, Int((abs(end - start) * (radius + half) * scale / 2).rounded(.up))))
        let base = Int32(mesh.vertices.count)
        for step in 0...steps {
            let angle = start + (end - start) * Double(step) / Double(steps)
            for (ring, r) in radii.enumerated() {
                append((center.x + r * cos(angle)) * scale, (center.y + r * sin(angle)) * scale,
                       ring == 0 || ring == 3 ? color.transparent() : color)
            }
        }
        for step in 0..<Int32(steps) {
            let row = base + 4 * step, next = row + 4
            for ring in Int32(0)..<3 {
                mesh.indices += [row + ring, row + ring + 1, next + ring + 1, row + ring, next + ring + 1, next + ring]
            }
        }
        for angle in [start, end] {
            fillCircle(center: OverlayPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)),
                       radius: half, color: color)
        }
    }

    /// Fills a convex polygon (either winding) with a feathered edge.
    mutating func fillConvexPolygon(_ points: [OverlayPoint], color: RGBA) {
        // Repeated points (where round corners meet) would give edges without a direction.
        var pixels: [(x: Double, y: Double)] = []
        pixels.reserveCapacity(points.count)
        for point in points {
            let p = (x: point.x * scale, y: point.y * scale)
            if let last = pixels.last, abs(last.x - p.x) < 1e-6, abs(last.y - p.y) < 1e-6 { continue }
            pixels.append(p)
        }
        if let first = pixels.first, let last = pixels.last, pixels.count > 1,
           abs(last.x - first.x) < 1e-6, abs(last.y - first.y) < 1e-6 {
            pixels.removeLast()
        }
        let n = pixels.count
        guard n >= 3 else { return }
        var area = 0.0
        for i in 0..<n {
            let p = pixels[i], q = pixels[(i + 1) % n]
            area += p.x * q.y - q.x * p.y
        }
        guard area != 0 else { return }
        // Outward normal of edge i (from vertex i to i+1), for either winding.
        let sign = area > 0 ? 1.0 : -1.0
        let normals = (0..<n).map { i -> (x: Double, y: Double) in
            let p = pixels[i], q = pixels[(i + 1) % n]
            let dx = q.x - p.x, dy = q.y - p.y, length = max(1e-9, (dx * dx + dy * dy).squareRoot())
            return (sign * dy / length, -sign * dx / length)
        }
        let base = Int32(mesh.vertices.count)
        for i in 0..<n {
            // Miter: move the vertex half a pixel off both adjacent edges.
            let a = normals[(i + n - 1) % n], b = normals[i]
            var mx = a.x + b.x, my = a.y + b.y
            let length = max(1e-9, (mx * mx + my * my).squareRoot())
            mx /= length
            my /= length
            let reach = 0.5 / max(0.25, mx * b.x + my * b.y)
            append(pixels[i].x - mx * reach, pixels[i].y - my * reach, color)
            append(pixels[i].x + mx * reach, pixels[i].y + my * reach, color.transparent())
        }
        // Inner vertices are even, outer ones odd. Each solid fan triangle follows a ring quad,
        // so no two single-coloured triangles are ever adjacent in the list: SDL's software
        // renderer turns such a pair, when it makes an axis-aligned rect, into a fill of the
        // rect whose position and size are each truncated to whole pixels, while the ring's
        // vertices are truncated as points. The rect then ends a pixel short of the ring on the
        // right and bottom, leaving a dark seam (the ❚❚ bars). As triangles, the solid part and
        // the ring share their truncated vertices and meet without a gap.
        for i in 0..<n {
            let inner = base + Int32(2 * i), outer = inner + 1
            let nextInner = base + Int32(2 * ((i + 1) % n)), nextOuter = nextInner + 1
            mesh.indices += [inner, outer, nextOuter, inner, nextOuter, nextInner]
            if i < n - 2 {
                mesh.indices += [base, base + Int32(2 * i + 2), base + Int32(2 * i + 4)]
            }
        }
    }

    /// A rect given in whole output pixels, unfeathered and not scaled: for the preview's frame,
    /// which must line up exactly with the picture copied inside it.
    mutating func fillPixelRect(x: Int, y: Int, width: Int, height: Int, color: RGBA) {
        guard width > 0, height > 0 else { return }
        let base = Int32(mesh.vertices.count)
        append(Double(x), Double(y), color)
        append(Double(x + width), Double(y), color)
        append(Double(x + width), Double(y + height), color)
        append(Double(x), Double(y + height), color)
        mesh.indices += [base, base + 1, base + 2, base, base + 2, base + 3]
    }

    private mutating func append(_ x: Double, _ y: Double, _ color: RGBA) {
        mesh.vertices.append(Mesh.Vertex(x: Float(x), y: Float(y), color: color))
    }
}
