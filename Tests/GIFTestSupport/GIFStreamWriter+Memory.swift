import GIFEncoding
import GIFFile

extension GIFStreamWriter {
    /// The bytes `parts` make when written through giflib.
    public static func bytes(of parts: [GIFStreamPart]) throws(GIFFileError) -> [UInt8] {
        let sink = MemoryByteSink()
        try GIFStreamWriter(sink: sink).write(parts)
        return sink.bytes
    }
}
