#!/usr/bin/env python3
"""Writes the Lottie twin of a scene file of rounded cards: the same geometry, colours,
opacities, borders and eased keyframes, for rlottie to draw in the benchmarks.

    python3 Benchmarks/scenes/lottie-twin.py Benchmarks/scenes/cards-1080p.json \
        > Benchmarks/scenes/cards-1080p.lottie.json

It reads only what the cards scene uses: a canvas (size, scale 1, opaque background) and
root layers with `bounds` at the origin, `position`, `cornerRadius`, `backgroundColor`, an
optional border (`borderWidth`, `borderColor`) and basic animations of `position`,
`opacity` or `transform.rotation.z` from 0 s, without repeats; anything else is refused.

How the two formats meet:
- A layer is a shape layer whose anchor is its position (Core Animation's default anchor
  point, the centre) and whose rectangle is centred on it; Lottie lists layers front to
  back, a scene back to front, so the order is reversed. The background is a rectangle
  over the whole canvas, the last layer.
- The background fills the rounded rectangle; the border is Core Animation's, inside the
  bounds: a stroke of the same width centred on the rectangle inset by half of it, with
  the radius reduced by half of it (outer edge at the radius, inner edge at radius − width).
- Colours are straight (not premultiplied) RGB with the alpha as the fill's opacity.
- Times: `frameRate` frames a second (60), keyframes at frame 0 and at the duration.
  Rotation is in degrees, clockwise on a y-down canvas in both. Opacity is 0…100.
- Timing functions: the named Core Animation curves as the keyframe's out (x1, y1) and in
  (x2, y2) tangents.
- One difference that stays: a layer's opacity in Core Animation composites the layer as a
  group; rlottie multiplies each paint by it, so a bordered card that fades differs where
  its border covers its background.
"""
import json
import math
import sys

FRAME_RATE = 60
CURVES = {
    "linear": (0, 0, 1, 1),
    "easeIn": (0.42, 0, 1, 1),
    "easeOut": (0, 0, 0.58, 1),
    "easeInEaseOut": (0.42, 0, 0.58, 1),
    "default": (0.25, 0.1, 0.25, 1),
}
LAYER_KEYS = {"name", "bounds", "position", "cornerRadius", "backgroundColor", "borderWidth", "borderColor", "animations"}
ANIMATION_KEYS = {"type", "keyPath", "fromValue", "toValue", "duration", "timingFunction", "autoreverses"}


def fail(where, message):
    sys.exit(f"lottie-twin: {where}: {message}")


def static(value):
    return {"a": 0, "k": value}


def animated(start, end, frames, curve):
    x1, y1, x2, y2 = CURVES[curve]
    return {"a": 1, "k": [
        {"t": 0, "s": start, "e": end, "o": {"x": [x1], "y": [y1]}, "i": {"x": [x2], "y": [y2]}},
        {"t": frames, "s": end},
    ]}


def rectangle(width, height, radius):
    return {"ty": "rc", "d": 1, "p": static([0, 0]), "s": static([width, height]), "r": static(radius)}


def group(items):
    identity = {"ty": "tr", "p": static([0, 0]), "a": static([0, 0]), "s": static([100, 100]),
                "r": static(0), "o": static(100)}
    return {"ty": "gr", "it": items + [identity]}


def fill(color):
    return {"ty": "fl", "c": static(color[:3] + [1]), "o": static(color[3] * 100), "r": 1}


def stroke(color, width):
    return {"ty": "st", "c": static(color[:3] + [1]), "o": static(color[3] * 100), "w": static(width),
            "lc": 2, "lj": 1, "ml": 4}


def shape_layer(index, name, position, shapes, transform, frames):
    ks = {"a": static([0, 0, 0]), "p": static(position + [0]), "s": static([100, 100, 100]),
          "r": static(0), "o": static(100)}
    ks.update(transform)
    return {"ddd": 0, "ind": index, "ty": 4, "nm": name, "sr": 1, "ks": ks, "ao": 0, "shapes": shapes,
            "ip": 0, "op": frames, "st": 0, "bm": 0}


def main(path):
    with open(path) as file:
        scene = json.load(file)
    canvas = scene["canvas"]
    if canvas.get("scale", 1) != 1:
        fail("canvas.scale", "only scale 1 is written")
    width, height = canvas["width"], canvas["height"]
    duration = max((a["duration"] for layer in scene["layers"] for a in layer.get("animations", {}).values()),
                   default=1)
    frames = round(duration * FRAME_RATE)
    layers = []
    for i, layer in enumerate(scene["layers"]):
        where = f"layers[{i}]"
        if set(layer) - LAYER_KEYS:
            fail(where, f"unsupported keys {sorted(set(layer) - LAYER_KEYS)}")
        x, y, w, h = layer["bounds"]
        if x != 0 or y != 0:
            fail(f"{where}.bounds", "the origin must be 0, 0")
        radius = min(layer.get("cornerRadius", 0), w / 2, h / 2)
        shapes = []
        border = layer.get("borderWidth", 0)
        if border > 0 and "borderColor" in layer:
            shapes.append(group([rectangle(w - border, h - border, max(radius - border / 2, 0)),
                                 stroke(layer["borderColor"], border)]))
        if "backgroundColor" in layer:
            shapes.append(group([rectangle(w, h, radius), fill(layer["backgroundColor"])]))
        transform = {}
        for key, animation in layer.get("animations", {}).items():
            at = f"{where}.animations.{key}"
            if set(animation) - ANIMATION_KEYS or animation["type"] != "basic" or animation.get("autoreverses"):
                fail(at, "only basic animations without repeats are written")
            if round(animation["duration"] * FRAME_RATE) != frames:
                fail(at, "every animation must last as long as the longest")
            curve = animation.get("timingFunction", "linear")
            start, end = animation["fromValue"], animation["toValue"]
            if animation["keyPath"] == "position":
                transform["p"] = animated(start + [0], end + [0], frames, curve)
            elif animation["keyPath"] == "opacity":
                transform["o"] = animated([start * 100], [end * 100], frames, curve)
            elif animation["keyPath"] == "transform.rotation.z":
                transform["r"] = animated([math.degrees(start)], [math.degrees(end)], frames, curve)
            else:
                fail(f"{at}.keyPath", f"{animation['keyPath']} is not written")
        layers.append(shape_layer(i + 2, layer.get("name", f"layer-{i}"), layer["position"], shapes, transform,
                                  frames))
    background = canvas.get("background", [0, 0, 0, 0])
    backdrop = shape_layer(1, "background", [width / 2, height / 2],
                           [group([rectangle(width, height, 0), fill(background)])], {}, frames)
    document = {"v": "5.5.2", "fr": FRAME_RATE, "ip": 0, "op": frames, "w": width, "h": height, "nm": "cards",
                "ddd": 0, "assets": [], "layers": list(reversed(layers)) + [backdrop]}
    json.dump(document, sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: lottie-twin.py SCENE.json > TWIN.json")
    main(sys.argv[1])
