"""The input of the giflib floor: every frame's changed rectangle (the bounding box of the
pixels that differ from the previous frame; all of the first frame), mapped without
dithering to one fixed palette, with the delays the specification prescribes (cumulative
rounding to centiseconds, identical frames merged into the previous one's delay).

The palette is the global colour table of a given GIF (render-gif's own output), padded
to 256 entries, so the indices have the same statistics an encoder's frames would have.
The file layout is described in giflib_floor.c; measure runs giflib_floor on it."""

import os
import struct

import numpy as np
from PIL import Image

import measure


def global_palette(gif_path):
    """The first 256 RGB entries of the GIF's palette, padded with black."""
    with Image.open(gif_path) as gif:
        palette = gif.getpalette() or []
    palette = list(palette[:768])
    return bytes(palette + [0] * (768 - len(palette)))


def changed_rect(previous, current):
    """(left, top, width, height) of the pixels that differ between two RGBA arrays, or
    None when none do."""
    if previous is None:
        return (0, 0, current.shape[1], current.shape[0])
    differs = previous.view("<u4")[:, :, 0] != current.view("<u4")[:, :, 0]
    rows = np.flatnonzero(differs.any(axis=1))
    if rows.size == 0:
        return None
    columns = np.flatnonzero(differs.any(axis=0))
    top, bottom = int(rows[0]), int(rows[-1]) + 1
    left, right = int(columns[0]), int(columns[-1]) + 1
    return (left, top, right - left, bottom - top)


def write(reference, fps, palette_bytes, path):
    """Writes the floor's input for `reference`, a list of opaque RGBA arrays, to `path`.

    Returns (frames written, pixels in all rectangles)."""
    palette_image = Image.new("P", (1, 1))
    palette_image.putpalette(palette_bytes)
    height, width = reference[0].shape[:2]
    entries = []  # [left, top, w, h, first sample, indices]
    previous = None
    for k, frame in enumerate(reference):
        rect = changed_rect(previous, frame)
        previous = frame
        if rect is None:
            continue
        left, top, w, h = rect
        crop = Image.fromarray(np.ascontiguousarray(frame[top:top + h, left:left + w, :3]))
        indices = crop.quantize(palette=palette_image, dither=Image.Dither.NONE).tobytes()
        entries.append([left, top, w, h, k, indices])
    count = len(reference)
    pixels = 0
    with open(path, "wb") as out:
        out.write(b"GFLR" + struct.pack("<III", width, height, len(entries)) + palette_bytes)
        for index, (left, top, w, h, first, indices) in enumerate(entries):
            end = entries[index + 1][4] if index + 1 < len(entries) else count
            delay = round(100 * end / fps) - round(100 * first / fps)
            out.write(struct.pack("<IIIII", left, top, w, h, delay))
            out.write(indices)
            pixels += w * h
    return len(entries), pixels


def timed_runs(floor_bin, raw, out, repetitions, label="giflib floor"):
    """The milliseconds of each of `repetitions` encodings of the floor input `raw` into `out`,
    as `floor_bin` times them itself."""
    run = measure.run_once(label, [floor_bin, raw, out, str(repetitions)])
    times = [float(line.split()[1]) for line in run.stderr.splitlines() if line.startswith("floor: ")]
    if not times:
        raise RuntimeError("the giflib floor printed no times")
    return times


def measure_floor(floor_bin, reference, gif, fps, work, name, repetitions):
    """The giflib floor on the changed rectangles of `reference` (a list of opaque RGBA
    arrays) with `gif`'s palette: writes `work`/`name`.bin, runs `floor_bin` on it for
    `repetitions` timed encodings into `work`/`name`.gif, returns its figures."""
    raw = os.path.join(work, name + ".bin")
    out = os.path.join(work, name + ".gif")
    frames, pixels = write(reference, fps, global_palette(gif), raw)
    times = timed_runs(floor_bin, raw, out, repetitions, "giflib floor " + name)
    return {"frames": frames, "pixels": pixels, "repetitions": len(times), "ms_median": float(np.median(times)),
            "ms_all": times, "bytes": os.path.getsize(out)}
