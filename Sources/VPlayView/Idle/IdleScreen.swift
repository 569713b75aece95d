import CSDL2

/// Draws the idle window: "No file", the Open button (lit under the pointer), how else to
/// open a file, and a message when there is one. Redrawn only when something it shows changes.
/// Main thread only; released before the renderer it drew with.
public final class IdleScreen {
    private let font: Font
    private let title = TextTexture()
    private let buttonLabel = TextTexture()
    private let hint = TextTexture()
    private let message = TextTexture()
    private var vertices: [SDL_Vertex] = []
    private var mesh = Mesh()

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

        public init(layout: IdleLayout, buttonIsLit: Bool, message: String?) {
            self.layout = layout
            self.buttonIsLit = buttonIsLit
            self.message = message
        }
    }

    /// Draws `look` into `renderer`, whose output is `scale` pixels per window point.
    public func draw(_ look: Look, renderer: OpaquePointer, scale: Double) {
        let layout = look.layout
        let color = Self.background
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, 255)
        SDL_RenderClear(renderer)

        var builder = MeshBuilder(scale: scale, reusing: mesh)
        let button = layout.openButton
        builder.fillRoundedRect(button, radius: button.height * 0.25, color: look.buttonIsLit ? Self.buttonLit : Self.button)
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
        SDL_RenderPresent(renderer)
    }
}
