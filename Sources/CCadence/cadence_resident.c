// Keeps libCadenceC.so loaded once it has been loaded: a dlclose() by its host (a Python
// process ending, whose cffi library object is collected; a plugin host unloading it) does
// not unmap it.
//
// Why: a multi-threaded render (cadence_scene_render with threads other than 1) and the
// tiled layers' drawing run on libdispatch's worker threads, which stay parked for a few
// seconds after the work ends. If the library and the runtime it brought in (libdispatch,
// the Swift runtime) were unmapped meanwhile, a parked worker would wake into unmapped
// code and crash the host — seen as a segmentation fault at a Python interpreter's exit,
// after its tests had passed. Pinning is what a library with background threads does on
// Linux; the cost is that its memory stays mapped until the process ends.
//
// How: at load, the library opens itself again with RTLD_NODELETE (and RTLD_NOLOAD, so
// nothing new is loaded), which glibc records on the loaded object: its reference count
// may fall to zero, it is never unmapped. Linked statically into an executable instead,
// the same call names the executable and changes nothing.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>

__attribute__((constructor)) static void cadence_stay_resident(void) {
    Dl_info info;
    if (dladdr((void *)&cadence_stay_resident, &info) == 0 || info.dli_fname == NULL) return;
    // The handle is deliberately never closed: it is the pin.
    (void)dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
}
