/// The version of render-gif, and of the C libraries it runs with, which the command prints
/// when asked.
public enum RenderGIFVersion {
    public static let string = "0.1.0"

    /// The C libraries this process runs with, as `LinkedLibrary.all` lists them.
    public static var libraries: [LinkedLibrary] { LinkedLibrary.all }

    /// What `render-gif --version` prints: "render-gif 0.1.0", then one library a line
    /// ("libpng 1.6.39"), so that two machines' lists can be compared line by line.
    public static var report: String {
        (["render-gif \(string)"] + libraries.map(\.description)).joined(separator: "\n") + "\n"
    }

    /// The libraries on one line ("libpng 1.6.39, zlib 1.2.13, ..."), as a failed check names them.
    public static var librariesLine: String {
        libraries.map(\.description).joined(separator: ", ")
    }
}
