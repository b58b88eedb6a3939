"""The other GIF encoders, run on a folder of render-gif's PNG frames (`--frames`): ffmpeg
with a palette made from the frame differences and bayer or sierra2_4a dithering,
ImageMagick's -layers Optimize, gifsicle -O3 on ImageMagick's GIF, and Pillow. Each is
measured like render-gif (median wall time, peak RSS) and its GIF kept for the quality
comparison. Called by bench.py for the built-in avatars and by bench_photos.py for the
photographs."""

import os
import sys

import measure

PILLOW_SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pillow_encode.py")


def _ffmpeg_palette(dither):
    return ("[0:v]split[a][b];[a]palettegen=stats_mode=diff[p];"
            "[b][p]paletteuse=dither=%s:diff_mode=rectangle" % dither)


def run(tools, frames, work, prefix, fps, runs, budget, pillow=True):
    """Runs the encoders on `frames`, writing `work`/`prefix`NAME.gif; `tools` holds the
    paths of ffmpeg, convert and gifsicle and the bench's work folder (for ImageMagick's
    policy). Returns one entry per encoder: key, label, the measurement's figures, bytes and
    the GIF's path. Pillow, the slowest and largest, is left out when `pillow` is false."""
    pngs = sorted(os.path.join(frames, name) for name in os.listdir(frames) if name.endswith(".png"))
    pattern = os.path.join(frames, "frame-%05d.png")
    magick_env = dict(os.environ, MAGICK_CONFIGURE_PATH=os.path.join(tools.work, "magick"))
    entries = []

    def encoder(key, name, label, command, env=None):
        output = os.path.join(work, prefix + name)
        measured = measure.repeat(label, command(output), runs, budget, env=env, before_each=measure.remover(output))
        entry = dict(measured.to_json(), key=key, label=label, bytes=os.path.getsize(output), path=output)
        entries.append(entry)
        return entry

    ffmpeg = [tools.ffmpeg, "-v", "error", "-y", "-framerate", str(fps), "-i", pattern, "-filter_complex"]
    encoder("ffmpeg_bayer", "ffmpeg-bayer.gif", "ffmpeg palettegen diff + bayer:5 rect",
            lambda out: ffmpeg + [_ffmpeg_palette("bayer:bayer_scale=5"), out])
    encoder("ffmpeg_sierra", "ffmpeg-sierra.gif", "ffmpeg palettegen diff + sierra2_4a",
            lambda out: ffmpeg + [_ffmpeg_palette("sierra2_4a"), out])
    magick = encoder("imagemagick", "imagemagick.gif", "ImageMagick -layers Optimize",
                     lambda out: [tools.convert, "-delay", str(100 // fps), "-loop", "0"] + pngs +
                     ["-layers", "Optimize", out], env=magick_env)
    gifsicle = encoder("imagemagick_gifsicle", "imagemagick-gifsicle.gif", "ImageMagick + gifsicle -O3",
                       lambda out: [tools.gifsicle, "-O3", magick["path"], "-o", out])
    gifsicle["gifsicle_seconds_median"] = gifsicle["seconds_median"]
    gifsicle["seconds_median"] = round(gifsicle["seconds_median"] + magick["seconds_median"], 4)
    if pillow:
        encoder("pillow", "pillow.gif", "Pillow save_all optimize",
                lambda out: [sys.executable, PILLOW_SCRIPT, frames, out, str(fps)])
    return entries
