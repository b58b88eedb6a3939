"""The animation as a competent Python user would make it: skia-python draws every frame
from scratch (anti-aliased, bilinear image sampling), raw RGBA goes through a pipe into
ffmpeg, which builds a palette (palettegen) and maps the frames to it (paletteuse) with the
settings ffmpeg's documentation recommends for animations where little changes from frame to
frame: the palette from the pixels that change (stats_mode=diff), ordered Bayer dithering, and
only the rectangle that changed mapped again (diff_mode=rectangle).

The geometry and the motion follow the specification's formulas: the arc is the circle of
radius R = 2W/sqrt(3) around (0, 0) from 90 to 30 degrees, the buttons sit at 7.5 + 15i
degrees from the vertical, a move follows one cubic Bezier segment approximating the arc
(handle length k*R, k = 4/3 tan(sweep/4)) evaluated at the ease-out progress
cubic-bezier(0, 0, 0.58, 1), 0.7 s for a one-step move and 0.4 s per step otherwise.

Usage: skia_pipeline.py --assets DIR --out FILE.gif [--ffmpeg PATH] [--width 375]
       [--height 667] [--scale 2] [--fps 50] [--taps 1,3,0,2,1] [--hold 0.6]
"""

import argparse
import math
import os
import subprocess
import sys

import numpy as np
import skia

BUTTON_COUNT = 4
MARGIN_DEGREES = 7.5
DIAMETER = 50.0
BORDER_WIDTH = 2.0
ARC_WIDTH = 1.0
ONE_STEP_DURATION = 0.7
PER_STEP_DURATION = 0.4
EASE_OUT = (0.0, 0.0, 0.58, 1.0)
BOUNDARY_TOLERANCE = 1e-9


class UnitBezier:
    """A CSS cubic-bezier timing curve from (0, 0) to (1, 1), solved for x like WebKit:
    Newton steps first, bisection when they do not converge."""

    def __init__(self, x1, y1, x2, y2):
        self.cx = 3.0 * x1
        self.bx = 3.0 * (x2 - x1) - self.cx
        self.ax = 1.0 - self.cx - self.bx
        self.cy = 3.0 * y1
        self.by = 3.0 * (y2 - y1) - self.cy
        self.ay = 1.0 - self.cy - self.by

    def _x(self, s):
        return ((self.ax * s + self.bx) * s + self.cx) * s

    def _y(self, s):
        return ((self.ay * s + self.by) * s + self.cy) * s

    def _dx(self, s):
        return (3.0 * self.ax * s + 2.0 * self.bx) * s + self.cx

    def solve_x(self, x, epsilon=1e-9):
        s = x
        for _ in range(8):
            error = self._x(s) - x
            if abs(error) < epsilon:
                return s
            slope = self._dx(s)
            if abs(slope) < 1e-6:
                break
            s -= error / slope
        low, high = 0.0, 1.0
        s = min(max(x, low), high)
        while low < high:
            value = self._x(s)
            if abs(value - x) < epsilon:
                return s
            if x > value:
                low = s
            else:
                high = s
            s = (high - low) / 2.0 + low
            if high - low < 1e-15:
                break
        return s

    def progress(self, u):
        if u <= 0.0:
            return 0.0
        if u >= 1.0:
            return 1.0
        return self._y(self.solve_x(u))


class Scene:
    """Static layout and timeline of the default animation for the given settings."""

    def __init__(self, width, height, taps, hold):
        self.width = width
        self.height = height
        self.radius = 2.0 * width / math.sqrt(3.0)
        self.button_angles = []
        self.button_centers = []
        for i in range(BUTTON_COUNT):
            from_vertical = math.radians(MARGIN_DEGREES + 15.0 * i)
            phi = math.pi / 2.0 - from_vertical
            self.button_angles.append(phi)
            self.button_centers.append((self.radius * math.cos(phi), self.radius * math.sin(phi)))
        self.moves = []  # (start, duration, from, to)
        current, time = 0, hold
        for button in taps:
            if not 0 <= button < BUTTON_COUNT:
                raise ValueError("tap %d is outside buttons 0..%d" % (button, BUTTON_COUNT - 1))
            if button != current:
                steps = abs(button - current)
                duration = ONE_STEP_DURATION if steps == 1 else PER_STEP_DURATION * steps
                self.moves.append((time, duration, current, button))
                time += duration
                current = button
            time += hold
        self.total = time
        self.curve = UnitBezier(*EASE_OUT)

    def frame_count(self, fps):
        product = self.total * fps
        nearest = round(product)
        if abs(product - nearest) <= 1e-9 * max(1.0, abs(product)):
            return max(1, int(nearest))
        return max(1, int(math.ceil(product)))

    def bezier_point(self, start, end, v):
        """The cubic Bezier approximating the arc between two buttons, at parameter v."""
        phi_a, phi_b = self.button_angles[start], self.button_angles[end]
        sweep = phi_b - phi_a
        k = 4.0 / 3.0 * math.tan(abs(sweep) / 4.0)
        sign = 1.0 if sweep > 0 else -1.0
        r = self.radius
        p0 = (r * math.cos(phi_a), r * math.sin(phi_a))
        p3 = (r * math.cos(phi_b), r * math.sin(phi_b))
        p1 = (p0[0] - sign * k * r * math.sin(phi_a), p0[1] + sign * k * r * math.cos(phi_a))
        p2 = (p3[0] + sign * k * r * math.sin(phi_b), p3[1] - sign * k * r * math.cos(phi_b))
        w = 1.0 - v
        b0, b1, b2, b3 = w * w * w, 3.0 * w * w * v, 3.0 * w * v * v, v * v * v
        return (b0 * p0[0] + b1 * p1[0] + b2 * p2[0] + b3 * p3[0],
                b0 * p0[1] + b1 * p1[1] + b2 * p2[1] + b3 * p3[1])

    def head_at(self, t):
        """(centre, moving) of the head view or its moving copy at time t."""
        current = 0
        for start, duration, origin, target in self.moves:
            if start > t + BOUNDARY_TOLERANCE:
                break
            if t >= start + duration - BOUNDARY_TOLERANCE:
                current = target
                continue
            u = (t - start) / duration
            return self.bezier_point(origin, target, self.curve.progress(u)), True
        return self.button_centers[current], False


