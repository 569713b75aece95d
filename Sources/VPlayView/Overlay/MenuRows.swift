/// A plate of equal rows under a top padding, as the track menu and each plate of the context
/// menu are: where each row lies and which one a point is over. Numbers only, so that it can
/// be asked every frame without allocating.
public protocol MenuRows {
    /// The plate, paddings included.
    var frame: OverlayRect { get }
    var rowCount: Int { get }
    var rowHeight: Double { get }
    /// From the plate's top to the first row.
    var topPadding: Double { get }
}

extension MenuRows {
    /// The `index`th row (0 at the top), across the plate's width.
    public func rowFrame(_ index: Int) -> OverlayRect {
        OverlayRect(x: frame.minX, y: frame.minY + topPadding + Double(index) * rowHeight, width: frame.width,
                    height: rowHeight)
    }

    /// The row under `point`; nil outside the rows (the plate's padding included).
    public func row(at point: OverlayPoint) -> Int? {
        guard frame.contains(point), rowHeight > 0 else { return nil }
        var index = Int(((point.y - frame.minY - topPadding) / rowHeight).rounded(.down))
        // The division can land a point on a row's top edge in the row above: the row rects,
        // which the drawing uses too, have the last word.
        if index + 1 < rowCount, point.y >= rowFrame(index + 1).minY { index += 1 }
        if index >= 0, point.y < rowFrame(index).minY { index -= 1 }
        return (0..<rowCount).contains(index) ? index : nil
    }
}
