public enum VPlayVersion {
    public static let string = "0.1.0"
}
