"""Text goldens: an independent renderer of text layers (issue 20, section 1).

    python3 Reference/render/text.py            # every scene in Reference/scenes-text/
    python3 Reference/render/text.py NAME ...   # only these

Each scene (the `cadence render` format, restricted: a canvas at scale 1 and text layers
placed by `frame` at whole pixels, no transform: a backing store at a sub-pixel position
is resampled, docs/compositor.md § 16, which this renderer does not model) is laid out here, in plain Python, by the rules of
docs/text.md (first baseline at the ascender, lines the font's line height apart, greedy
wrapping after runs of spaces with hanging spaces, kerning between every pair of
neighbours, left/right/center/justified alignment), and drawn by cairo: the glyphs come
from cairo's own font stack (fontconfig and cairo-ft through the toy font API, unhinted,
metrics unhinted) and are filled by cairo's rasterizer through `glyph_path`. Kerning is
read from the font's `kern` table by this file's own parser (cairo does not kern).

Writes Reference/goldens/text/<scene>.png (premultiplied RGBA, cairo's ARGB32) and
<scene>.glyphs.json: for each text layer, each line's baseline and each glyph's index and
pen x, in canvas pixels. Needs pycairo (Debian: apt-get install python3-cairo) and
fonts-dejavu-core. Deterministic for a given cairo, FreeType and font file.
"""

import json
import math
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from cairo_loader import cairo  # noqa: E402

REFERENCE = os.path.dirname(HERE)
SCENES = os.path.join(REFERENCE, "scenes-text")
GOLDENS = os.path.join(REFERENCE, "goldens", "text")

# cairo flattens curves within this many pixels (its default, 0.1, moves edge pixels of
# small glyphs by up to a quarter of their coverage).
TOLERANCE = 0.005

LAYER_FIELDS = {"name", "class", "frame", "string", "font", "fontSize", "foregroundColor", "wrapped",
                "alignmentMode"}


class SfntFont:
    """The few tables of a TrueType file this renderer reads itself: head (units per em),
    hhea (ascender, descender, line gap) and kern (format 0 pairs, horizontal)."""

    def __init__(self, path):
        with open(path, "rb") as f:
            data = f.read()
        count = struct.unpack(">H", data[4:6])[0]
        tables = {}
        for i in range(count):
            tag, _, offset, length = struct.unpack(">4sIII", data[12 + 16 * i:28 + 16 * i])
            tables[tag.decode("latin-1")] = data[offset:offset + length]
        self.units_per_em = struct.unpack(">H", tables["head"][18:20])[0]
        ascender, descender, line_gap = struct.unpack(">hhh", tables["hhea"][4:10])
        self.ascender = ascender
        self.line_height = ascender - descender + line_gap
        self.kerning = {}
        kern = tables.get("kern", b"")
        if len(kern) >= 4 and struct.unpack(">H", kern[0:2])[0] == 0:
            offset = 4
            for _ in range(struct.unpack(">H", kern[2:4])[0]):
                _, length, coverage = struct.unpack(">HHH", kern[offset:offset + 6])
                if coverage >> 8 == 0 and coverage & 1:
                    pairs = struct.unpack(">H", kern[offset + 6:offset + 8])[0]
                    for p in range(pairs):
                        at = offset + 14 + 6 * p
                        left, right, value = struct.unpack(">HHh", kern[at:at + 6])
                        self.kerning[(left, right)] = self.kerning.get((left, right), 0) + value
                offset += length


def font_file(family):
    """The file fontconfig picks for `family` (fc-match), as the Swift side asks it."""
    import subprocess
    return subprocess.check_output(["fc-match", "-f", "%{file}", family]).decode()


class Face:
    """One family at one size: cairo's scaled font (glyph indices, unhinted advances) and
    the sfnt tables (kerning, ascender, line height)."""

    def __init__(self, family, size):
        self.sfnt = SfntFont(font_file(family))
        self.size = size
        self.scale = size / self.sfnt.units_per_em
        options = cairo.FontOptions()
        options.set_hint_style(cairo.HINT_STYLE_NONE)
        options.set_hint_metrics(cairo.HINT_METRICS_OFF)
        options.set_antialias(cairo.ANTIALIAS_GRAY)
        self.options = options
        self.font_face = cairo.ToyFontFace(family)
        self.scaled = cairo.ScaledFont(self.font_face, cairo.Matrix(xx=size, yy=size), cairo.Matrix(), options)
        self.glyphs = {}
        self.advances = {}

    def glyph(self, ch):
        if ch not in self.glyphs:
            self.glyphs[ch] = self.scaled.text_to_glyphs(0, 0, ch, False)[0].index
        return self.glyphs[ch]

    def advance(self, glyph):
        if glyph not in self.advances:
            self.advances[glyph] = self.scaled.glyph_extents([cairo.Glyph(glyph, 0, 0)]).x_advance
        return self.advances[glyph]

    def kern(self, left, right):
        return self.sfnt.kerning.get((left, right), 0) * self.scale

    def width(self, text, previous=None):
        """The width `text` adds after the character `previous`: advances and kerning."""
        total = 0.0
        prev = self.glyph(previous) if previous is not None else None
        for ch in text:
            g = self.glyph(ch)
            if prev is not None:
                total += self.kern(prev, g)
            total += self.advance(g)
            prev = g
        return total


