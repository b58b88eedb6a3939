import GIFEncoding
import ImageCodecs

extension GIFStreamWriter {
    /// The bytes `parts` make when written through giflib.
    public static func bytes(of parts: [GIFStreamPart]) throws(ImageCodecError) -> [UInt8] {
        let sink = MemoryByteSink()
        try GIFStreamWriter(sink: sink).write(parts)
        return sink.bytes
    }
}
