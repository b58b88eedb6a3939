/// What the encoding settings cost and buy, as measured, for their help lines.
///
/// The figures are GIF bytes (KB and MB of 1000) and content PSNR, the PSNR over the pixels
/// that are not the white background, from two renders: the default animation (750 x 1334 px,
/// 390 frames) and the same with five photographs as avatars (astronaut, coffee, chelsea,
/// hubble_deep_field and rocket from scikit-image's samples, as `scripts/bench` fetches them).
extension Setting {
    /// The measured trade-off of an encoding setting, one or two sentences; nil for the others.
    var tradeOff: String? {
        switch self {
        case .colors:
            return "Fewer colours make smaller files and coarser pictures: on the default animation 256 "
                + "(of which the encoder keeps 128 there) gives 475 KB at 35.7 dB content PSNR, 64 gives 403 KB at "
                + "31.6 dB, 32 gives 337 KB at 26.9 dB; with five photographs as avatars 1.26 MB at 35.1 dB, "
                + "873 KB at 29.7 dB and 682 KB at 26.4 dB."
        case .dither:
            return "Dithering trades bytes and PSNR for smoother-looking gradients: on the default animation "
                + "ordered gives 535 KB at 33.1 dB content PSNR and diffusion 515 KB at 33.2 dB, against 475 KB "
                + "at 35.7 dB for none; with five photographs as avatars 1.30 MB at 33.0 and 33.1 dB against "
                + "1.26 MB at 35.1 dB; at 32 colours still 369 and 392 KB at 25.3 and 25.2 dB against 337 KB at 26.9 dB."
        case .maxBytes:
            return "Over it, the first of these that fits is kept: the settings given, no dithering, looser "
                + "matching of the moving avatar for the compressor (on the default animation 456, 421 and "
                + "384 KB at 35.6, 35.2 and 34.3 dB content PSNR), then 128 down to 4 colours (64: 336 KB at "
                + "30.8 dB); if none fits, the run fails naming the smallest size."
        default:
            return nil
        }
    }
}
