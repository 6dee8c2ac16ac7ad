// The library stays loaded after its host closes it (Sources/CCadence/cadence_resident.c):
// loaded with dlopen, made to render on four threads (which leaves libdispatch's workers
// parked), closed with dlclose; it must still be resident, and the process must live
// through the workers' wake-ups. Without the pin, the RTLD_NOLOAD check fails at once, and
// the process usually crashes within seconds of the close.
//
// Usage: unload_test PATH/libCadenceC.so
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cadence.h"

typedef cadence_status (*create_function)(const char *, size_t, const char *, cadence_scene **);
typedef cadence_status (*render_function)(const cadence_scene *, double, uint8_t *, size_t, size_t, size_t, size_t,
                                          cadence_pixel_format, size_t);
typedef void (*destroy_function)(cadence_scene *);

static const char scene_json[] =
    "{\"canvas\": {\"width\": 64, \"height\": 64, \"background\": [1, 1, 1, 1]},"
    " \"layers\": [{\"bounds\": [0, 0, 32, 32], \"position\": [32, 32], \"backgroundColor\": [1, 0, 0, 1],"
    "   \"cornerRadius\": 6}]}";

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: unload_test PATH/libCadenceC.so\n");
        return 2;
    }
    void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        fprintf(stderr, "unload_test: %s\n", dlerror());
        return 1;
    }
    // Object pointers to function pointers through memcpy: C11 has no direct conversion.
    create_function create;
    render_function render;
    destroy_function destroy;
    void *symbol = dlsym(library, "cadence_scene_create_json");
    memcpy(&create, &symbol, sizeof symbol);
    symbol = dlsym(library, "cadence_scene_render");
    memcpy(&render, &symbol, sizeof symbol);
    symbol = dlsym(library, "cadence_scene_destroy");
    memcpy(&destroy, &symbol, sizeof symbol);
    if (create == NULL || render == NULL || destroy == NULL) {
        fprintf(stderr, "unload_test: a function is missing\n");
        return 1;
    }
    cadence_scene *scene = NULL;
    static uint8_t pixels[64 * 64 * 4];
    if (create(scene_json, strlen(scene_json), NULL, &scene) != CADENCE_OK) {
        fprintf(stderr, "unload_test: the scene failed\n");
        return 1;
    }
    for (int frame = 0; frame < 8; frame += 1) {
        if (render(scene, frame / 8.0, pixels, 64, 64, 64 * 4, sizeof pixels, CADENCE_PIXELS_RGBA, 4) != CADENCE_OK) {
            fprintf(stderr, "unload_test: a render failed\n");
            return 1;
        }
    }
    destroy(scene);
    dlclose(library);
    if (dlopen(argv[1], RTLD_NOW | RTLD_NOLOAD) == NULL) {
        fprintf(stderr, "unload_test: libCadenceC.so was unmapped by dlclose while its worker threads live\n");
        return 1;
    }
    // Past the parked workers' wake-ups (libdispatch's idle timeout is a few seconds):
    // with the library unmapped, one of them would crash the process here.
    struct timespec pause = {.tv_sec = 6, .tv_nsec = 0};
    nanosleep(&pause, NULL);
    printf("unload_test: libCadenceC.so stays resident after dlclose\n");
    return 0;
}
