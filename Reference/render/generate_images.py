"""Renders every scene in Reference/scenes/ to Reference/goldens/images/<scene>.png.

    python3 Reference/render/generate_images.py            # all scenes
    python3 Reference/render/generate_images.py NAME ...   # only these scenes

Needs pycairo, and numpy and mpmath for the scenes with contents, shadows or
animations (Debian: apt-get install python3-cairo python3-numpy python3-mpmath).
Deterministic: the same scene, cairo and libpng give the same bytes. Scenes are
rendered at time 0, with `contents` paths relative to Reference/scenes/.
"""

import glob
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import render_scene  # noqa: E402

REFERENCE = os.path.dirname(HERE)
SCENES = os.path.join(REFERENCE, "scenes")
IMAGES = os.path.join(REFERENCE, "goldens", "images")


def main(argv):
    os.makedirs(IMAGES, exist_ok=True)
    names = argv[1:] or sorted(os.path.splitext(os.path.basename(p))[0]
                               for p in glob.glob(os.path.join(SCENES, "*.json")))
    for name in names:
        out = os.path.join(IMAGES, name + ".png")
        surface = render_scene.render_file(os.path.join(SCENES, name + ".json"), out)
        print("%-28s %4dx%-4d %7d bytes" % (name, surface.get_width(), surface.get_height(),
                                             os.path.getsize(out)))
    print("%d images in %s (cairo %s)" % (len(names), IMAGES, render_scene.cairo.cairo_version_string()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
