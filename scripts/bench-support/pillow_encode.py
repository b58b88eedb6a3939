"""Pillow as a GIF encoder: reads the PNG frames of a folder and writes them as one
animated GIF with save_all and optimize, every frame shown for 1/fps seconds, looping.

Usage: pillow_encode.py FRAMES_DIR OUT.gif FPS"""

import glob
import os
import sys

from PIL import Image


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.strip().splitlines()[-1])
    folder, output, fps = sys.argv[1], sys.argv[2], int(sys.argv[3])
    paths = sorted(glob.glob(os.path.join(folder, "frame-*.png")))
    if not paths:
        sys.exit("pillow_encode: no frame-*.png in %s" % folder)
    frames = []
    for path in paths:
        with Image.open(path) as image:
            frames.append(image.convert("RGB"))
    frames[0].save(output, save_all=True, append_images=frames[1:], duration=1000 // fps,
                   loop=0, optimize=True)


if __name__ == "__main__":
    main()
