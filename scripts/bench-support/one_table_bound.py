"""What one colour table can do for a frame: the content PSNR of the best 256-colour table a
careful k-means finds for the first frame of an animation.

A GIF image holds one colour table, so this bounds the quality any encoder can reach on the
first frame without dithering (nearest-colour mapping gives each pixel the least error a
table allows). The table must also show the screen background, so white is held as one of
the 256 entries and k-means places the other 255: it is weighted by pixel count over the
distinct content colours (the same as k-means over every content pixel), starts from a
k-means++ seeding drawn with a fixed seed, runs Lloyd iterations until no colour changes
cluster, and keeps the best of a few starts. The centres are rounded to 8-bit values before
the error is measured, because that is what a GIF table stores.

    python one_table_bound.py FRAME.png     # prints the figures as JSON"""

import json
import sys

import numpy as np
from PIL import Image

import gif_quality

TABLE_SIZE = 256
STARTS = 3
MAX_ITERATIONS = 100
SEED = 1729
WHITE_WORD = 0xFFFFFFFF
WHITE = np.array([255.0, 255.0, 255.0])
CHUNK = 8192


def measure(frame):
    """Figures for one opaque RGBA frame over white (a gif_quality.Reference frame)."""
    words = frame.view("<u4")[:, :, 0].ravel()
    content_words = words[words != WHITE_WORD]
    if content_words.size == 0:
        return {"content_pixels": 0, "distinct_colours": 0, "content_psnr_db": gif_quality.PSNR_CAP}
    distinct, counts = np.unique(content_words, return_counts=True)
    colours = np.stack([(distinct >> shift) & 0xFF for shift in (0, 8, 16)], axis=1).astype(np.float64)
    weights = counts.astype(np.float64)
    best_error, best_start, iterations = None, 0, 0
    for start in range(STARTS):
        rng = np.random.default_rng(SEED + start)
        centres, used = _lloyd(colours, weights, _seed_centres(colours, weights, rng))
        error = _table_error(colours, counts, _table(centres))
        if best_error is None or error < best_error:
            best_error, best_start, iterations = error, start, used
    mse = best_error / (3.0 * content_words.size)
    return {
        "content_pixels": int(content_words.size),
        "distinct_colours": int(distinct.size),
        "starts": STARTS,
        "best_start_iterations": iterations,
        "best_start": best_start,
        "content_psnr_db": round(gif_quality.psnr_from_mse(mse), 3),
    }


def _nearest(points, centres):
    """(index of the nearest centre, squared distance to it) for every point, in chunks.
    Single precision is ample for distances below 3 * 255^2 and halves the memory traffic."""
    centres = centres.astype(np.float32)
    twice_centres = 2.0 * centres.T
    centre_norms = np.einsum("ij,ij->i", centres, centres)
    indices = np.empty(len(points), dtype=np.int64)
    distances = np.empty(len(points))
    for begin in range(0, len(points), CHUNK):
        block = points[begin:begin + CHUNK].astype(np.float32)
        squared = block @ twice_centres
        np.subtract(centre_norms[None, :], squared, out=squared)
        nearest = np.argmin(squared, axis=1)
        indices[begin:begin + CHUNK] = nearest
        distances[begin:begin + CHUNK] = np.maximum(
            squared[np.arange(len(block)), nearest] + np.einsum("ij,ij->i", block, block), 0.0)
    return indices, distances


def _seed_centres(colours, weights, rng):
    """k-means++: white first (held), then each centre drawn with probability proportional to
    pixel count times the squared distance to the nearest centre so far."""
    free = min(TABLE_SIZE - 1, len(colours))
    chosen = []
    distances = np.sum((colours - WHITE) ** 2, axis=1)
    for _ in range(free):
        mass = np.cumsum(weights * distances)
        if mass[-1] <= 0:
            break
        pick = int(np.searchsorted(mass, rng.random() * mass[-1], side="right"))
        pick = min(pick, len(colours) - 1)
        chosen.append(colours[pick])
        distances = np.minimum(distances, np.sum((colours - colours[pick]) ** 2, axis=1))
    return np.array(chosen).reshape(-1, 3)


def _lloyd(colours, weights, centres):
    """Lloyd iterations with white held as the last centre; an emptied centre moves to the
    colour that costs the most. Returns (free centres, iterations run)."""
    previous = None
    for iteration in range(1, MAX_ITERATIONS + 1):
        assignment, distances = _nearest(colours, np.vstack([centres, WHITE]))
        if previous is not None and np.array_equal(assignment, previous):
            return centres, iteration - 1
        previous = assignment
        totals = np.zeros((len(centres) + 1, 3))
        np.add.at(totals, assignment, colours * weights[:, None])
        mass = np.bincount(assignment, weights=weights, minlength=len(centres) + 1)
        filled = mass[:-1] > 0
        centres[filled] = totals[:-1][filled] / mass[:-1][filled, None]
        cost = weights * distances
        for index in np.flatnonzero(~filled):
            worst = int(np.argmax(cost))
            centres[index] = colours[worst]
            cost[worst] = 0.0
    return centres, MAX_ITERATIONS


def _table(centres):
    """The 8-bit table: the centres rounded, and white."""
    return np.vstack([np.clip(np.rint(centres), 0, 255), WHITE]).astype(np.int64)


def _table_error(colours, counts, table):
    """Sum of squared errors over every content pixel and channel when each colour takes its
    nearest table entry, in exact integers."""
    points = colours.astype(np.int64)
    total = 0
    for begin in range(0, len(points), CHUNK // 4):
        difference = points[begin:begin + CHUNK // 4, None, :] - table[None, :, :]
        squared = np.einsum("ijk,ijk->ij", difference, difference)
        total += int(np.dot(squared.min(axis=1), counts[begin:begin + CHUNK // 4]))
    return total


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: one_table_bound.py FRAME.png")
    with Image.open(sys.argv[1]) as image:
        print(json.dumps(measure(gif_quality.over_white(image)), indent=2))
