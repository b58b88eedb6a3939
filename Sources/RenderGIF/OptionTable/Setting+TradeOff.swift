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
                + "gives 709 KB at 45.1 dB content PSNR, 128 gives 584 KB at 40.9 dB, 64 gives 482 KB at 36.6 dB, "
                + "32 gives 393 KB at 32.2 dB; with five photographs as avatars 1.49 MB at 38.9 dB, 1.25 MB at "
                + "36.1 dB, 993 KB at 33.1 dB and 768 KB at 29.9 dB."
        case .dither:
            return "Dithering trades content PSNR for a grain that hides banding, and turns off the refinement "
                + "of still pictures: on the default animation ordered gives 618 KB at 36.6 dB content PSNR and "
                + "diffusion 596 KB at 36.8 dB, against 709 KB at 45.1 dB for none; with five photographs as "
                + "avatars 1.28 MB at 33.2 and 33.5 dB against 1.49 MB at 38.9 dB."
        case .maxBytes:
            return "Over it, the first of these that fits is kept: the settings given, no dithering, looser "
                + "matching of the moving avatar for the compressor (on the default animation 680, 642 and "
                + "602 KB at 44.8, 44.1 and 42.5 dB content PSNR), no refined still pictures (457 KB at 37.0 dB), "
                + "then 128 down to 4 colours (64: 336 KB at 30.8 dB); if none fits, the run fails naming the "
                + "smallest size."
        default:
            return nil
        }
    }
}
