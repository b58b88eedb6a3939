/// The version of render-gif, which the command prints when asked.
public enum RenderGIFVersion {
    public static let string = "0.1.0"
}
