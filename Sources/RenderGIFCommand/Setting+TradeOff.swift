import RenderGIF
/// What the encoding settings trade, in words, for their help lines. The measured bytes and
/// picture quality of each choice change with every encoder change: they live in
/// `scripts/bench`'s output and docs/performance.md, never here.
extension Setting {
    /// What an encoding setting costs and buys, one or two sentences; nil for the others.
    var tradeOff: String? {
        switch self {
        case .colors:
            return "Fewer colours make smaller files and coarser pictures."
        case .dither:
            return "Dithering trades picture accuracy for a grain that hides banding, and turns off the "
                + "refinement of still pictures."
        case .maxBytes:
            return "Over it, the first of these that fits is kept: the settings given, no dithering, looser "
                + "matching of the moving avatar for the compressor, no refined still pictures, then 128 down "
                + "to 4 colours; if none fits, the run fails naming the smallest size."
        default:
            return nil
        }
    }
}
