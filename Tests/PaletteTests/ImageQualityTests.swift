import Foundation
@testable import Raster
import Testing
@testable import Palette

@Suite enum ImageQualityTests {
    @Test static func identicalImagesHaveInfinitePSNR() {
        let image = TestImages.gradient(size: 16)
        #expect(ImageQuality.psnr(image, image) == .infinity)
    }

    @Test static func oneCodeValueOffInOneChannelEverywhere() {
        // MSE = 1/3 (one channel of three differs by 1): PSNR = 10·log10(3·255²).
        let a = RGBAImage(width: 5, height: 3, filledWith: (10, 20, 30, 255))
        let b = RGBAImage(width: 5, height: 3, filledWith: (10, 21, 30, 255))
        let expected = 10 * Foundation.log10(3 * 65025.0)
        #expect(abs((ImageQuality.psnr(a, b) ?? 0) - expected) < 1e-9)
    }

    @Test static func differentSizesHaveNoPSNR() {
        let a = RGBAImage(width: 2, height: 2, filledWith: (0, 0, 0, 255))
        let b = RGBAImage(width: 2, height: 3, filledWith: (0, 0, 0, 255))
        #expect(ImageQuality.psnr(a, b) == nil)
    }
}
