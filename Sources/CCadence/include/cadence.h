/*
 * cadence.h: the C interface to Cadence, Core Animation's math (timing functions, media
 * timing, transforms, animations, scenes) in libCadenceC.so.
 *
 * Conventions (stated once here; docs/c-api.md has an example):
 * - Every function returns a cadence_status; CADENCE_OK is 0. On any other status
 *   cadence_last_error() gives a one-line message of the form "cadence: <where>: <what>",
 *   the text the cadence command line prints for the same problem, and no output has been
 *   written unless the function says so.
 * - Outputs are written through pointers; a required pointer that is NULL gives
 *   CADENCE_ERROR_NULL_ARGUMENT. Buffers come with their element counts: an output
 *   capacity below what is needed gives CADENCE_ERROR_BUFFER_TOO_SMALL. A buffer may be
 *   NULL when its count is 0.
 * - Time is seconds as double; angles are radians; geometry has its origin at the top
 *   left with y down.
 * - Matrices are double[16] in Core Animation's CATransform3D field order m11, m12, m13,
 *   m14, m21, ..., m44: row vectors, so a point (x, y, z, 1) is multiplied on the left and
 *   the translation is m41, m42, m43. Outputs may alias inputs.
 * - Ownership: every object made by a *_create function is released by its *_destroy
 *   function (NULL, and a handle already destroyed, are accepted and ignored). Handles are
 *   opaque numbers, not addresses. A handle that is not live (destroyed, never made, or of
 *   another kind) gives CADENCE_ERROR_INVALID_HANDLE, also after later creates: a handle
 *   names a slot and a generation, and the generation changes on destroy.
 * - Threads: every function may be called from any thread. Timing functions and
 *   animations are immutable: one handle may be used by several threads at once. A scene
 *   serialises its renders: calls on one scene from several threads are safe and run one
 *   at a time; separate scenes render in parallel. cadence_last_error() is per thread.
 * - NaN: a NaN time or input progress has the meaning the function documents (progress
 *   reads it as 0, media timing as "undefined"); a NaN where a construction parameter is
 *   required (a control point, an angle, an interpolation fraction) gives
 *   CADENCE_ERROR_INVALID_ARGUMENT.
 */
#ifndef CADENCE_H
#define CADENCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI this header describes. A library with the same major version and a minor version
 * at least this one has every function declared here, with these layouts. */
#define CADENCE_ABI_MAJOR 1
#define CADENCE_ABI_MINOR 0

typedef enum cadence_status {
    CADENCE_OK = 0,
    /* A required pointer argument is NULL. */
    CADENCE_ERROR_NULL_ARGUMENT = 1,
    /* A number or name out of range: a NaN construction parameter, an x control point
     * outside 0...1, an unknown name or enumeration value, a size that does not match. */
    CADENCE_ERROR_INVALID_ARGUMENT = 2,
    /* An output buffer's capacity (given in elements) is less than the result needs. */
    CADENCE_ERROR_BUFFER_TOO_SMALL = 3,
    /* A JSON document was refused: invalid UTF-8 or JSON, an unknown field, a value of the
     * wrong type or out of range (the command line's exit status 2). */
    CADENCE_ERROR_INVALID_DOCUMENT = 4,
    /* The handle is not live, or is of another kind. */
    CADENCE_ERROR_INVALID_HANDLE = 5,
    /* A failure that is not the input's fault. */
    CADENCE_ERROR_INTERNAL = 6
} cadence_status;

/* The library's ABI version. Either pointer may be NULL. */
cadence_status cadence_version(uint32_t *abi_major, uint32_t *abi_minor);

/* The message of the last call on this thread that did not return CADENCE_OK, "" if there
 * was none. Successful calls leave it unchanged. The text stays valid until the next
 * failing call on this thread; it is at most 1023 bytes of UTF-8, NUL-terminated. */
const char *cadence_last_error(void);

/* The number of live handles of every kind: a leak check for tests. */
cadence_status cadence_live_handle_count(size_t *count);

/* ---- Timing functions (CAMediaTimingFunction) ---------------------------------------- */

typedef struct cadence_timing_function cadence_timing_function;

/* A cubic Bezier timing function from (0, 0) through (c1x, c1y), (c2x, c2y) to (1, 1).
 * x control points must be in 0...1 and every number finite (as the command line requires);
 * otherwise CADENCE_ERROR_INVALID_ARGUMENT. Construction takes about 15 us and 1.6 KiB. */
cadence_status cadence_timing_function_create(
    double c1x, double c1y, double c2x, double c2y, cadence_timing_function **out);

/* A named timing function: "linear", "easeIn", "easeOut", "easeInEaseOut", "default", or
 * four numbers "c1x,c1y,c2x,c2y" as the command line's curve argument takes them. `name`
 * is NUL-terminated UTF-8. */
cadence_status cadence_timing_function_create_named(const char *name, cadence_timing_function **out);

void cadence_timing_function_destroy(cadence_timing_function *function);

/* The control points as stored: c1x, c1y, c2x, c2y. */
cadence_status cadence_timing_function_control_points(
    const cadence_timing_function *function, double out[4]);

