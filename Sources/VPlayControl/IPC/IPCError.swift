/// Failures a request can end in, spelled as mpv spells them in the `error` field.
enum IPCError: String, Error, Equatable {
    /// Malformed message, unknown command, or wrong arguments (mpv answers unknown commands this way too).
    case invalidParameter = "invalid parameter"
    case propertyNotFound = "property not found"
    /// The property exists but has no value now (no file, unknown duration...).
    case propertyUnavailable = "property unavailable"
    /// Setting a read-only property.
    case propertyAccess = "error accessing property"
    /// A well-formed command that could not be carried out.
    case commandFailed = "error running command"
}
