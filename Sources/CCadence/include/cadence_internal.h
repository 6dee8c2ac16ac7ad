/*
 * Not part of the C API (cadence.h is): what the library's Swift side uses to set the
 * per-thread error message. Not installed with the header.
 */
#ifndef CADENCE_INTERNAL_H
#define CADENCE_INTERNAL_H

#include <stddef.h>

/* Stores `length` bytes of `message` (UTF-8, not NUL-terminated) as this thread's last
 * error, cut at a character boundary to fit 1023 bytes. */
void cadence_internal_set_last_error(const char *message, size_t length);

#endif /* CADENCE_INTERNAL_H */