/* Output progress for input progress x. x is clamped to 0...1 (NaN reads as 0); the result
 * is exactly 0 and 1 at the ends, monotone, and within 2^-41 (4.6e-13) of the exact curve. */
cadence_status cadence_timing_function_progress(
    const cadence_timing_function *function, double x, double *y);

/* As cadence_timing_function_progress, correctly rounded to the nearest double (about 2.6
 * times the cost). */
cadence_status cadence_timing_function_progress_correctly_rounded(
    const cadence_timing_function *function, double x, double *y);

/* Progress for each of the `count` inputs xs into ys, which holds `capacity` doubles
 * (capacity >= count). ys may be xs. */
cadence_status cadence_timing_function_progress_batch(
    const cadence_timing_function *function, const double *xs, size_t count, double *ys, size_t capacity);

/* The slope dy/dx at input progress x: 0 outside 0...1, +-infinity where the curve is
 * vertical; NaN reads as 0. */
cadence_status cadence_timing_function_velocity(
    const cadence_timing_function *function, double x, double *dydx);

/* ---- Media timing (CAMediaTiming) ------------------------------------------------------ */

typedef enum cadence_fill_mode {
    CADENCE_FILL_REMOVED = 0,
    CADENCE_FILL_FORWARDS = 1,
    CADENCE_FILL_BACKWARDS = 2,
    CADENCE_FILL_BOTH = 3
} cadence_fill_mode;

/* CAMediaTiming's eight properties. cadence_media_timing_init sets Core Animation's
 * defaults (speed 1, everything else 0, false or removed). Non-finite or negative fields
 * are read as docs/time-model.md says (NaN begin time, speed and offset as their defaults;
 * a zero, negative or NaN duration as the default duration). */
typedef struct cadence_media_timing {
    double begin_time;
    double duration;
    double speed;
    double time_offset;
    double repeat_count;    /* INFINITY repeats forever */
    double repeat_duration;
    bool autoreverses;
    cadence_fill_mode fill_mode;
} cadence_media_timing;

typedef enum cadence_phase {
    CADENCE_PHASE_BEFORE = 0,
    CADENCE_PHASE_ACTIVE = 1,
    CADENCE_PHASE_AFTER = 2,
    /* No position: the parent time is NaN, or infinitely far into an endless interval. */
    CADENCE_PHASE_UNDEFINED = 3
} cadence_phase;

/* The state of a timed object at one parent time. When not in effect, iteration, reversed,
 * basic_time and progress are 0. */
typedef struct cadence_timing_state {
    cadence_phase phase;
    bool in_effect;       /* active, or filling */
    bool reversed;        /* on the backward leg of an autoreversing iteration */
    int64_t iteration;    /* 0-based; saturates at INT64_MIN/INT64_MAX */
    double local_time;    /* Apple's active local time (t - begin_time) * speed + time_offset */
    double basic_time;    /* seconds into the iteration, 0...duration, mirrored when reversed */
    double progress;      /* basic_time / duration, 0...1, before any timing function */
} cadence_timing_state;

/* Core Animation's defaults. */
cadence_status cadence_media_timing_init(cadence_media_timing *timing);

/* The state at `parent_time`. `default_duration` is what a duration of 0 means: 0.25 for an
 * animation, INFINITY for a layer (0 or NaN read as 0.25). A fill_mode outside the
 * enumeration gives CADENCE_ERROR_INVALID_ARGUMENT. */
cadence_status cadence_media_timing_state(
    const cadence_media_timing *timing, double default_duration, double parent_time,
    cadence_timing_state *state);

/* The states at `count` parent times into `states`, which holds `capacity` entries. */
cadence_status cadence_media_timing_state_batch(
    const cadence_media_timing *timing, double default_duration, const double *parent_times, size_t count,
    cadence_timing_state *states, size_t capacity);

/* Time conversion between the parent's time and the object's active local time:
 * local = (parent - begin_time) * speed + time_offset, and its inverse (which is
 * begin_time when speed is 0). */
cadence_status cadence_media_timing_local_time(
    const cadence_media_timing *timing, double parent_time, double *local_time);
cadence_status cadence_media_timing_parent_time(
    const cadence_media_timing *timing, double local_time, double *parent_time);

/* ---- Transforms (CATransform3D) --------------------------------------------------------- */

cadence_status cadence_transform_identity(double out[16]);
cadence_status cadence_transform_make_translation(double tx, double ty, double tz, double out[16]);
cadence_status cadence_transform_make_scale(double sx, double sy, double sz, double out[16]);
/* A rotation by `angle` radians about the axis (x, y, z); a zero axis gives the identity. */
cadence_status cadence_transform_make_rotation(double angle, double x, double y, double z, double out[16]);

/* a then b: a point maps through a first (CATransform3DConcat(a, b), the product a * b). */
cadence_status cadence_transform_concat(const double a[16], const double b[16], double out[16]);

/* The inverse, with *invertible true; for a singular (relative determinant below 1e-14) or
 * non-finite matrix *invertible is false and out is m unchanged (CATransform3DInvert). */