class Painter:
    """Draws one frame of the scene into a skia canvas, in points (the canvas is scaled)."""

    def __init__(self, scene, images):
        self.scene = scene
        self.images = images
        self.sampling = skia.SamplingOptions(skia.FilterMode.kLinear)
        self.arc_paint = skia.Paint(AntiAlias=True, Color=skia.ColorSetRGB(255, 0, 0),
                                    Style=skia.Paint.kStroke_Style, StrokeWidth=ARC_WIDTH,
                                    StrokeCap=skia.Paint.kRound_Cap)
        self.border_paint = skia.Paint(AntiAlias=True, Color=skia.ColorSetRGB(0, 255, 0),
                                       Style=skia.Paint.kStroke_Style, StrokeWidth=BORDER_WIDTH)
        self.blue_paint = skia.Paint(AntiAlias=True, Color=skia.ColorSetRGB(0, 0, 255))
        self.image_paint = skia.Paint(AntiAlias=True)

    def layer(self, canvas, center, image, background):
        """A bordered circular layer: background and image clipped to the circle, then the
        border ring, anti-aliased on its own."""
        cx, cy = center
        half = DIAMETER / 2.0
        bounds = skia.Rect.MakeLTRB(cx - half, cy - half, cx + half, cy + half)
        canvas.save()
        clip = skia.Path()
        clip.addCircle(cx, cy, half)
        canvas.clipPath(clip, skia.ClipOp.kIntersect, True)
        if background:
            canvas.drawRect(bounds, self.blue_paint)
        canvas.drawImageRect(image, bounds, self.sampling, self.image_paint)
        canvas.restore()
        canvas.drawCircle(cx, cy, half - BORDER_WIDTH / 2.0, self.border_paint)

    def draw(self, canvas, t):
        scene = self.scene
        canvas.clear(skia.ColorWHITE)
        r = scene.radius
        canvas.drawArc(skia.Rect.MakeLTRB(-r, -r, r, r), 90.0, -60.0, False, self.arc_paint)
        for i, center in enumerate(scene.button_centers):
            self.layer(canvas, center, self.images[i + 1], False)
        center, moving = scene.head_at(t)
        self.layer(canvas, center, self.images[0], moving)


def command(root, ffmpeg, out, images=None):
    """The command that runs this script with the bench's Python, drawing with the package's
    assets (the built-in avatars, or `images`: the head first) into `out`, its last argument."""
    arguments = [sys.executable, os.path.abspath(__file__), "--assets", os.path.join(root, "Assets"), "--ffmpeg", ffmpeg]
    return arguments + (["--images", ",".join(images)] if images else []) + ["--out", out]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--assets", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--ffmpeg", default="ffmpeg")
    parser.add_argument("--width", type=float, default=375.0)
    parser.add_argument("--height", type=float, default=667.0)
    parser.add_argument("--scale", type=int, default=2)
    parser.add_argument("--fps", type=int, default=50)
    parser.add_argument("--taps", default="1,3,0,2,1")
    parser.add_argument("--hold", type=float, default=0.6)
    parser.add_argument("--images", help="comma-separated pictures, the head first, then one per button "
                                          "(default: the built-in avatars from --assets)")
    args = parser.parse_args()

    scene = Scene(args.width, args.height, [int(x) for x in args.taps.split(",")], args.hold)
    names = ["myHead.png"] + ["%d.png" % (i + 1) for i in range(BUTTON_COUNT)]
    paths = args.images.split(",") if args.images else [os.path.join(args.assets, name) for name in names]
    images = []
    for path in paths:
        image = skia.Image.open(path)
        if image is None:
            sys.exit("skia_pipeline: cannot read %s" % path)
        images.append(image)

    pixel_width = int(round(args.width * args.scale))
    pixel_height = int(round(args.height * args.scale))
    pixels = np.zeros((pixel_height, pixel_width, 4), dtype=np.uint8)
    surface = skia.Surface(pixels, colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType)
    painter = Painter(scene, images)

    command = [args.ffmpeg, "-v", "error", "-y",
               "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "%dx%d" % (pixel_width, pixel_height),
               "-framerate", str(args.fps), "-i", "-",
               "-filter_complex", "[0:v]split[a][b];[a]palettegen=stats_mode=diff[p];"
               "[b][p]paletteuse=dither=bayer:diff_mode=rectangle",
               "-loop", "0", args.out]
    encoder = subprocess.Popen(command, stdin=subprocess.PIPE)
    try:
        with surface as canvas:
            canvas.scale(args.scale, args.scale)
            for k in range(scene.frame_count(args.fps)):
                painter.draw(canvas, k / args.fps)
                surface.flushAndSubmit()
                encoder.stdin.write(memoryview(pixels))
    finally:
        encoder.stdin.close()
        status = encoder.wait()
    if status != 0:
        sys.exit("skia_pipeline: ffmpeg exited with status %d" % status)


if __name__ == "__main__":
    main()
