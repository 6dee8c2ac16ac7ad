#include "cadence_png.h"

#include <png.h>
#include <stdlib.h>
#include <string.h>

/// What libpng's callbacks share with cadence_png_read.
struct reader {
    const uint8_t *bytes;
    size_t count;
    size_t offset;
    int truncated;
    char *message;
    size_t message_size;
};

static void read_bytes(png_structp png, png_bytep out, size_t length) {
    struct reader *reader = png_get_io_ptr(png);
    if (length > reader->count - reader->offset) {
        reader->truncated = 1;
        png_error(png, "the file is truncated");
    }
    memcpy(out, reader->bytes + reader->offset, length);
    reader->offset += length;
}

/// Keeps the message and jumps back to cadence_png_read's setjmp (libpng's own frames only
/// lie between them).
static void on_error(png_structp png, png_const_charp text) {
    struct reader *reader = png_get_error_ptr(png);
    if (reader != NULL && reader->message_size > 0) {
        strncpy(reader->message, text != NULL ? text : "", reader->message_size - 1);
        reader->message[reader->message_size - 1] = '\0';
    }
    png_longjmp(png, 1);
}

/// Warnings are not errors and are not printed.
static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

int cadence_png_read(const uint8_t *bytes, size_t count, uint32_t width, uint32_t height, size_t row_bytes,
                     uint32_t max_dimension, cadence_png_row_callback each_row, void *context, char *message,
                     size_t message_size) {
    struct reader reader = {bytes, count, 0, 0, message, message_size};
    if (message_size > 0) message[0] = '\0';
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader, on_error, on_warning);
    if (png == NULL) return CADENCE_PNG_NO_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        return CADENCE_PNG_NO_MEMORY;
    }
    // Changed after setjmp and read after a longjmp: volatile.
    png_bytep volatile image = NULL;
    png_bytepp volatile rows = NULL;
    volatile int status = CADENCE_PNG_OK;

    if (setjmp(png_jmpbuf(png))) {
        free(rows);
        free(image);
        png_destroy_read_struct(&png, &info, NULL);
        if (status != CADENCE_PNG_OK) return status;
        return reader.truncated ? CADENCE_PNG_TRUNCATED : CADENCE_PNG_LIBPNG_ERROR;
    }
    png_set_read_fn(png, &reader, read_bytes);
    png_set_user_limits(png, max_dimension, max_dimension);
    // Any CRC error, in a critical chunk or an ancillary one, ends the read; so does every
    // "benign" error (extra image data, a bad palette index, ...).
    png_set_crc_action(png, PNG_CRC_ERROR_QUIT, PNG_CRC_ERROR_QUIT);
    png_set_benign_errors(png, 0);
    // Ancillary chunks are skipped (after their CRC), tRNS too: the caller applies it.
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    static const png_byte trns[] = {'t', 'R', 'N', 'S', '\0'};
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, trns, 1);

    png_read_info(png, info);
    if (png_get_image_width(png, info) != width || png_get_image_height(png, info) != height) {
        status = CADENCE_PNG_HEADER_MISMATCH;
        png_longjmp(png, 1);
    }
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != row_bytes) {
        status = CADENCE_PNG_HEADER_MISMATCH;
        png_longjmp(png, 1);
    }
    if (passes == 1) {
        image = malloc(row_bytes > 0 ? row_bytes : 1);
        if (image == NULL) {
            status = CADENCE_PNG_NO_MEMORY;
            png_longjmp(png, 1);
        }
        for (uint32_t y = 0; y < height; y++) {
            png_read_row(png, image, NULL);
            if (each_row(context, y, image) != 0) {
                status = CADENCE_PNG_STOPPED;
                png_longjmp(png, 1);
            }
        }
    } else {
        // Adam7: libpng gathers the passes into whole rows, so it needs all of them.
        if (height > SIZE_MAX / row_bytes) {
            status = CADENCE_PNG_NO_MEMORY;
            png_longjmp(png, 1);
        }
        image = calloc(height, row_bytes);  // zero pages, touched as the passes fill them
        rows = malloc(height * sizeof(png_bytep));
        if (image == NULL || rows == NULL) {
            status = CADENCE_PNG_NO_MEMORY;
            png_longjmp(png, 1);
        }
        for (uint32_t y = 0; y < height; y++) rows[y] = image + (size_t)y * row_bytes;
        png_read_image(png, rows);
        for (uint32_t y = 0; y < height; y++) {
            if (each_row(context, y, rows[y]) != 0) {
                status = CADENCE_PNG_STOPPED;
                png_longjmp(png, 1);
            }
        }
    }
    // The end of the zlib stream (no data left over) and the chunks after it, to IEND.
    png_read_end(png, NULL);
    free(rows);
    free(image);
    png_destroy_read_struct(&png, &info, NULL);
    return CADENCE_PNG_OK;
}
