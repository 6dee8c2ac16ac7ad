// The C API's test (cadence.h): every function, against Reference/ goldens (goldens.h) and
// on bad input. Plain C11; run.sh builds it and runs it under Valgrind's memcheck.
// Prints one line per failed check and a summary; exits 1 if any check failed.
#include "cadence.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "goldens.h"

static int checks, failures;

#define CHECK(condition, ...)                                   \
    do {                                                        \
        checks++;                                               \
        if (!(condition)) {                                     \
            failures++;                                         \
            fprintf(stderr, "%s:%d: failed: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                       \
            fprintf(stderr, "\n");                              \
        }                                                       \
    } while (0)

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

// Within `tolerance` times max(1, |expected|), or both NaN, or equal (infinities).
static int close_to(double actual, double expected, double tolerance) {
    if (isnan(expected)) return isnan(actual);
    if (actual == expected) return 1;
    double scale = fabs(expected) > 1 ? fabs(expected) : 1;
    return fabs(actual - expected) <= tolerance * scale;
}

// Every field within `tolerance` times the largest finite expected magnitude (at least 1).
static int matrix_close(const double *actual, const double *expected, double tolerance) {
    double scale = 1;
    for (int i = 0; i < 16; i++)
        if (isfinite(expected[i]) && fabs(expected[i]) > scale) scale = fabs(expected[i]);
    for (int i = 0; i < 16; i++) {
        if (actual[i] == expected[i]) continue;
        if (!(fabs(actual[i] - expected[i]) <= tolerance * scale)) return 0;
    }
    return 1;
}

static int starts_with(const char *text, const char *prefix) {
    return strncmp(text, prefix, strlen(prefix)) == 0;
}

static void test_version(void) {
    uint32_t major = 0, minor = 99;
    CHECK(cadence_version(&major, &minor) == CADENCE_OK, "cadence_version");
    CHECK(major == CADENCE_ABI_MAJOR && minor == CADENCE_ABI_MINOR, "ABI %u.%u", major, minor);
    CHECK(cadence_version(NULL, NULL) == CADENCE_OK, "cadence_version with NULL outputs");
    CHECK(cadence_live_handle_count(NULL) == CADENCE_ERROR_NULL_ARGUMENT, "live count NULL");
    CHECK(strcmp(cadence_last_error(), "cadence: cadence_live_handle_count: count is NULL") == 0, "message: %s",
          cadence_last_error());
}

static void test_timing_functions(void) {
    // Goldens: progress within 2^-41 of the exact value, the correctly rounded one exactly,
    // the slope to 1e-9 relative (the Swift golden tests' tolerances).
    for (size_t i = 0; i < COUNT(timing_cases); i++) {
        const struct timing_case *c = &timing_cases[i];
        cadence_timing_function *f = NULL;
        CHECK(cadence_timing_function_create(c->points[0], c->points[1], c->points[2], c->points[3], &f) == CADENCE_OK,
              "create %s: %s", c->name, cadence_last_error());
        double y = -1, exact = -1, slope = 0;
        CHECK(cadence_timing_function_progress(f, c->x, &y) == CADENCE_OK, "progress");
        CHECK(fabs(y - c->y) <= 0x1p-41, "%s progress(%.17g) = %.17g, golden %.17g", c->name, c->x, y, c->y);
        CHECK(cadence_timing_function_progress_correctly_rounded(f, c->x, &exact) == CADENCE_OK, "exact");
        CHECK(exact == c->y, "%s correctly rounded(%.17g) = %.17g, golden %.17g", c->name, c->x, exact, c->y);
        if (!isnan(c->slope)) {
            CHECK(cadence_timing_function_velocity(f, c->x, &slope) == CADENCE_OK, "velocity");
            CHECK(close_to(slope, c->slope, 1e-9), "%s velocity(%.17g) = %.17g, golden %.17g", c->name, c->x, slope,
                  c->slope);
        }
        cadence_timing_function_destroy(f);
    }

    // Names, control points, the batch (in place too), ends and NaN.
    cadence_timing_function *ease = NULL, *numbers = NULL;
    CHECK(cadence_timing_function_create_named("easeInEaseOut", &ease) == CADENCE_OK, "named");
    CHECK(cadence_timing_function_create_named("0.42, 0, 0.58, 1", &numbers) == CADENCE_OK, "numbers as a name");
    double points[4] = {0};
    CHECK(cadence_timing_function_control_points(ease, points) == CADENCE_OK, "control points");
    CHECK(points[0] == 0.42 && points[1] == 0 && points[2] == 0.58 && points[3] == 1, "control points values");
    double xs[9] = {-1, 0, 0.1, 0.25, 0.5, 0.75, 0.9, 1, NAN}, ys[9], in_place[9];
    CHECK(cadence_timing_function_progress_batch(ease, xs, 9, ys, 9) == CADENCE_OK, "batch");
    memcpy(in_place, xs, sizeof xs);
    CHECK(cadence_timing_function_progress_batch(numbers, in_place, 9, in_place, 9) == CADENCE_OK, "batch in place");
    for (int i = 0; i < 9; i++) {
        double y;
        cadence_timing_function_progress(ease, xs[i], &y);
        CHECK(ys[i] == y && in_place[i] == y, "batch[%d] %.17g vs scalar %.17g", i, ys[i], y);
    }
    CHECK(ys[0] == 0 && ys[1] == 0 && ys[7] == 1 && ys[8] == 0, "ends and NaN: %g %g %g %g", ys[0], ys[1], ys[7], ys[8]);
    double slope = -1;
    CHECK(cadence_timing_function_velocity(ease, 2, &slope) == CADENCE_OK && slope == 0, "slope outside 0...1");

    // Bad input: defined statuses and the command line's messages.
    cadence_timing_function *bad = (cadence_timing_function *)0x1;
    CHECK(cadence_timing_function_create(1.5, 0, 0.5, 1, &bad) == CADENCE_ERROR_INVALID_ARGUMENT, "c1x 1.5");
    CHECK(bad == (cadence_timing_function *)0x1, "no output on failure");
    CHECK(strcmp(cadence_last_error(),
                 "cadence: cadence_timing_function_create: c1x: 1.5 is outside 0...1 (x control points must be in 0...1)")
              == 0,
          "message: %s", cadence_last_error());
    CHECK(cadence_timing_function_create(0, NAN, 1, 1, &bad) == CADENCE_ERROR_INVALID_ARGUMENT, "NaN c1y");
    CHECK(cadence_timing_function_create(0, 0, 1, 1, NULL) == CADENCE_ERROR_NULL_ARGUMENT, "NULL out");
    CHECK(cadence_timing_function_create_named("easeInOut", &bad) == CADENCE_ERROR_INVALID_ARGUMENT, "unknown name");
    CHECK(strstr(cadence_last_error(), "unknown timing function \"easeInOut\" (did you mean") != NULL, "suggestion: %s", cadence_last_error());
    CHECK(cadence_timing_function_create_named("\xff\xfe", &bad) == CADENCE_ERROR_INVALID_ARGUMENT, "invalid UTF-8");
    CHECK(cadence_timing_function_create_named(NULL, &bad) == CADENCE_ERROR_NULL_ARGUMENT, "NULL name");
    CHECK(cadence_timing_function_progress(ease, 0.5, NULL) == CADENCE_ERROR_NULL_ARGUMENT, "NULL y");
    CHECK(cadence_timing_function_progress(NULL, 0.5, ys) == CADENCE_ERROR_NULL_ARGUMENT, "NULL function");
    CHECK(cadence_timing_function_progress_batch(ease, xs, 9, ys, 8) == CADENCE_ERROR_BUFFER_TOO_SMALL, "short ys");
    CHECK(strcmp(cadence_last_error(), "cadence: cadence_timing_function_progress_batch: ys holds 8, 9 needed") == 0,
          "message: %s", cadence_last_error());
    CHECK(cadence_timing_function_progress_batch(ease, NULL, 3, ys, 9) == CADENCE_ERROR_NULL_ARGUMENT, "NULL xs");
    CHECK(cadence_timing_function_progress_batch(ease, NULL, 0, NULL, 0) == CADENCE_OK, "empty batch");
    CHECK(cadence_timing_function_progress_batch(ease, xs, (size_t)-1, ys, 9) == CADENCE_ERROR_INVALID_ARGUMENT,
          "count above SIZE_MAX/2");

    // Handles: destroyed, foreign, of another kind; a second destroy is harmless.
    cadence_timing_function_destroy(numbers);
    cadence_timing_function_destroy(numbers);
    cadence_timing_function_destroy(NULL);
    double y;
    CHECK(cadence_timing_function_progress(numbers, 0.5, &y) == CADENCE_ERROR_INVALID_HANDLE, "destroyed handle");
    CHECK(strcmp(cadence_last_error(),
                 "cadence: cadence_timing_function_progress: function is not a live timing function handle")
              == 0,
          "message: %s", cadence_last_error());
    // The slot of a destroyed handle is reused by the next create; the old handle stays dead.
    cadence_timing_function *reuse = NULL;
    CHECK(cadence_timing_function_create(0.3, 0, 0.7, 1, &reuse) == CADENCE_OK, "create after destroy");
    CHECK(cadence_timing_function_progress(numbers, 0.5, &y) == CADENCE_ERROR_INVALID_HANDLE, "stale after reuse");
    CHECK(cadence_timing_function_progress(reuse, 0.5, &y) == CADENCE_OK && y == 0.5, "the new handle works");
    cadence_timing_function_destroy(reuse);
    int local;
    CHECK(cadence_timing_function_progress((cadence_timing_function *)&local, 0.5, &y) == CADENCE_ERROR_INVALID_HANDLE,
          "foreign pointer");
    CHECK(cadence_animation_value_count((cadence_animation *)ease, &(size_t){0}) == CADENCE_ERROR_INVALID_HANDLE,
          "a timing function as an animation");
    cadence_animation_destroy((cadence_animation *)ease);  // another kind: ignored
    CHECK(cadence_timing_function_progress(ease, 0.5, &y) == CADENCE_OK, "still live after a mistyped destroy");
    cadence_timing_function_destroy(ease);
}

static void test_media_timing(void) {
    cadence_media_timing timing;
    CHECK(cadence_media_timing_init(&timing) == CADENCE_OK, "init");
    CHECK(timing.speed == 1 && timing.duration == 0 && !timing.autoreverses && timing.fill_mode == CADENCE_FILL_REMOVED,
          "defaults");
    for (size_t i = 0; i < COUNT(media_cases); i++) {
        const struct media_case *c = &media_cases[i];
        cadence_timing_state s;
        CHECK(cadence_media_timing_state(&c->timing, c->default_duration, c->t, &s) == CADENCE_OK, "state");
        int same = s.phase == c->phase && s.in_effect == c->in_effect;
        if (c->in_effect)
            same = same && s.iteration == c->iteration && s.reversed == c->reversed
                && close_to(s.basic_time, c->basic_time, 1e-12) && close_to(s.progress, c->progress, 1e-12);
        CHECK(same, "%s at %g: phase %d/%d in effect %d/%d iteration %lld/%d reversed %d/%d basic %.17g/%.17g",
              c->name, c->t, s.phase, c->phase, s.in_effect, c->in_effect, (long long)s.iteration, c->iteration,
              s.reversed, c->reversed, s.basic_time, c->basic_time);
    }
    // The batch equals the scalar calls; conversions round trip.
    timing.begin_time = 1, timing.duration = 2, timing.speed = 1.5, timing.time_offset = 0.25, timing.repeat_count = 2.5;
    timing.autoreverses = true, timing.fill_mode = CADENCE_FILL_BOTH;
    double times[6] = {-1, 0.5, 1.75, 3, 9, NAN};
    cadence_timing_state states[6];
    CHECK(cadence_media_timing_state_batch(&timing, 0.25, times, 6, states, 6) == CADENCE_OK, "batch");
    for (int i = 0; i < 6; i++) {
        cadence_timing_state s;
        cadence_media_timing_state(&timing, 0.25, times[i], &s);
        CHECK(memcmp(&s.phase, &states[i].phase, sizeof s.phase) == 0 && s.iteration == states[i].iteration
                  && (s.progress == states[i].progress) && (s.in_effect == states[i].in_effect),
              "batch[%d]", i);
    }
    CHECK(states[5].phase == CADENCE_PHASE_UNDEFINED && !states[5].in_effect, "NaN time is undefined");
    double local, parent;
    CHECK(cadence_media_timing_local_time(&timing, 3, &local) == CADENCE_OK && local == (3 - 1) * 1.5 + 0.25, "local");
    CHECK(cadence_media_timing_parent_time(&timing, local, &parent) == CADENCE_OK && parent == 3, "round trip %.17g",
          parent);
    CHECK(cadence_media_timing_state_batch(&timing, 0.25, times, 6, states, 5) == CADENCE_ERROR_BUFFER_TOO_SMALL,
          "short states");
    timing.fill_mode = (cadence_fill_mode)7;
    CHECK(cadence_media_timing_state(&timing, 0.25, 1, states) == CADENCE_ERROR_INVALID_ARGUMENT, "fill mode 7");
    CHECK(strcmp(cadence_last_error(),
                 "cadence: cadence_media_timing_state: timing.fill_mode: 7 is not a cadence_fill_mode")
              == 0,
          "message: %s", cadence_last_error());
    CHECK(cadence_media_timing_state(NULL, 0.25, 1, states) == CADENCE_ERROR_NULL_ARGUMENT, "NULL timing");
    CHECK(cadence_media_timing_init(NULL) == CADENCE_ERROR_NULL_ARGUMENT, "NULL init");
}

static void test_transforms(void) {
    double m[16], n[16], identity[16];
    bool flag = false;
    CHECK(cadence_transform_identity(identity) == CADENCE_OK && identity[0] == 1 && identity[15] == 1 && identity[1] == 0,
          "identity");
    for (size_t i = 0; i < COUNT(rotation_cases); i++) {
        const double *in = rotation_cases[i].input;
        CHECK(cadence_transform_make_rotation(in[0], in[1], in[2], in[3], m) == CADENCE_OK, "rotation");
        CHECK(matrix_close(m, rotation_cases[i].output, 1e-15), "rotation %zu", i);
    }
    for (size_t i = 0; i < COUNT(concat_cases); i++) {
        const struct concat_case *c = &concat_cases[i];
        CHECK(cadence_transform_concat(c->a, c->b, m) == CADENCE_OK && matrix_close(m, c->output, 1e-12), "concat %s",
              c->name);
    }
    for (size_t i = 0; i < COUNT(invert_cases); i++) {
        const struct invert_case *c = &invert_cases[i];
        CHECK(cadence_transform_invert(c->input, m, &flag) == CADENCE_OK, "invert");
        CHECK(flag == !c->singular, "invert %s: invertible %d", c->name, flag);
        if (c->singular)
            CHECK(memcmp(m, c->input, sizeof m) == 0, "a singular %s comes back unchanged", c->name);
        else
            CHECK(matrix_close(m, c->output, 1e-12 * fmax(1, c->condition / 1e4)), "invert %s", c->name);
    }
    for (size_t i = 0; i < COUNT(interpolation_cases); i++) {
        const struct interpolation_case *c = &interpolation_cases[i];
        CHECK(cadence_transform_interpolate(c->a, c->b, c->p, m) == CADENCE_OK && matrix_close(m, c->output, 1e-9),
              "interpolate %s at %g", c->name, c->p);
    }
    // Translation and scale; concatenation applies a first; outputs may alias inputs.
    cadence_transform_make_translation(10, 20, 30, m);
    CHECK(m[12] == 10 && m[13] == 20 && m[14] == 30 && m[15] == 1, "translation in m41 m42 m43");
    cadence_transform_make_scale(2, 3, 4, n);
    double scaled_then_moved[16];
    cadence_transform_concat(n, m, scaled_then_moved);
    CHECK(scaled_then_moved[0] == 2 && scaled_then_moved[12] == 10, "scale then translate");
    cadence_transform_concat(m, n, m);
    CHECK(m[12] == 20 && m[13] == 60 && m[14] == 120, "translate then scale, in place: %g %g %g", m[12], m[13], m[14]);
    // Decomposition round trip; a singular matrix is not decomposable.
    cadence_decomposed_transform parts;
    cadence_transform_make_rotation(0.7, 1, 2, 3, m);
    cadence_transform_concat(m, scaled_then_moved, m);
    CHECK(cadence_transform_decompose(m, &parts, &flag) == CADENCE_OK && flag, "decompose");
    CHECK(cadence_transform_recompose(&parts, n) == CADENCE_OK && matrix_close(n, m, 1e-12), "recompose");
    cadence_transform_make_scale(1, 0, 1, m);
    CHECK(cadence_transform_decompose(m, &parts, &flag) == CADENCE_OK && !flag && parts.scale[0] == 1
              && parts.rotation[3] == 1,
          "singular: not decomposable, identity parts");
    // Bad input.
    CHECK(cadence_transform_make_rotation(NAN, 0, 0, 1, m) == CADENCE_ERROR_INVALID_ARGUMENT, "NaN angle");
    CHECK(strcmp(cadence_last_error(), "cadence: cadence_transform_make_rotation: angle is NaN") == 0, "message: %s",
          cadence_last_error());
    CHECK(cadence_transform_interpolate(identity, identity, NAN, m) == CADENCE_ERROR_INVALID_ARGUMENT, "NaN t");
    CHECK(cadence_transform_concat(NULL, identity, m) == CADENCE_ERROR_NULL_ARGUMENT, "NULL a");
    CHECK(cadence_transform_invert(identity, m, NULL) == CADENCE_ERROR_NULL_ARGUMENT, "NULL flag");
    CHECK(cadence_transform_identity(NULL) == CADENCE_ERROR_NULL_ARGUMENT, "NULL out");
    CHECK(cadence_transform_decompose(identity, NULL, &flag) == CADENCE_ERROR_NULL_ARGUMENT, "NULL parts");
    CHECK(cadence_transform_recompose(NULL, m) == CADENCE_ERROR_NULL_ARGUMENT, "NULL recompose");
    double nan_matrix[16];
    memcpy(nan_matrix, identity, sizeof nan_matrix);
    nan_matrix[5] = NAN;
    CHECK(cadence_transform_invert(nan_matrix, m, &flag) == CADENCE_OK && !flag, "a NaN matrix is not invertible");
    CHECK(cadence_transform_make_scale(1, 1, 1, NULL) == CADENCE_ERROR_NULL_ARGUMENT, "NULL scale out");
    CHECK(cadence_transform_make_translation(NAN, 0, 0, m) == CADENCE_ERROR_INVALID_ARGUMENT, "NaN tx");
}

static const char position_request[] =
    "{\"keyPath\": \"position\", \"model\": [10, 20],"
    " \"animations\": [{\"type\": \"basic\", \"toValue\": [110, 20], \"duration\": 2, \"timingFunction\": \"linear\"}],"
    " \"times\": [0, 0.5, 1, 3]}";

static void test_animations(void) {
    cadence_animation *a = NULL;
    CHECK(cadence_animation_create_json(position_request, strlen(position_request), &a) == CADENCE_OK, "create: %s",
          cadence_last_error());
    size_t count = 0;
    CHECK(cadence_animation_value_count(a, &count) == CADENCE_OK && count == 2, "value count %zu", count);
    double times[4];
    CHECK(cadence_animation_request_times(a, NULL, 0, &count) == CADENCE_OK && count == 4, "time count");
    CHECK(cadence_animation_request_times(a, times, 4, &count) == CADENCE_OK && times[1] == 0.5, "times");
    CHECK(cadence_animation_request_times(a, times, 3, &count) == CADENCE_ERROR_BUFFER_TOO_SMALL, "short times");
    double value[2], rotation = 0;
    CHECK(cadence_animation_evaluate(a, 1, value, 2, &rotation) == CADENCE_OK, "evaluate");
    CHECK(value[0] == 60 && value[1] == 20 && isnan(rotation), "at 1 s: %g %g rotation %g", value[0], value[1], rotation);
    double values[8], rotations[4];
    CHECK(cadence_animation_evaluate_batch(a, times, 4, values, 8, rotations) == CADENCE_OK, "batch");
    CHECK(values[0] == 10 && values[2] == 35 && values[4] == 60 && values[6] == 10, "batch values %g %g %g %g", values[0],
          values[2], values[4], values[6]);
    CHECK(cadence_animation_evaluate_batch(a, times, 4, values, 7, NULL) == CADENCE_ERROR_BUFFER_TOO_SMALL, "short");
    CHECK(cadence_animation_evaluate(a, 1, value, 1, NULL) == CADENCE_ERROR_BUFFER_TOO_SMALL, "short value");
    CHECK(cadence_animation_evaluate(a, NAN, value, 2, NULL) == CADENCE_OK && value[0] == 10, "NaN shows the model");
    cadence_animation_destroy(a);

    // A path animation with a rotation mode reports its rotation; no times is fine here.
    const char *path =
        "{\"keyPath\": \"position\", \"model\": [0, 0], \"animations\": [{\"type\": \"keyframe\","
        " \"path\": \"M 0 0 L 100 100\", \"rotationMode\": \"auto\", \"duration\": 1}]}";
    CHECK(cadence_animation_create_json(path, strlen(path), &a) == CADENCE_OK, "path: %s", cadence_last_error());
    CHECK(cadence_animation_evaluate(a, 0.5, value, 2, &rotation) == CADENCE_OK && fabs(rotation - atan(1)) < 1e-12,
          "rotation %g", rotation);
    cadence_animation_destroy(a);

    // Refused documents: the command line's messages.
    const char *wrong = "{\"keyPath\": \"opacity\", \"model\": 1, \"animations\": [{\"type\": \"basic\", \"duration\": \"x\"}]}";
    a = NULL;
    CHECK(cadence_animation_create_json(wrong, strlen(wrong), &a) == CADENCE_ERROR_INVALID_DOCUMENT && a == NULL,
          "wrong type");
    CHECK(starts_with(cadence_last_error(), "cadence: animations[0].duration: "), "message: %s", cadence_last_error());
    const char invalid_utf8[] = "{\"keyPath\": \"opa\xc3\x28\", \"model\": 1}";
    CHECK(cadence_animation_create_json(invalid_utf8, strlen(invalid_utf8), &a) == CADENCE_ERROR_INVALID_DOCUMENT,
          "invalid UTF-8");
    CHECK(strstr(cadence_last_error(), "not valid UTF-8") != NULL, "message: %s", cadence_last_error());
    CHECK(cadence_animation_create_json("{", 1, &a) == CADENCE_ERROR_INVALID_DOCUMENT, "truncated");
    CHECK(cadence_animation_create_json(position_request, 10, &a) == CADENCE_ERROR_INVALID_DOCUMENT, "cut short");
    CHECK(cadence_animation_create_json(NULL, 5, &a) == CADENCE_ERROR_NULL_ARGUMENT, "NULL json");
    CHECK(cadence_animation_create_json("", 0, &a) == CADENCE_ERROR_INVALID_DOCUMENT, "empty");
    CHECK(cadence_animation_evaluate(NULL, 0, value, 2, NULL) == CADENCE_ERROR_NULL_ARGUMENT, "NULL animation");
}

static const char scene_json[] =
    "{\"canvas\": {\"width\": 8, \"height\": 4, \"background\": [1, 1, 1, 0.5]},"
    " \"layers\": [{\"bounds\": [0, 0, 4, 4], \"position\": [2, 2], \"backgroundColor\": [1, 0, 0, 1],"
    "   \"animations\": {\"move\": {\"type\": \"basic\", \"keyPath\": \"position.x\", \"toValue\": 6, \"duration\": 1,"
    "   \"timingFunction\": \"linear\", \"fillMode\": \"forwards\", \"removedOnCompletion\": false}}}]}";

static void test_scenes(void) {
    cadence_scene *scene = NULL;
    CHECK(cadence_scene_create_json(scene_json, strlen(scene_json), NULL, &scene) == CADENCE_OK, "scene: %s",
          cadence_last_error());
    size_t width = 0, height = 0;
    CHECK(cadence_scene_pixel_size(scene, &width, &height) == CADENCE_OK && width == 8 && height == 4, "size");
    // Rows 40 bytes apart with 8 bytes of padding, which must stay untouched.
    enum { stride = 40 };
    uint8_t pixels[stride * 4], premultiplied[stride * 4];
    memset(pixels, 0xAB, sizeof pixels);
    CHECK(cadence_scene_render(scene, 0, pixels, 8, 4, stride, sizeof pixels, CADENCE_PIXELS_RGBA, 0) == CADENCE_OK,
          "render: %s", cadence_last_error());
    CHECK(pixels[0] == 255 && pixels[1] == 0 && pixels[3] == 255, "red at (0, 0) at 0 s");
    CHECK(pixels[4 * 6] == 255 && pixels[4 * 6 + 1] == 255 && pixels[4 * 6 + 3] == 128, "background at (6, 0)");
    CHECK(pixels[32] == 0xAB && pixels[39] == 0xAB, "padding untouched");
    CHECK(cadence_scene_render(scene, 1, premultiplied, 8, 4, stride, sizeof premultiplied,
                               CADENCE_PIXELS_RGBA_PREMULTIPLIED, 2)
              == CADENCE_OK,
          "render premultiplied");
    CHECK(premultiplied[0] == 128 && premultiplied[3] == 128, "background premultiplied at (0, 0) at 1 s: %d %d",
          premultiplied[0], premultiplied[3]);
    CHECK(premultiplied[4 * 6] == 255 && premultiplied[4 * 6 + 1] == 0, "red at (6, 0) at 1 s");
    // Bad input.
    CHECK(cadence_scene_render(scene, 0, pixels, 8, 4, stride, sizeof pixels - 1, CADENCE_PIXELS_RGBA, 0)
                  == CADENCE_OK,
          "the last row needs no padding");
    CHECK(cadence_scene_render(scene, 0, pixels, 8, 4, stride, 3 * stride + 31, CADENCE_PIXELS_RGBA, 0)
              == CADENCE_ERROR_BUFFER_TOO_SMALL,
          "a byte short");
    CHECK(cadence_scene_render(scene, 0, pixels, 7, 4, stride, sizeof pixels, CADENCE_PIXELS_RGBA, 0)
              == CADENCE_ERROR_INVALID_ARGUMENT,
          "wrong width");
    CHECK(cadence_scene_render(scene, 0, pixels, 8, 4, 31, sizeof pixels, CADENCE_PIXELS_RGBA, 0)
              == CADENCE_ERROR_INVALID_ARGUMENT,
          "stride below a row");
    CHECK(cadence_scene_render(scene, NAN, pixels, 8, 4, stride, sizeof pixels, CADENCE_PIXELS_RGBA, 0)
              == CADENCE_ERROR_INVALID_ARGUMENT,
          "NaN time");
    CHECK(cadence_scene_render(scene, 0, pixels, 8, 4, stride, sizeof pixels, (cadence_pixel_format)9, 0)
              == CADENCE_ERROR_INVALID_ARGUMENT,
          "format 9");
    CHECK(cadence_scene_render(scene, 0, NULL, 8, 4, stride, sizeof pixels, CADENCE_PIXELS_RGBA, 0)
              == CADENCE_ERROR_NULL_ARGUMENT,
          "NULL pixels");
    cadence_scene_destroy(scene);
    CHECK(cadence_scene_pixel_size(scene, &width, &height) == CADENCE_ERROR_INVALID_HANDLE, "destroyed scene");
    const char *unknown = "{\"canvas\": {\"width\": 8, \"height\": 4}, \"layers\": [{\"opacty\": 1}]}";
    CHECK(cadence_scene_create_json(unknown, strlen(unknown), "", &scene) == CADENCE_ERROR_INVALID_DOCUMENT, "typo");
    CHECK(strcmp(cadence_last_error(), "cadence: layers[0].opacty: unknown field (did you mean \"opacity\"?)") == 0, "message: %s",
          cadence_last_error());
    const char *missing = "{\"canvas\": {\"width\": 8, \"height\": 4}, \"layers\": [{\"contents\": \"nowhere.png\"}]}";
    CHECK(cadence_scene_create_json(missing, strlen(missing), "/nonexistent", &scene) == CADENCE_ERROR_INVALID_DOCUMENT,
          "missing contents file");
}

// Contents read from PNG files (libpng, through the decoder's C shim): a 2 × 1 image (opaque
// red, blue at alpha 128) drawn 1:1, and the same file with its image data damaged. Run by
// run.sh with CADENCE_TEST_DIR, a scratch folder; skipped without it.
static void test_png_contents(void) {
    const char *folder = getenv("CADENCE_TEST_DIR");
    if (folder == NULL) return;
    static const unsigned char png[] = {
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
    0x00, 0x02, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0xf4, 0x22, 0x7f, 0x8a, 0x00, 0x00, 0x00,
    0x0e, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0x00, 0x42, 0x0d, 0x00, 0x0f, 0x7a, 0x03,
    0x7e, 0x77, 0xe9, 0x7f, 0x97, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
    };
    char path[4096];
    snprintf(path, sizeof path, "%s/tiny.png", folder);
    FILE *file = fopen(path, "wb");
    CHECK(file != NULL && fwrite(png, 1, sizeof png, file) == sizeof png && fclose(file) == 0, "writing %s", path);
    const char *json = "{\"canvas\": {\"width\": 2, \"height\": 1}, "
                       "\"layers\": [{\"contents\": \"tiny.png\", \"bounds\": [0, 0, 2, 1], \"position\": [1, 0.5]}]}";
    cadence_scene *scene = NULL;
    CHECK(cadence_scene_create_json(json, strlen(json), folder, &scene) == CADENCE_OK, "PNG contents: %s",
          cadence_last_error());
    uint8_t pixels[8] = {0};
    CHECK(cadence_scene_render(scene, 0, pixels, 2, 1, 8, sizeof pixels, CADENCE_PIXELS_RGBA, 1) == CADENCE_OK,
          "render: %s", cadence_last_error());
    CHECK(pixels[0] == 255 && pixels[3] == 255 && pixels[6] == 255 && pixels[7] == 128,
          "PNG pixels %d %d %d %d / %d %d %d %d", pixels[0], pixels[1], pixels[2], pixels[3], pixels[4], pixels[5],
          pixels[6], pixels[7]);
    cadence_scene_destroy(scene);
    unsigned char damaged[sizeof png];
    memcpy(damaged, png, sizeof png);
    // The zlib stream's first byte after its header, and the IDAT chunk's CRC to match:
    // libpng refuses the stream ("invalid code lengths set").
    damaged[43] ^= 0xFF;
    memcpy(damaged + 55, (const unsigned char[]){0x41, 0xf0, 0x0e, 0xf2}, 4);
    file = fopen(path, "wb");
    CHECK(file != NULL && fwrite(damaged, 1, sizeof damaged, file) == sizeof damaged && fclose(file) == 0, "writing");
    CHECK(cadence_scene_create_json(json, strlen(json), folder, &scene) == CADENCE_ERROR_INVALID_DOCUMENT,
          "damaged PNG contents");
    CHECK(strstr(cadence_last_error(), "corrupt image data (invalid code lengths set)") != NULL, "message: %s",
          cadence_last_error());
    remove(path);
}

// Threads: each makes, uses and destroys its own handles, and shares one timing function.
static cadence_timing_function *shared;

static int worker(void *argument) {
    int index = *(int *)argument, bad = 0;
    cadence_timing_function *own = NULL;
    if (cadence_timing_function_create(0.1 * index, 0, 0.5, 1, &own) != CADENCE_OK) return 1;
    cadence_scene *scene = NULL;
    if (cadence_scene_create_json(scene_json, strlen(scene_json), NULL, &scene) != CADENCE_OK) bad++;
    uint8_t pixels[8 * 4 * 4];
    for (int i = 0; i < 200; i++) {
        double x = i / 200.0, a, b;
        bad += cadence_timing_function_progress(own, x, &a) != CADENCE_OK;
        bad += cadence_timing_function_progress(shared, x, &b) != CADENCE_OK;
        if (i % 50 == 0) bad += cadence_scene_render(scene, x, pixels, 8, 4, 32, sizeof pixels, CADENCE_PIXELS_RGBA, 1);
    }
    // A failure on this thread leaves the other threads' messages alone.
    bad += cadence_timing_function_create(2, 0, 0, 1, NULL) != CADENCE_ERROR_NULL_ARGUMENT;
    cadence_scene_destroy(scene);
    cadence_timing_function_destroy(own);
    return bad;
}

static void test_threads(void) {
    CHECK(cadence_timing_function_create_named("default", &shared) == CADENCE_OK, "shared");
    cadence_timing_function_create(2, 0, 0, 1, NULL);  // this thread's message
    char before[1024];
    snprintf(before, sizeof before, "%s", cadence_last_error());
    enum { count = 4 };
    thrd_t threads[count];
    int indices[count];
    for (int i = 0; i < count; i++) {
        indices[i] = i + 1;
        CHECK(thrd_create(&threads[i], worker, &indices[i]) == thrd_success, "thread %d", i);
    }
    for (int i = 0; i < count; i++) {
        int result = -1;
        thrd_join(threads[i], &result);
        CHECK(result == 0, "thread %d: %d failures", i, result);
    }
    CHECK(strcmp(before, cadence_last_error()) == 0, "message changed by other threads: %s", cadence_last_error());
    cadence_timing_function_destroy(shared);
}

int main(void) {
    test_version();
    test_timing_functions();
    test_media_timing();
    test_transforms();
    test_animations();
    test_scenes();
    test_png_contents();
    test_threads();
    size_t live = 99;
    CHECK(cadence_live_handle_count(&live) == CADENCE_OK && live == 0, "%zu handles left live", live);
    printf("cadence_test: %d checks, %d failed\n", checks, failures);
    return failures == 0 ? 0 : 1;
}
