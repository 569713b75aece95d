import CLibass

/// The user's style for text tracks that bring none of their own (SRT, WebVTT, mov_text): font,
/// size, colour and outline replace the plain style libavcodec gives them. ASS tracks keep
/// theirs. libass reads the user's numbers as for a 288-line script; ours are for 720 lines.
enum SubtitleTextStyle {
    /// - Parameters:
    ///   - restyles: the track brings no style of its own: the user's replaces it.
    ///   - alignsTop: lines go to the top of the picture, whatever their style says.
    static func apply(_ settings: SubtitleSettings, to renderer: OpaquePointer, restyles: Bool, alignsTop: Bool) {
        guard restyles || alignsTop else {
            ass_set_selective_style_override_enabled(renderer, 0)
            return
        }
        let scale = 288.0 / 720.0
        var style = ASS_Style()
        let color = settings.color
        // libass colours are 0xRRGGBBAA with AA the transparency.
        style.PrimaryColour = UInt32(color.red) << 24 | UInt32(color.green) << 16 | UInt32(color.blue) << 8 | UInt32(255 - color.alpha)
        style.SecondaryColour = style.PrimaryColour
        style.OutlineColour = 0x0000_0000
        style.BackColour = 0x0000_0080
        style.FontSize = settings.fontSize * scale
        style.ScaleX = 1
        style.ScaleY = 1
        style.BorderStyle = 1
        style.Outline = settings.borderSize * scale
        style.Shadow = 0
        // libass's own alignment numbers: centred (2) plus top (4).
        style.Alignment = 6
        settings.font.withCString { name in
            style.FontName = UnsafeMutablePointer(mutating: name)
            ass_set_selective_style_override(renderer, &style)
        }
        var bits = alignsTop ? ASS_OVERRIDE_BIT_ALIGNMENT.rawValue : 0
        if restyles {
            bits |= ASS_OVERRIDE_BIT_FONT_NAME.rawValue | ASS_OVERRIDE_BIT_FONT_SIZE_FIELDS.rawValue
                | ASS_OVERRIDE_BIT_COLORS.rawValue | ASS_OVERRIDE_BIT_BORDER.rawValue
        }
        ass_set_selective_style_override_enabled(renderer, Int32(bits))
    }
}
