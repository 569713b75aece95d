import VPlayCore

/// `--list-properties`: one line per property of the registry.
public enum PropertyListText {
    public static func text() -> String {
        let rows = PropertyRegistry.all.map { property in
            [property.name, property.type.rawValue, property.isWritable ? "writable" : "read-only", property.help]
        }
        let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            zip(row, widths).map { cell, width in cell + String(repeating: " ", count: width - cell.count + 2) }.joined()
                + row[3] + "\n"
        }.joined()
    }
}
