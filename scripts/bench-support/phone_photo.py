"""A phone-camera picture for the benchmark, made from one of the sample photographs: a
12-megapixel portrait JPEG as phones write it, plus the same picture shrunk to the avatar's
100 px with Pillow's box filter for comparison.

The phone file is 4032 x 3024 pixels as stored, with Exif Orientation 6 (the camera was held
upright, so a viewer turns the stored pixels a quarter turn clockwise) and an embedded Display
P3 profile, its pixel values converted from sRGB to P3 so that it looks right. The sample is
enlarged to that size and given sensor-like noise, so it carries the fine detail and noise
of a real phone photograph.

    python phone_photo.py SOURCE DEST_FOLDER     # prints the two paths, phone file first"""

import io
import os
import sys

import numpy as np
from PIL import Image, ImageCms

import icc_profile

STORED_SIZE = (4032, 3024)
UPRIGHT_SIZE = (3024, 4032)
SMALL_SHORTER_SIDE = 100
NOISE_LEVEL = 6.0


def upright_picture(source_path):
    """The sample cropped to a 3:4 portrait, enlarged to 3024 x 4032, with seeded noise (sRGB)."""
    source = Image.open(source_path).convert("RGB")
    width, height = source.size
    crop_width = min(width, height * 3 // 4)
    crop_height = crop_width * 4 // 3
    left, top = (width - crop_width) // 2, (height - crop_height) // 2
    enlarged = source.crop((left, top, left + crop_width, top + crop_height)).resize(UPRIGHT_SIZE, Image.LANCZOS)
    pixels = np.asarray(enlarged, dtype=np.float32)
    noise = np.random.default_rng(20240601).normal(0.0, NOISE_LEVEL, pixels.shape).astype(np.float32)
    return Image.fromarray(np.clip(pixels + noise, 0, 255).round().astype(np.uint8))


def make(source_path, folder):
    """Writes phone-portrait.jpg and phone-portrait-100px.jpg into folder (once) and returns
    their paths."""
    phone = os.path.join(folder, "phone-portrait.jpg")
    small = os.path.join(folder, "phone-portrait-100px.jpg")
    if os.path.isfile(phone) and os.path.isfile(small):
        return phone, small
    os.makedirs(folder, exist_ok=True)
    upright = upright_picture(source_path)
    scale = SMALL_SHORTER_SIDE / min(UPRIGHT_SIZE)
    shrunk = upright.resize((round(UPRIGHT_SIZE[0] * scale), round(UPRIGHT_SIZE[1] * scale)), Image.BOX)
    shrunk.save(small + ".part", "JPEG", quality=90)
    p3 = icc_profile.profile("display-p3")
    srgb = ImageCms.createProfile("sRGB")
    in_p3 = ImageCms.profileToProfile(upright, srgb, ImageCms.ImageCmsProfile(io.BytesIO(p3)),
                                      renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
    stored = in_p3.transpose(Image.Transpose.ROTATE_90)  # Orientation 6 turns it back
    assert stored.size == STORED_SIZE
    exif = Image.Exif()
    exif[0x0112] = 6
    stored.save(phone + ".part", "JPEG", quality=90, exif=exif.tobytes(), icc_profile=p3)
    os.replace(small + ".part", small)
    os.replace(phone + ".part", phone)
    return phone, small


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: phone_photo.py SOURCE DEST_FOLDER")
    for path in make(sys.argv[1], sys.argv[2]):
        print(path)
