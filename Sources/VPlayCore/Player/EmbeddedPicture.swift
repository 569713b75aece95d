import Foundation

/// A picture stored in a media file (an album cover), as its encoded bytes. Compared by
/// identity: the state snapshot holding it is compared every turn, the bytes never are.
public final class EmbeddedPicture: Sendable, Equatable {
    public let data: Data
    /// `jpg`, `png`, …: what to name a file holding it.
    public let fileExtension: String

    public init(data: Data, fileExtension: String) {
        self.data = data
        self.fileExtension = fileExtension
    }

    public static func == (left: EmbeddedPicture, right: EmbeddedPicture) -> Bool {
        left === right
    }
}
