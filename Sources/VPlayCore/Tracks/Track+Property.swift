extension Track {
    /// The track as one entry of `track-list`, in mpv's names.
    public var propertyValue: PropertyValue {
        var fields: [String: PropertyValue] = [
            "id": .integer(id), "type": .text(kind.rawValue), "codec": .text(codec),
            "default": .flag(isDefault), "forced": .flag(isForced), "external": .flag(isExternal),
            "selected": .flag(isSelected || isSecondarySelection), "albumart": .flag(isAlbumArt),
        ]
        if isSelected || isSecondarySelection { fields["main-selection"] = .integer(isSecondarySelection ? 1 : 0) }
        // A subtitle file's own stream, as mpv numbers it.
        fields["ff-index"] = .integer(isExternal ? 0 : streamIndex)
        if let language { fields["lang"] = .text(language) }
        if let title { fields["title"] = .text(title) }
        if let externalFilename { fields["external-filename"] = .text(externalFilename) }
        if let width { fields["demux-w"] = .integer(width) }
        if let height { fields["demux-h"] = .integer(height) }
        if let fps { fields["demux-fps"] = .number(fps) }
        if let channelCount { fields["demux-channel-count"] = .integer(channelCount) }
        if let sampleRate { fields["demux-samplerate"] = .integer(sampleRate) }
        if let hlsBitrate { fields["hls-bitrate"] = .integer(hlsBitrate) }
        return .map(fields)
    }
}
