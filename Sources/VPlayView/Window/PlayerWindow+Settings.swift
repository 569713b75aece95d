import CSDL2
import CX11Window
import VPlayCore

/// The window settings (`ontop`, `window-scale`, picture-in-picture) carried out on the window.
extension PlayerWindow {
    /// Carries out what changed in `settings` since the last call; true when anything did.
    /// - Parameter pictureSize: the picture's displayed size at 100 %, for `window-scale`.
    @discardableResult
    public func apply(_ settings: WindowSettings, pictureSize: (width: Int, height: Int)?) -> Bool {
        let old = appliedSettings ?? WindowSettings()
        let first = appliedSettings == nil
        guard first || settings != old else { return false }
        appliedSettings = settings
        if settings.isPictureInPicture != old.isPictureInPicture {
            setPictureInPicture(settings.isPictureInPicture, pictureSize: pictureSize)
        }
        if first || settings.isOnTop != old.isOnTop || settings.isPictureInPicture != old.isPictureInPicture {
            setOnTop(settings.isOnTop || settings.isPictureInPicture)
        }
        if !first, settings.scale != old.scale, !settings.isPictureInPicture, let pictureSize {
            if isFullscreen { setFullscreen(false) }
            resize(width: Int((Double(pictureSize.width) * settings.scale).rounded()),
                   height: Int((Double(pictureSize.height) * settings.scale).rounded()))
        }
        return true
    }

    private func setOnTop(_ on: Bool) {
        SDL_SetWindowAlwaysOnTop(window, on ? SDL_TRUE : SDL_FALSE)
        vp_x11_set_above_unmanaged(UnsafeMutableRawPointer(window), on ? 1 : 0)
    }

    /// In: a borderless window a quarter of the screen wide in its lower right corner. Out:
    /// back where it was, as large as it was.
    private func setPictureInPicture(_ on: Bool, pictureSize: (width: Int, height: Int)?) {
        if on {
            var frame = SDL_Rect()
            SDL_GetWindowPosition(window, &frame.x, &frame.y)
            SDL_GetWindowSize(window, &frame.w, &frame.h)
            if isFullscreen { setFullscreen(false) } else { normalFrame = frame }
            SDL_SetWindowBordered(window, SDL_FALSE)
            var screen = SDL_Rect()
            guard SDL_GetDisplayUsableBounds(max(0, SDL_GetWindowDisplayIndex(window)), &screen) == 0 else { return }
            let size = PictureInPicture.size(picture: pictureSize ?? (Int(frame.w), Int(frame.h)),
                                             screen: (Int(screen.w), Int(screen.h)))
            SDL_SetWindowSize(window, Int32(size.width), Int32(size.height))
            SDL_SetWindowPosition(window, screen.x + screen.w - Int32(size.width + PictureInPicture.margin),
                                  screen.y + screen.h - Int32(size.height + PictureInPicture.margin))
        } else {
            drag = nil
            SDL_SetWindowBordered(window, SDL_TRUE)
            if let frame = normalFrame {
                SDL_SetWindowSize(window, frame.w, frame.h)
                SDL_SetWindowPosition(window, frame.x, frame.y)
            }
            normalFrame = nil
        }
    }

    /// Picture-in-picture: a press on the picture starts moving the window with the pointer.
    public var isDraggable: Bool { appliedSettings?.isPictureInPicture ?? false }

    public func beginDrag() {
        var pointer = (x: Int32(0), y: Int32(0)), origin = (x: Int32(0), y: Int32(0))
        SDL_GetGlobalMouseState(&pointer.x, &pointer.y)
        SDL_GetWindowPosition(window, &origin.x, &origin.y)
        drag = WindowDrag(pointer: (Int(pointer.x), Int(pointer.y)), window: (Int(origin.x), Int(origin.y)))
    }

    /// Follows the pointer while a drag is under way; true when it is.
    public func followDrag() -> Bool {
        guard let drag else { return false }
        var pointer = (x: Int32(0), y: Int32(0))
        SDL_GetGlobalMouseState(&pointer.x, &pointer.y)
        let position = drag.position(forPointer: (Int(pointer.x), Int(pointer.y)))
        SDL_SetWindowPosition(window, Int32(position.x), Int32(position.y))
        return true
    }

    public func endDrag() {
        drag = nil
    }
}

/// The picture-in-picture window's size: a quarter of the screen wide (at least 320 pixels,
/// at most the screen), the picture's shape kept. Pure, for tests.
public enum PictureInPicture {
    public static let margin = 16

    public static func size(picture: (width: Int, height: Int), screen: (width: Int, height: Int)) -> (width: Int, height: Int) {
        guard picture.width > 0, picture.height > 0, screen.width > 0, screen.height > 0 else { return (320, 180) }
        let aspect = Double(picture.width) / Double(picture.height)
        var width = min(screen.width, max(320, screen.width / 4))
        var height = Int((Double(width) / aspect).rounded())
        let tallest = screen.height / 2
        if height > tallest {
            height = tallest
            width = Int((Double(height) * aspect).rounded())
        }
        return (width, height)
    }
}

/// A window moved with the pointer: where each was when the drag began.
struct WindowDrag {
    var pointer: (x: Int, y: Int)
    var window: (x: Int, y: Int)

    func position(forPointer now: (x: Int, y: Int)) -> (x: Int, y: Int) {
        (window.x + now.x - pointer.x, window.y + now.y - pointer.y)
    }
}
