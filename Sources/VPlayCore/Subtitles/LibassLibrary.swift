import CLibass
import Foundation

/// Owns an `ASS_Library`: the fonts a file brings (Matroska attachments) live here, and the
/// renderer and tracks made from it keep it alive.
final class LibassLibrary: @unchecked Sendable {
    let pointer: OpaquePointer

    init?() {
        guard let library = ass_library_init() else { return nil }
        pointer = library
        vp_ass_quiet_messages(library)
        // Fonts named in a script's [Fonts] section are used too, as attachments are.
        ass_set_extract_fonts(library, 1)
    }

    deinit { ass_library_done(pointer) }

    /// Makes a font file's bytes available under `name`; call before the renderer is made.
    func addFont(named name: String, data: UnsafeRawBufferPointer) {
        guard let base = data.baseAddress, data.count > 0, data.count <= Int(Int32.max) else { return }
        ass_add_font(pointer, name, base.assumingMemoryBound(to: CChar.self), Int32(data.count))
    }
}