def wrap(face, paragraph, width):
    """Greedy lines of one paragraph: (text, ends_paragraph). Breaks after runs of spaces;
    a word wider than the line breaks between characters (no scene here needs that, so it
    is refused)."""
    words = []
    i = 0
    while i < len(paragraph):
        j = i
        while j < len(paragraph) and paragraph[j] == " ":
            j += 1
        k = j
        while k < len(paragraph) and paragraph[k] != " ":
            k += 1
        words.append((paragraph[i:j], paragraph[j:k]))
        i = k
    lines = []
    current = ""
    for spaces, word in words:
        candidate = current + spaces + word
        if current and face.width(candidate.rstrip(" ")) > width:
            lines.append((current, False))
            current = word
        else:
            current = candidate
        if face.width(current.rstrip(" ")) > width:
            raise ValueError("a word wider than the box: not in these scenes")
    lines.append((current, True))
    return lines


def layout(layer):
    """The glyphs of a text layer: [(baseline, [(glyph, x)])] in the layer's space, and the
    face."""
    x0, y0, width, height = layer["frame"]
    face = Face(layer.get("font", "DejaVu Sans"), layer.get("fontSize", 36))
    alignment = layer.get("alignmentMode", "natural")
    ascent = face.sfnt.ascender * face.scale
    line_height = face.sfnt.line_height * face.scale
    lines = []
    for paragraph in layer["string"].split("\n"):
        lines += wrap(face, paragraph, width) if layer.get("wrapped", False) else [(paragraph, True)]
    if len(lines) > math.ceil(height / line_height):
        raise ValueError("lines below the box: not in these scenes")
    out = []
    for index, (text, ends) in enumerate(lines):
        if layer.get("wrapped", False):
            text = text.rstrip(" ")
        line_width = face.width(text)
        offset, extra = 0.0, 0.0
        spaces = text.count(" ")
        if alignment == "right":
            offset = width - line_width
        elif alignment == "center":
            offset = (width - line_width) / 2
        elif alignment == "justified" and not ends and spaces:
            extra = (width - line_width) / spaces
        glyphs = []
        pen = offset
        prev = None
        for ch in text:
            g = face.glyph(ch)
            if prev is not None:
                pen += face.kern(prev, g)
            glyphs.append((g, pen))
            pen += face.advance(g) + (extra if ch == " " else 0.0)
            prev = g
        out.append((ascent + index * line_height, glyphs))
    return out, face


def render(scene):
    canvas = scene["canvas"]
    if canvas.get("scale", 1) != 1 or canvas.get("origin", "topLeft") != "topLeft":
        raise ValueError("text scenes are at scale 1, y down")
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, canvas["width"], canvas["height"])
    ctx = cairo.Context(surface)
    ctx.set_tolerance(TOLERANCE)
    if canvas.get("background"):
        ctx.set_source_rgba(*canvas["background"])
        ctx.paint()
    record = []
    for i, layer in enumerate(scene["layers"]):
        unknown = set(layer) - LAYER_FIELDS
        if layer.get("class") != "text" or unknown:
            raise ValueError("layers[%d]: only text layers with %s" % (i, sorted(LAYER_FIELDS)))
        lines, face = layout(layer)
        x0, y0 = layer["frame"][0], layer["frame"][1]
        ctx.save()
        # A layer's drawing is its backing store, the size of its bounds: ink past the edges
        # (a justified line's last glyph overhanging its advance) is cut off.
        ctx.rectangle(*layer["frame"])
        ctx.clip()
        ctx.set_font_face(face.font_face)
        ctx.set_font_matrix(cairo.Matrix(xx=face.size, yy=face.size))
        ctx.set_font_options(face.options)
        ctx.new_path()
        glyphs = [cairo.Glyph(g, x0 + x, y0 + baseline) for baseline, line in lines for g, x in line]
        ctx.glyph_path(glyphs)
        ctx.set_fill_rule(cairo.FILL_RULE_WINDING)
        ctx.set_source_rgba(*layer.get("foregroundColor", [1, 1, 1, 1]))
        ctx.fill()
        ctx.restore()
        record.append({"name": layer.get("name", ""),
                       "lines": [{"baseline": y0 + baseline, "glyphs": [[g, x0 + x] for g, x in line]}
                                 for baseline, line in lines]})
    return surface, record


def glyphs_json(record):
    """The glyph record as JSON, one line of text per line of the file."""
    layers = []
    for layer in record:
        lines = ",\n".join('    {"baseline": %s, "glyphs": %s}' % (json.dumps(line["baseline"]), json.dumps(line["glyphs"]))
                           for line in layer["lines"])
        layers.append('  {"name": %s, "lines": [\n%s\n  ]}' % (json.dumps(layer["name"]), lines))
    return '{"layers": [\n%s\n]}\n' % ",\n".join(layers)


def main(argv):
    os.makedirs(GOLDENS, exist_ok=True)
    names = argv[1:] or sorted(n[:-5] for n in os.listdir(SCENES) if n.endswith(".json"))
    for name in names:
        with open(os.path.join(SCENES, name + ".json")) as f:
            scene = json.load(f)
        surface, record = render(scene)
        surface.write_to_png(os.path.join(GOLDENS, name + ".png"))
        with open(os.path.join(GOLDENS, name + ".glyphs.json"), "w") as f:
            f.write(glyphs_json(record))
        count = sum(len(line["glyphs"]) for layer in record for line in layer["lines"])
        print("%-20s %d glyphs (cairo %s)" % (name, count, cairo.cairo_version_string()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