cadence_status cadence_transform_invert(const double m[16], double out[16], bool *invertible);

/* The transform a fraction t of the way from a to b, as Core Animation interpolates
 * matrices (decompose, blend, recompose); when either end cannot be decomposed, a for
 * t < 0.5 and b otherwise. A NaN t gives CADENCE_ERROR_INVALID_ARGUMENT. */
cadence_status cadence_transform_interpolate(const double a[16], const double b[16], double t, double out[16]);

/* A transform taken apart: applied to a row vector, scale, then shear (xy, xz, yz), then the
 * rotation (a unit quaternion x, y, z, w), then the translation, then the perspective row,
 * all times m44 (docs/transforms.md). */
typedef struct cadence_decomposed_transform {
    double scale[3];
    double shear[3];
    double rotation[4];
    double translation[3];
    double perspective[4];
    double m44;
} cadence_decomposed_transform;

/* The decomposition of m, with *decomposable true; false (and *out the identity's) for a
 * singular or non-finite matrix. */
cadence_status cadence_transform_decompose(const double m[16], cadence_decomposed_transform *out, bool *decomposable);
cadence_status cadence_transform_recompose(const cadence_decomposed_transform *parts, double out[16]);

/* ---- Animations -------------------------------------------------------------------------- */

typedef struct cadence_animation cadence_animation;

/* The animations of one key path, from a `cadence sample` request document (docs/
 * command-line.md: keyPath, model, layer, animations, times; here `times` may be left out):
 * `length` bytes of UTF-8 JSON, not necessarily NUL-terminated. A refused document gives
 * CADENCE_ERROR_INVALID_DOCUMENT with the command line's message. */
cadence_status cadence_animation_create_json(const char *json, size_t length, cadence_animation **out);

void cadence_animation_destroy(cadence_animation *animation);

/* The number of doubles in one value: 1 (scalar), 2 (point, size), 4 (rect, color) or 16
 * (transform). */
cadence_status cadence_animation_value_count(const cadence_animation *animation, size_t *count);

/* The request's `times`: their count in *count, and the times themselves into `times`
 * (capacity entries; may be NULL with capacity 0 to ask for the count). */
cadence_status cadence_animation_request_times(
    const cadence_animation *animation, double *times, size_t capacity, size_t *count);

/* The presentation value at `time` (the layer's parent time; NaN shows the model value)
 * into `value`, which holds `capacity` doubles (at least the value count). `rotation`, if
 * not NULL, gets the rotation of a path animation with a rotation mode, NaN otherwise. */
cadence_status cadence_animation_evaluate(
    const cadence_animation *animation, double time, double *value, size_t capacity, double *rotation);

/* The values at `count` times, one after another into `values` (capacity doubles, at least
 * count * value count); `rotations`, if not NULL, holds `count` doubles. */
cadence_status cadence_animation_evaluate_batch(
    const cadence_animation *animation, const double *times, size_t count, double *values, size_t capacity,
    double *rotations);

/* ---- Scenes --------------------------------------------------------------------------- */

typedef struct cadence_scene cadence_scene;

typedef enum cadence_pixel_format {
    /* 8-bit RGBA, colour not multiplied by alpha: the bytes `cadence render` writes to PNG. */
    CADENCE_PIXELS_RGBA = 0,
    /* 8-bit RGBA premultiplied by alpha: the compositor's own form. */
    CADENCE_PIXELS_RGBA_PREMULTIPLIED = 1
} cadence_pixel_format;

/* A scene document of `cadence render` (`length` bytes of UTF-8 JSON). `contents` paths are
 * relative to `base_directory` (NUL-terminated; NULL or "" for the working directory);
 * images are read here, so rendering touches no file. */
cadence_status cadence_scene_create_json(
    const char *json, size_t length, const char *base_directory, cadence_scene **out);

void cadence_scene_destroy(cadence_scene *scene);

/* The canvas size in pixels (points times scale). */
cadence_status cadence_scene_pixel_size(const cadence_scene *scene, size_t *width, size_t *height);

/* Renders the scene at `time` (seconds) into `pixels`: `height` rows of `width` pixels,
 * 4 bytes each, rows `stride` bytes apart, `size` bytes in all. width and height must be
 * the scene's pixel size and stride at least 4 * width (else
 * CADENCE_ERROR_INVALID_ARGUMENT); size below (height - 1) * stride + 4 * width gives
 * CADENCE_ERROR_BUFFER_TOO_SMALL. Bytes between rows are left alone. `threads` is the most
 * threads the render uses (0: one per active processor; at most 256): the frame is drawn
 * in horizontal bands at once, and the pixels do not depend on it. A non-finite time gives
 * CADENCE_ERROR_INVALID_ARGUMENT. A scene's scrolls and timed changes are applied as
 * renders reach their times and stay applied, so render at times that do not decrease. */
cadence_status cadence_scene_render(
    cadence_scene *scene, double time, uint8_t *pixels, size_t width, size_t height, size_t stride, size_t size,
    cadence_pixel_format format, size_t threads);

#ifdef __cplusplus
}
#endif

#endif /* CADENCE_H */
