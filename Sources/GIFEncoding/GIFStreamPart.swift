/// A piece of an animated GIF as `AnimationEncoder` produces it, in file order: the screen
/// first, then the images, then the end. Turning the parts into a file (the header, blocks
/// and trailer) is the business of whoever takes them.
public enum GIFStreamPart: Sendable, Equatable {
    /// The logical screen, global colour table and loop count: the file's start.
    case screen(GIFScreen)
    /// One image with its delay, disposal, transparency, placement, optional local table and
    /// LZW data.
    case image(EncodedGIFImage)
    /// Nothing follows: the file's trailer.
    case end
}
