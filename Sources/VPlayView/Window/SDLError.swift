import CSDL2

/// A failure of SDL with its own explanation, for one stderr line.
public struct SDLError: Error, CustomStringConvertible {
    public let description: String

    init(_ what: String) {
        description = "\(what): \(String(cString: SDL_GetError()))"
    }
}
