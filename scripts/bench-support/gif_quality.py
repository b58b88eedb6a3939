"""How faithfully a GIF shows the reference frames, judged the way a viewer sees it, over
the whole frame and over the content.

Every GIF is decoded fully composited (Pillow applies each frame's disposal and
transparency; the result is put over white), and each decoded frame is shown for its delay.
The reference is the renderer's RGBA frames, frame k showing t = k / fps. Sample k of the
GIF is the frame on screen at t = k / fps, so merged frames, dropped frames and different
delays all line up on the same time grid. Per sample the PSNR is taken over R, G and B
(peak 255); identical samples count as PSNR_CAP dB.

The content is every pixel whose reference colour is not the white screen background (the
avatars, their borders, the arc). Three quarters of a frame is flat background that any
encoder reproduces exactly, so whole-frame PSNR hides banding in the pictures; content PSNR,
taken per sample over those pixels alone, does not."""

import glob
import math
import os
import sys

import numpy as np
from PIL import Image, ImageSequence

PSNR_CAP = 100.0
WHITE_WORD = 0xFFFFFFFF  # an opaque white pixel of over_white, read as one 32-bit word


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
    so a GIF frame shown during a still stretch is compared once, not once per sample.
    `content_pixels[k]` counts the pixels of frame k that are not the white background."""

    def __init__(self, folder):
        paths = sorted(glob.glob(os.path.join(folder, "frame-*.png")))
        if not paths:
            raise FileNotFoundError("no frame-*.png in %s" % folder)
        self.frames = []
        self.runs = []
        self.content_pixels = []
        for k, path in enumerate(paths):
            with Image.open(path) as image:
                frame = over_white(image)
            same = k > 0 and np.array_equal(frame, self.frames[-1])
            self.frames.append(self.frames[-1] if same else frame)
            self.runs.append(self.runs[-1] if same else k)
            self.content_pixels.append(self.content_pixels[-1] if same else
                                       int(np.count_nonzero(frame.view("<u4")[:, :, 0] != WHITE_WORD)))

    def __len__(self):
        return len(self.frames)


def squared_errors(shown, reference_frame):
    """(sum of squared differences over R, G and B of the whole frame, the same over the
    content pixels alone) between two opaque RGBA arrays from over_white, computed over the
    pixels that differ only."""
    reference_words = reference_frame.view("<u4")[:, :, 0]
    differs = shown.view("<u4")[:, :, 0] != reference_words
    difference = shown[differs][:, :3].astype(np.int32) - reference_frame[differs][:, :3].astype(np.int32)
    squared = np.einsum("ij,ij->i", difference, difference, dtype=np.int64)
    content = reference_words[differs] != WHITE_WORD
    return int(squared.sum()), int(squared[content].sum())


def psnr_from_mse(mse):
    return PSNR_CAP if mse == 0 else min(PSNR_CAP, 10.0 * math.log10(255.0 * 255.0 / mse))


def compare(gif_path, reference, fps):
    """Decodes `gif_path` onto the fps grid and compares it with `reference`.

    Returns a dict: frames in the GIF, its duration in centiseconds, the samples compared,
    mean, minimum and global (from the mean squared error) PSNR in dB over the whole frame,
    and mean, minimum and first-sample PSNR in dB over the content."""
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
    frame_values = 3.0 * width * height
    whole = [psnr_from_mse(error / frame_values) for error, _ in errors]
    content = [psnr_from_mse(error / (3.0 * count)) if count else PSNR_CAP
               for (_, error), count in zip(errors, reference.content_pixels)]
    mean_mse = sum(error for error, _ in errors) / (samples * frame_values)
    return {
        "gif_frames": gif_frames,
        "duration_cs": start_cs,
        "samples": samples,
        "psnr_mean_db": round(sum(whole) / samples, 3),
        "psnr_min_db": round(min(whole), 3),
        "psnr_global_db": round(psnr_from_mse(mean_mse), 3),
        "content_psnr_mean_db": round(sum(content) / samples, 3),
        "content_psnr_min_db": round(min(content), 3),
        "content_psnr_first_db": round(content[0], 3),
    }


def settle(decoded, errors, cache, reference, fps, limit_cs):
    """Fills the errors (whole frame, content) of samples shown by the frames in `decoded`
    ((start in cs, index, pixels), ascending): sample k (t = 100k/fps cs) shows the last
    frame starting at or before it. Only samples before `limit_cs` are settled, or all
    remaining ones when it is None. `cache` keeps errors by (GIF frame, reference run)."""
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
            cache[key] = squared_errors(shown[2], reference.frames[k])
        errors[k] = cache[key]


def compare_all(entries, reference, fps):
    """Sets "quality" of every entry (a dict with the "path" of its GIF, which is removed)."""
    for entry in entries:
        print("bench:   quality of %s" % entry["label"], file=sys.stderr, flush=True)
        entry["quality"] = compare(entry.pop("path"), reference, fps)
