/// The version `render-gif --version` prints.
public enum RenderGIFVersion {
    public static let string = "0.1.0"
}
