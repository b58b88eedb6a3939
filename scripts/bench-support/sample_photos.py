"""Real photographs for the benchmark: public-domain and CC0 sample pictures that the
scikit-image wheel on PyPI ships in skimage/data. Only the wheel is downloaded (no install);
the five pictures are extracted into a folder of the bench's work area.

    python sample_photos.py DEST      # prints one path per line, head first

Licences, as the package's own documentation states them: astronaut (NASA, public domain),
coffee (CC0, Rachel Michetti), chelsea (CC0, Stefan van der Walt), hubble_deep_field
(NASA, public domain), rocket (SpaceX, public domain)."""

import glob
import os
import subprocess
import sys
import tempfile
import zipfile

PACKAGE = "scikit-image==0.26.0"
# The head first, then one picture per button of the default scene.
PHOTOS = ["astronaut.png", "coffee.png", "chelsea.png", "hubble_deep_field.jpg", "rocket.jpg"]


def fetch(dest):
    """Extracts PHOTOS into dest (downloading the wheel once) and returns their paths."""
    paths = [os.path.join(dest, name) for name in PHOTOS]
    if all(os.path.isfile(path) for path in paths):
        return paths
    os.makedirs(dest, exist_ok=True)
    with tempfile.TemporaryDirectory() as download:
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
                        "--no-deps", "--only-binary=:all:", "-d", download, PACKAGE], check=True)
        wheels = glob.glob(os.path.join(download, "scikit_image-*.whl"))
        if not wheels:
            raise RuntimeError("pip downloaded no scikit-image wheel")
        with zipfile.ZipFile(wheels[0]) as wheel:
            for name, path in zip(PHOTOS, paths):
                with wheel.open("skimage/data/" + name) as source, open(path + ".part", "wb") as target:
                    target.write(source.read())
                os.replace(path + ".part", path)
    return paths


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: sample_photos.py DEST")
    for path in fetch(sys.argv[1]):
        print(path)
