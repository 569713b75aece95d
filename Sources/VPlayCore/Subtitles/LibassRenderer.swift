import CLibass

/// Owns an `ASS_Renderer`. Making one loads the font configuration, which may take seconds
/// the first time on a machine: never on the main thread (see `SubtitleFontLoader`).
final class LibassRenderer: @unchecked Sendable {
    let pointer: OpaquePointer
    let library: LibassLibrary

    init?(library: LibassLibrary) {
        guard let renderer = ass_renderer_init(library.pointer) else { return nil }
        pointer = renderer
        self.library = library
        ass_set_fonts(renderer, nil, "sans-serif", Int32(ASS_FONTPROVIDER_AUTODETECT.rawValue), nil, 1)
    }

    deinit { ass_renderer_done(pointer) }
}
