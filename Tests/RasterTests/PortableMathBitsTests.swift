import Testing
@testable import Raster

/// The portable trigonometry pinned to exact bits: these are the values every machine must
/// compute, so a change to the algorithm (or a compiler contracting its operations) shows here
/// first. Each value was checked against the C library when pinned: equal or one unit in the
/// last place apart, except cos and tan at the double nearest π/2, whose result is a tiny
/// number (cos ≈ 6.1e-17) correct to an absolute 1e-24.
@Suite enum PortableMathBitsTests {
    /// (angle, cos, sin, tan) as IEEE 754 bit patterns.
    static let angles: [(UInt64, UInt64, UInt64, UInt64)] = [
        (0x3FC0_C152_382D_7365, 0x3FEF_B9EA_92EC_689B, 0x3FC0_B515_0F6D_A2D0, 0x3FC0_D9FD_31C9_8BF8),  // 7.5°, the button margin
        (0x3FE0_C152_382D_7365, 0x3FEB_B67A_E858_4CAB, 0x3FDF_FFFF_FFFF_FFFF, 0x3FE2_79A7_4590_331B),  // 30°
        (0x3FF0_C152_382D_7365, 0x3FE0_0000_0000_0001, 0x3FEB_B67A_E858_4CAA, 0x3FFB_B67A_E858_4CA8),  // 60°, the arc's span
        (0x3FF9_21FB_5444_2D18, 0x3C91_A626_3310_0000, 0x3FF0_0000_0000_0000, 0x434D_0296_7C38_F825),  // 90°
        (0x4000_C152_382D_7365, 0xBFDF_FFFF_FFFF_FFFC, 0x3FEB_B67A_E858_4CAC, 0xBFFB_B67A_E858_4CAF),  // 120°
        (0x3FE9_21FB_5444_2D18, 0x3FE6_A09E_667F_3BCD, 0x3FE6_A09E_667F_3BCC, 0x3FEF_FFFF_FFFF_FFFF),  // 45°
        (0xBFD3_3333_3333_3333, 0x3FEE_921D_D42F_09BA, 0xBFD2_E9CD_95BA_BA33, 0xBFD3_CC2A_44E2_9997),  // -0.3
        (0x3E11_2E0B_E826_D695, 0x3FF0_0000_0000_0000, 0x3E11_2E0B_E826_D695, 0x3E11_2E0B_E826_D695),  // 1e-9
        (0x4008_0000_0000_0000, 0xBFEF_AE04_BE85_E5D2, 0x3FC2_1038_6DB6_D55B, 0xBFC2_3EF7_1254_B86F),  // 3
        (0x4024_0000_0000_0000, 0xBFEA_D9AC_890C_6B1F, 0xBFE1_689E_F5F3_4F53, 0x3FE4_BF5F_34BE_3783),  // 10
        (0x4059_0000_0000_0000, 0x3FEB_981D_BF66_5FE0, 0xBFE0_3425_B78C_4DB8, 0xBFE2_CA74_D62B_5D37),  // 100
        (0x40C8_1CD6_C8B4_3958, 0x3FE6_B94C_3BBE_24B8, 0xBFE6_87D5_8909_74A5, 0xBFEF_BA58_3632_3A4D),  // 12345.678
    ]

    /// (y, x, atan2(y, x)) as IEEE 754 bit patterns.
    static let arcTangents: [(UInt64, UInt64, UInt64)] = [
        (0x3FF0_0000_0000_0000, 0x3FF0_0000_0000_0000, 0x3FE9_21FB_5444_2D18),  // (1, 1)
        (0x3FF0_0000_0000_0000, 0xBFF0_0000_0000_0000, 0x4002_D97C_7F33_21D2),  // (1, -1)
        (0xBFF0_0000_0000_0000, 0xBFF0_0000_0000_0000, 0xC002_D97C_7F33_21D2),  // (-1, -1)
        (0x3FD3_3333_3333_3333, 0x4000_0000_0000_0000, 0x3FC3_0ED3_67D7_CD04),  // (0.3, 2)
        (0x4000_0000_0000_0000, 0xBFD3_3333_3333_3333, 0x3FFB_83D5_C13F_26B8),  // (2, -0.3)
        (0x0000_0000_0000_0000, 0xBFF0_0000_0000_0000, 0x4009_21FB_5444_2D18),  // (0, -1): π
        (0x8000_0000_0000_0000, 0x3FF0_0000_0000_0000, 0x8000_0000_0000_0000),  // (-0, 1): -0
        (0x01A5_6E1F_C2F8_F359, 0x3FF0_0000_0000_0000, 0x01A5_6E1F_C2F8_F359),  // (1e-300, 1)
        (0x4075_A800_0000_0000, 0xC069_0800_0000_0000, 0x4000_C233_0213_CAE9),  // (346.5, -200.25)
        (0x3FE0_0000_0000_0000, 0x3FEB_B67A_E858_4CAA, 0x3FE0_C152_382D_7366),  // (1/2, √3/2)
    ]

    @Test static func cosineSineAndTangentHaveTheirPinnedBits() {
        for (angle, cosine, sine, tangent) in angles {
            let x = Double(bitPattern: angle)
            let (c, s) = PortableMath.cosSin(x)
            #expect(c.bitPattern == cosine, "cos(\(x)) = \(c)")
            #expect(s.bitPattern == sine, "sin(\(x)) = \(s)")
            #expect(PortableMath.tan(x).bitPattern == tangent, "tan(\(x))")
            #expect(PortableMath.sin(x).bitPattern == sine && PortableMath.cos(x).bitPattern == cosine)
        }
    }

    @Test static func arcTangentHasItsPinnedBits() {
        for (y, x, expected) in arcTangents {
            let result = PortableMath.atan2(Double(bitPattern: y), Double(bitPattern: x))
            #expect(result.bitPattern == expected, "atan2(\(Double(bitPattern: y)), \(Double(bitPattern: x))) = \(result)")
        }
    }
}
