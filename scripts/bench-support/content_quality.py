"""Fidelity of a GIF on the pixels people look at: besides the whole frame, the content,
which is every pixel whose reference colour is not the screen background (the avatars, their
borders, the arc). Three quarters of a frame is flat background that any encoder reproduces
exactly, so whole-frame PSNR hides banding in the pictures; content PSNR does not.

The GIF is decoded composited and put on the reference's time grid exactly as gif_quality
does (sample k shows the frame on screen at t = k / fps); per sample the PSNR is taken over
R, G and B of the chosen pixels (peak 255, identical samples count as PSNR_CAP dB)."""

import numpy as np
from PIL import Image, ImageSequence

import gif_quality

BACKGROUND = (255, 255, 255)


def _errors(shown, reference_frame, background):
    """(squared error over the whole frame, over the content, content channel count)."""
    content = np.any(reference_frame[:, :, :3] != np.array(background, dtype=np.uint8), axis=2)
    difference = shown[:, :, :3].astype(np.int32) - reference_frame[:, :, :3].astype(np.int32)
    squared = np.einsum("ijk,ijk->ij", difference, difference, dtype=np.int64)
    return int(squared.sum()), int(squared[content].sum()), int(content.sum()) * 3


def compare(gif_path, reference, fps, background=BACKGROUND):
    """Whole-frame and content PSNR of `gif_path` against `reference` (a gif_quality.Reference):
    mean and worst sample for each, in dB."""
    samples = len(reference)
    height, width = reference.frames[0].shape[:2]
    whole = [None] * samples
    content = [None] * samples
    cache = {"next": 0}
    start_cs = 0
    with Image.open(gif_path) as gif:
        frames = ImageSequence.Iterator(gif)
        index = 0
        current = None
        for frame in frames:
            delay_cs = int(round(frame.info.get("duration", 0) / 10.0))
            current = gif_quality.over_white(frame)
            end_cs = start_cs + delay_cs
            _settle(current, index, start_cs, end_cs, reference, fps, whole, content, cache, background)
            start_cs = end_cs
            index += 1
        _settle(current, index - 1, None, None, reference, fps, whole, content, cache, background)
    pixels = width * height * 3.0
    whole_db = [gif_quality.psnr_from_mse(error / pixels) for error in whole]
    content_db = [gif_quality.psnr_from_mse(error / count) if count else gif_quality.PSNR_CAP
                  for error, count in content]
    return {
        "psnr_mean_db": round(sum(whole_db) / samples, 3),
        "psnr_min_db": round(min(whole_db), 3),
        "content_psnr_mean_db": round(sum(content_db) / samples, 3),
        "content_psnr_min_db": round(min(content_db), 3),
    }


def _settle(shown, index, start_cs, end_cs, reference, fps, whole, content, cache, background):
    """Fills the samples frame `index` shows: t in [start, end), or every sample still open
    when start is None (the last frame runs to the end)."""
    for k in range(cache["next"], len(reference)):
        if whole[k] is not None:
            continue
        time_cs_times_fps = 100 * k
        if start_cs is not None:
            if time_cs_times_fps < start_cs * fps:
                continue
            if time_cs_times_fps >= end_cs * fps:
                break
        key = (index, reference.runs[k])
        if key not in cache:
            cache[key] = _errors(shown, reference.frames[k], background)
        error, content_error, count = cache[key]
        whole[k] = error
        content[k] = (content_error, count)
        cache["next"] = k + 1
