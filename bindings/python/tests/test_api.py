"""Every entry point from Python, its errors (CadenceError with the command line's text) and
its bad input."""

import json
import math
import threading

import numpy as np
import pytest

import cadence
from cadence import CadenceError


def test_version():
    assert cadence.version() == (1, 0)


def test_timing_function_named_and_batch():
    with cadence.TimingFunction.named("easeInEaseOut") as ease:
        assert ease.control_points == (0.42, 0.0, 0.58, 1.0)
        xs = np.array([-1, 0, 0.25, 0.5, 1, 2, math.nan])
        ys = ease.progress(xs)
        assert list(ys) == [ease.progress(x) for x in xs]
        assert ys[0] == 0 and ys[4] == 1 and ys[6] == 0
        assert ease.velocity(0.5) > 1 and ease.velocity(1.5) == 0


def test_timing_function_errors_carry_the_message():
    with pytest.raises(CadenceError) as error:
        cadence.TimingFunction(0.5, math.nan, 0.5, 1)
    assert error.value.status == "CADENCE_ERROR_INVALID_ARGUMENT"
    assert str(error.value) == "cadence: cadence_timing_function_create: c1y: nan is not a finite number"
    with pytest.raises(CadenceError, match='unknown timing function "bounce"'):
        cadence.TimingFunction.named("bounce")
    with pytest.raises(CadenceError, match="not valid UTF-8"):
        cadence.TimingFunction.named("\udcff")


def test_closed_handles_raise():
    f = cadence.TimingFunction(0.1, 0.2, 0.3, 0.4)
    f.close()
    f.close()
    with pytest.raises(CadenceError):
        f.progress(0.5)


def test_media_timing():
    timing = cadence.MediaTiming(duration=1, repeat_count=2.5, autoreverses=True, fill_mode="forwards")
    state = timing.state(4.2)
    assert (state.phase, state.iteration, state.reversed) == ("active", 2, False)
    assert state.progress == pytest.approx(0.2)
    assert timing.state(math.nan).phase == "undefined"
    assert timing.states([0.5, 4.2, 10]) == [timing.state(t) for t in [0.5, 4.2, 10]]
    assert timing.states([]) == []
    with pytest.raises(CadenceError, match="unknown fill mode"):
        cadence.MediaTiming(fill_mode="sometimes").state(0)
    with pytest.raises(CadenceError, match="timing.fill_mode: 7 is not a cadence_fill_mode"):
        cadence.MediaTiming(fill_mode=7).state(0)


def test_transforms():
    a, b = cadence.rotation(0.5, 0, 0, 1), cadence.translation(10, 20, 30)
    assert np.allclose(cadence.concat(a, b), a @ b, rtol=0, atol=1e-14)
    assert cadence.translation(1, 2, 3)[3, :3].tolist() == [1, 2, 3]  # m41 m42 m43
    inverse, invertible = cadence.invert(cadence.scale(2, 4, 8))
    assert invertible and inverse.diagonal().tolist() == [0.5, 0.25, 0.125, 1]
    singular = cadence.scale(1, 0, 1)
    inverse, invertible = cadence.invert(singular)
    assert not invertible and (inverse == singular).all()
    parts, ok = cadence.decompose(a @ b)
    assert ok and np.allclose(cadence.recompose(parts), a @ b, atol=1e-12)
    assert np.allclose(cadence.interpolate(cadence.identity(), cadence.scale(3, 3, 3), 0.5), cadence.scale(2, 2, 2))
    with pytest.raises(CadenceError, match="angle is NaN"):
        cadence.rotation(math.nan, 0, 0, 1)
    with pytest.raises(CadenceError, match="t is NaN"):
        cadence.interpolate(a, b, math.nan)
    with pytest.raises(ValueError):
        cadence.concat(np.zeros(15), a)


REQUEST = {"keyPath": "position", "model": [10, 20],
           "animations": [{"type": "basic", "toValue": [110, 20], "duration": 2, "timingFunction": "linear"}],
           "times": [0, 0.5, 1, 3]}


def test_animation():
    with cadence.Animation(REQUEST) as animation:
        assert animation.value_count == 2
        assert animation.times.tolist() == [0, 0.5, 1, 3]
        assert animation.evaluate(animation.times).tolist() == [[10, 20], [35, 20], [60, 20], [10, 20]]
        assert animation.evaluate(1).tolist() == [60, 20]
        values, rotation = animation.evaluate_with_rotation(1)
        assert math.isnan(rotation)


def test_animation_errors_are_the_command_lines():
    bad = dict(REQUEST, animations=[{"type": "basic", "duration": "long"}])
    with pytest.raises(CadenceError) as error:
        cadence.Animation(bad)
    assert error.value.status == "CADENCE_ERROR_INVALID_DOCUMENT"
    assert str(error.value).startswith("cadence: animations[0].duration: ")
    with pytest.raises(CadenceError, match="not valid UTF-8"):
        cadence.Animation(b'{"keyPath": "opa\xc3\x28", "model": 1}')
    with pytest.raises(CadenceError):
        cadence.Animation(json.dumps(REQUEST)[:-3])


SCENE = {"canvas": {"width": 8, "height": 4, "background": [1, 1, 1, 1]},
         "layers": [{"bounds": [0, 0, 4, 4], "position": [2, 2], "backgroundColor": [1, 0, 0, 1]}]}


def test_scene():
    with cadence.Scene(SCENE) as scene:
        assert scene.size == (8, 4)
        pixels = scene.render(0)
        assert pixels.shape == (4, 8, 4)
        assert pixels[0, 0].tolist() == [255, 0, 0, 255] and pixels[0, 7].tolist() == [255, 255, 255, 255]
        with pytest.raises(CadenceError, match="not a finite number"):
            scene.render(math.inf)
    with pytest.raises(CadenceError, match=r"layers\[0\]\.opacty: unknown field"):
        cadence.Scene({"canvas": {"width": 8, "height": 4}, "layers": [{"opacty": 1}]})


def test_threads_on_separate_and_shared_handles():
    shared = cadence.TimingFunction.named("default")
    failures = []

    def work(index):
        try:
            own = cadence.TimingFunction(0.1 * index, 0, 0.6, 1)
            scene = cadence.Scene(SCENE)
            xs = np.linspace(0, 1, 1001)
            for _ in range(20):
                assert (np.diff(own.progress(xs)) >= 0).all()
                assert (np.diff(shared.progress(xs)) >= 0).all()
            assert scene.render(0.5)[0, 0, 0] == 255
            own.close()
            scene.close()
        except Exception as error:  # reported below
            failures.append(error)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
