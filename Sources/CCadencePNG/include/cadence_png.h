// The PNG decoder's door to libpng: one call that reads a whole file from memory and hands
// its unfiltered rows to a callback. libpng reports errors by longjmp; every setjmp and
// every libpng call is inside cadence_png_read, so a longjmp never crosses a Swift frame
// (the row callback runs between libpng calls, never inside one). The result is a status
// code and, for CADENCE_PNG_LIBPNG_ERROR, libpng's message.
#ifndef CADENCE_PNG_H
#define CADENCE_PNG_H

#include <stddef.h>
#include <stdint.h>

enum {
    /// Every row was read and handed over; the end of the image data and the chunks after
    /// it were checked.
    CADENCE_PNG_OK = 0,
    /// libpng refused the file; `message` holds its words (for example
    /// "IDAT: incorrect header check", "Not enough image data").
    CADENCE_PNG_LIBPNG_ERROR = 1,
    /// The file ends before libpng has read what it needs.
    CADENCE_PNG_TRUNCATED = 2,
    /// The header is not the one the caller expects (width, height or row size).
    CADENCE_PNG_HEADER_MISMATCH = 3,
    /// Memory for the rows of an interlaced image was refused.
    CADENCE_PNG_NO_MEMORY = 4,
    /// The row callback asked to stop (its own error, which the caller keeps).
    CADENCE_PNG_STOPPED = 5,
};

/// Called once per row of the image, top to bottom, with its `row_bytes` unfiltered bytes
/// in the file's own sample format (packed samples, 16-bit samples big-endian); returns 0
/// to go on, anything else to stop. `row` is valid only during the call.
typedef int (*cadence_png_row_callback)(void *context, uint32_t y, const uint8_t *row);

/// Reads the PNG file `bytes` (`count` of them) through libpng: the chunks' CRCs, the image
/// data's zlib stream (inflated, unfiltered, and for Adam7 interlacing gathered into whole
/// rows), and the rest of the file up to IEND. Every ancillary chunk but its CRC is
/// ignored. Widths and heights over `max_dimension` are refused before anything is
/// allocated (png_set_user_limits), and so is a header whose size or row length is not
/// `width` × `height`, `row_bytes` (the caller has read the header already).
///
/// Memory: one row for a plain image; `height · row_bytes` for an interlaced one. Returns
/// a CADENCE_PNG_ status; on CADENCE_PNG_LIBPNG_ERROR, `message` (`message_size` bytes, at
/// least 1) holds libpng's message, NUL-terminated and cut to fit.
int cadence_png_read(const uint8_t *bytes, size_t count, uint32_t width, uint32_t height, size_t row_bytes,
                     uint32_t max_dimension, cadence_png_row_callback each_row, void *context, char *message,
                     size_t message_size);

#endif
