import CSDL2
import VPlayCore

/// Draws the idle window: "No file", the Open button (lit under the pointer), how else to
/// open a file, a message when there is one, and the recent files' rows. Redrawn only when
/// something it shows changes. Main thread only; released before the renderer it drew with.
public final class IdleScreen {
    let font: Font
    private let title = TextTexture()
    private let buttonLabel = TextTexture()
    private let hint = TextTexture()
    private let message = TextTexture()
    private var vertices: [SDL_Vertex] = []
    private var mesh = Mesh()
    /// The recent files' texts and pictures, by row.
    var recentRows: [RecentRowTextures] = []

    static let background = RGBA(24, 24, 27)
    static let button = RGBA(64, 110, 200)
    static let buttonLit = RGBA(84, 134, 228)
    static let hintColor: UInt8 = 170

    public init(fontPath: String = Overlay.defaultFontPath) throws(OverlayError) {
        font = try Font(path: fontPath, pixelSize: 16)
    }

    /// What decides the picture: two equal looks draw the same pixels.
    public struct Look: Equatable, Sendable {
        public var layout: IdleLayout
        public var buttonIsLit: Bool
        public var message: String?
        /// The recent files' rows, drawn where `layout.recent` says; nil without.
        public var recent: RecentLook?

        public init(layout: IdleLayout, buttonIsLit: Bool, message: String?, recent: RecentLook? = nil) {
            self.layout = layout
            self.buttonIsLit = buttonIsLit
            self.message = message
            self.recent = recent
        }
    }

    /// What the recent files' rows show.
    public struct RecentLook: Equatable, Sendable {
        /// The files of the rows shown, first row first.
        public var files: [RecentFile]
        /// Each file's picture where it was left, once decoded.
        public var pictures: [Thumbnail?]
        /// The part of the list under the pointer: its row is lit, and its "×" when on it.
        public var hovered: RecentListLayout.Hit?
        /// The row the keyboard selected: ringed.
        public var selection: Int?

        public init(files: [RecentFile], pictures: [Thumbnail?] = [], hovered: RecentListLayout.Hit? = nil,
                    selection: Int? = nil) {
            self.files = files
            self.pictures = pictures
            self.hovered = hovered
            self.selection = selection
        }
    }

    /// Draws `look` into `renderer`, whose output is `scale` pixels per window point, and shows it.
    public func draw(_ look: Look, renderer: OpaquePointer, scale: Double) {
        render(look, renderer: renderer, scale: scale)
        SDL_RenderPresent(renderer)
    }

    /// Draws `look` without showing it yet.
    func render(_ look: Look, renderer: OpaquePointer, scale: Double) {
        let layout = look.layout
        let color = Self.background
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, 255)
        SDL_RenderClear(renderer)

        var builder = MeshBuilder(scale: scale, reusing: mesh)
        let button = layout.openButton
        builder.fillRoundedRect(button, radius: button.height * 0.25, color: look.buttonIsLit ? Self.buttonLit : Self.button)
        let recent = layout.recent.flatMap { rows in look.recent.map { (rows, $0) } }
        if let (rows, recentLook) = recent { Self.addRecentShapes(recentLook, layout: rows, to: &builder) }
        mesh = builder.mesh
        vertices.removeAll(keepingCapacity: true)
        for vertex in mesh.vertices {
            vertices.append(SDL_Vertex(position: SDL_FPoint(x: vertex.x, y: vertex.y),
                                       color: SDL_Color(r: vertex.color.r, g: vertex.color.g, b: vertex.color.b, a: vertex.color.a),
                                       tex_coord: SDL_FPoint(x: 0, y: 0)))
        }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), mesh.indices, Int32(mesh.indices.count))

        func place(_ texture: TextTexture, _ text: String, size: Double, at center: OverlayPoint, alpha: UInt8 = 255) {
            texture.update(text, pixelSize: Int32((size * scale).rounded()), font: font, renderer: renderer)
            texture.draw(in: texture.frame(centeredAt: OverlayPoint(x: center.x * scale, y: center.y * scale)),
                         alpha: alpha, renderer: renderer)
        }
        place(title, IdleLayout.title, size: layout.titleFontSize, at: layout.titleCenter)
        place(buttonLabel, IdleLayout.buttonLabel, size: layout.fontSize,
              at: OverlayPoint(x: button.midX, y: button.midY))
        place(hint, IdleLayout.hint, size: layout.fontSize, at: layout.hintCenter, alpha: Self.hintColor)
        if let text = look.message {
            place(message, text, size: layout.fontSize, at: layout.messageCenter, alpha: Self.hintColor)
        }
        if let (rows, recentLook) = recent {
            drawRecentContent(recentLook, layout: rows, renderer: renderer, scale: scale)
        } else {
            recentRows.removeAll()
        }
    }
}
