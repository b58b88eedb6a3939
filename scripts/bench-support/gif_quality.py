"""How faithfully a GIF shows the reference frames, judged the way a viewer sees it.

Every GIF is decoded fully composited (Pillow applies each frame's disposal and
transparency; the result is put over white), and each decoded frame is shown for its delay.
The reference is the renderer's RGBA frames, frame k showing t = k / fps. Sample k of the
GIF is the frame on screen at t = k / fps, so merged frames, dropped frames and different
delays all line up on the same time grid. Per sample the PSNR is taken over R, G and B
(peak 255); identical samples count as PSNR_CAP dB."""

import glob
import math
import os

import numpy as np
from PIL import Image, ImageSequence

PSNR_CAP = 100.0


def over_white(image):
    """An RGBA array (height, width, 4) of `image` composited over opaque white: alpha is
    255 everywhere, so each pixel can be compared as one 32-bit word."""
    rgba = np.asarray(image.convert("RGBA"), dtype=np.uint8)
    words = rgba.view("<u4")[:, :, 0]
    if not (words < 0xFF000000).any():
        return rgba
    alpha = rgba[:, :, 3:4].astype(np.uint32)
    color = rgba[:, :, :3].astype(np.uint32)
    blended = np.empty_like(rgba)
    blended[:, :, :3] = (color * alpha + 255 * (255 - alpha) + 127) // 255
    blended[:, :, 3] = 255
    return blended


class Reference:
    """The reference frames of a folder (frame-00000.png, ...) as RGBA arrays over white.

    `runs[k]` is the first sample of the run of identical frames that sample k belongs to,
    so a GIF frame shown during a still stretch is compared once, not once per sample."""

    def __init__(self, folder):
        paths = sorted(glob.glob(os.path.join(folder, "frame-*.png")))
        if not paths:
            raise FileNotFoundError("no frame-*.png in %s" % folder)
        self.frames = []
        self.runs = []
        for k, path in enumerate(paths):
            with Image.open(path) as image:
                frame = over_white(image)
            same = k > 0 and np.array_equal(frame, self.frames[-1])
            self.frames.append(self.frames[-1] if same else frame)
            self.runs.append(self.runs[-1] if same else k)

    def __len__(self):
        return len(self.frames)


def squared_error(a, b):
    """The sum of squared differences over R, G and B of two opaque RGBA arrays from
    over_white, computed over the pixels that differ only."""
    differs = a.view("<u4")[:, :, 0] != b.view("<u4")[:, :, 0]
    difference = a[differs][:, :3].astype(np.int32) - b[differs][:, :3].astype(np.int32)
    return int(np.einsum("ij,ij->", difference, difference, dtype=np.int64))


def psnr_from_mse(mse):
    return PSNR_CAP if mse == 0 else min(PSNR_CAP, 10.0 * math.log10(255.0 * 255.0 / mse))


def compare(gif_path, reference, fps):
    """Decodes `gif_path` onto the fps grid and compares it with `reference`.

    Returns a dict: frames in the GIF, its duration in centiseconds, the samples compared,
    mean, minimum and global (from the mean squared error) PSNR in dB."""
    samples = len(reference)
    height, width = reference.frames[0].shape[:2]
    errors = [None] * samples
    cache = {}
    gif_frames = 0
    start_cs = 0
    with Image.open(gif_path) as gif:
        if gif.size != (width, height):
            raise ValueError("%s is %dx%d, the reference %dx%d" % (gif_path, gif.size[0], gif.size[1], width, height))
        decoded = []
        for frame in ImageSequence.Iterator(gif):
            delay_cs = int(round(frame.info.get("duration", 0) / 10.0))
            decoded.append((start_cs, gif_frames, over_white(frame)))
            start_cs += delay_cs
            gif_frames += 1
            # Samples whose time lies before this frame's end are settled by the frames so far.
            settle(decoded, errors, cache, reference, fps, limit_cs=start_cs)
            decoded = decoded[-1:]
    settle(decoded, errors, cache, reference, fps, limit_cs=None)
    per_sample = [psnr_from_mse(e / (width * height * 3.0)) for e in errors]
    mean_mse = sum(errors) / (samples * width * height * 3.0)
    return {
        "gif_frames": gif_frames,
        "duration_cs": start_cs,
        "samples": samples,
        "psnr_mean_db": round(sum(per_sample) / samples, 3),
        "psnr_min_db": round(min(per_sample), 3),
        "psnr_global_db": round(psnr_from_mse(mean_mse), 3),
    }


def settle(decoded, errors, cache, reference, fps, limit_cs):
    """Fills the errors of samples shown by the frames in `decoded` ((start in cs, index,
    pixels), ascending): sample k (t = 100k/fps cs) shows the last frame starting at or
    before it. Only samples before `limit_cs` are settled, or all remaining ones when it is
    None. `cache` keeps errors by (GIF frame, reference run)."""
    for k in range(len(reference)):
        if errors[k] is not None:
            continue
        if limit_cs is not None and 100 * k >= limit_cs * fps:
            break
        shown = decoded[0]
        for entry in decoded:
            if entry[0] * fps <= 100 * k:
                shown = entry
        key = (shown[1], reference.runs[k])
        if key not in cache:
            cache[key] = squared_error(shown[2], reference.frames[k])
        errors[k] = cache[key]
