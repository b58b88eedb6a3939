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
    """An RGB array of `image` composited over opaque white."""
    rgba = np.asarray(image.convert("RGBA"), dtype=np.uint8)
    alpha = rgba[:, :, 3:4]
    if alpha.min() == 255:
        return np.ascontiguousarray(rgba[:, :, :3])
    color = rgba[:, :, :3].astype(np.uint32)
    a = alpha.astype(np.uint32)
    blended = (color * a + 255 * (255 - a) + 127) // 255
    return blended.astype(np.uint8)


def load_reference(folder):
    """The reference frames of `folder` (frame-00000.png, ...) as RGB arrays over white."""
    paths = sorted(glob.glob(os.path.join(folder, "frame-*.png")))
    if not paths:
        raise FileNotFoundError("no frame-*.png in %s" % folder)
    frames = []
    for path in paths:
        with Image.open(path) as image:
            frames.append(over_white(image))
    return frames


def squared_error(a, b):
    """The sum of squared differences of two uint8 arrays of the same shape."""
    difference = a.astype(np.int32) - b.astype(np.int32)
    return int(np.einsum("ijk,ijk->", difference, difference, dtype=np.int64))


def psnr_from_mse(mse):
    return PSNR_CAP if mse == 0 else min(PSNR_CAP, 10.0 * math.log10(255.0 * 255.0 / mse))


def compare(gif_path, reference, fps):
    """Decodes `gif_path` onto the fps grid and compares it with `reference`.

    Returns a dict: frames in the GIF, its duration in centiseconds, the samples compared,
    mean, minimum and global (from the mean squared error) PSNR in dB."""
    samples = len(reference)
    height, width = reference[0].shape[:2]
    errors = [None] * samples
    gif_frames = 0
    start_cs = 0
    with Image.open(gif_path) as gif:
        if gif.size != (width, height):
            raise ValueError("%s is %dx%d, the reference %dx%d" % (gif_path, gif.size[0], gif.size[1], width, height))
        decoded = []
        for frame in ImageSequence.Iterator(gif):
            delay_cs = int(round(frame.info.get("duration", 0) / 10.0))
            decoded.append((start_cs, over_white(frame)))
            start_cs += delay_cs
            gif_frames += 1
            # Samples whose time lies before this frame's end are settled by the frames so far.
            settle(decoded, errors, reference, fps, limit_cs=start_cs)
            decoded = decoded[-1:]
    settle(decoded, errors, reference, fps, limit_cs=None)
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


def settle(decoded, errors, reference, fps, limit_cs):
    """Fills the errors of samples shown by the frames in `decoded` (start times in cs,
    ascending): sample k (t = 100k/fps cs) shows the last frame starting at or before it.
    Only samples before `limit_cs` are settled, or all remaining ones when it is None."""
    for k in range(len(reference)):
        if errors[k] is not None:
            continue
        if limit_cs is not None and 100 * k >= limit_cs * fps:
            break
        shown = None
        for start, pixels in decoded:
            if start * fps <= 100 * k:
                shown = pixels
        if shown is None:
            shown = decoded[0][1]
        errors[k] = squared_error(shown, reference[k])
