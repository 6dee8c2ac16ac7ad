// The PNG decoder's C shim (Sources/CCadencePNG) on its own, under memcheck: a plain and an
// Adam7 file decode to their rows; every prefix, every byte changed to three values, a
// callback that stops, a header that is not the one expected and a size over the limit each
// end with a status and no memory error or leak (libpng's longjmp paths included).
#include "cadence_png.h"

#include <stdio.h>
#include <string.h>

static int failures = 0;
#define CHECK(condition, ...)                              \
    do {                                                   \
        if (!(condition)) {                                \
            fprintf(stderr, "%s:%d: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                  \
            fprintf(stderr, "\n");                         \
            failures++;                                    \
        }                                                  \
    } while (0)

// 2 × 1 RGBA, 8 bits: opaque red, blue at alpha 128.
static const uint8_t plain[] = {
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
    0x00, 0x02, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0xf4, 0x22, 0x7f, 0x8a, 0x00, 0x00, 0x00,
    0x0e, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0x00, 0x42, 0x0d, 0x00, 0x0f, 0x7a, 0x03,
    0x7e, 0x77, 0xe9, 0x7f, 0x97, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82};
// 2 × 2 grey, 8 bits, Adam7: 10 20 / 30 40.
static const uint8_t interlaced[] = {
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
    0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x08, 0x00, 0x00, 0x00, 0x01, 0x20, 0xda, 0x62, 0x6e, 0x00, 0x00, 0x00,
    0x0f, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xe0, 0x62, 0x10, 0x61, 0x90, 0xd3, 0x00, 0x00, 0x00, 0xf7,
    0x00, 0x65, 0x9f, 0x55, 0xb2, 0x05, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82};

struct rows {
    uint8_t bytes[2][8];
    size_t row_bytes;
    uint32_t count;
    uint32_t stop_at;  // stop at this row (UINT32_MAX: never)
};

static int keep_row(void *context, uint32_t y, const uint8_t *row) {
    struct rows *rows = context;
    if (y == rows->stop_at) return 1;
    if (y < 2) memcpy(rows->bytes[y], row, rows->row_bytes);
    rows->count++;
    return 0;
}

static int read_file(const uint8_t *bytes, size_t count, uint32_t width, uint32_t height, size_t row_bytes,
                     uint32_t limit, struct rows *rows) {
    char message[128];
    rows->row_bytes = row_bytes;
    int status = cadence_png_read(bytes, count, width, height, row_bytes, limit, keep_row, rows, message, sizeof message);
    CHECK(status >= CADENCE_PNG_OK && status <= CADENCE_PNG_STOPPED, "status %d", status);
    CHECK(status != CADENCE_PNG_LIBPNG_ERROR || message[0] != '\0', "an error without a message");
    return status;
}

// Every prefix and every byte changed to 0, 0xFF and its complement: a status each time.
static void damage(const uint8_t *file, size_t count, uint32_t width, uint32_t height, size_t row_bytes) {
    uint8_t copy[128];
    for (size_t length = 0; length < count; length++) {
        struct rows rows = {.stop_at = UINT32_MAX};
        CHECK(read_file(file, length, width, height, row_bytes, 16384, &rows) != CADENCE_PNG_OK, "prefix %zu", length);
    }
    for (size_t i = 0; i < count; i++) {
        const uint8_t values[] = {0, 0xFF, (uint8_t)~file[i]};
        for (int v = 0; v < 3; v++) {
            memcpy(copy, file, count);
            copy[i] = values[v];
            struct rows rows = {.stop_at = UINT32_MAX};
            read_file(copy, count, width, height, row_bytes, 16384, &rows);
        }
    }
}

int main(void) {
    struct rows rows = {.stop_at = UINT32_MAX};
    CHECK(read_file(plain, sizeof plain, 2, 1, 8, 16384, &rows) == CADENCE_PNG_OK, "plain");
    const uint8_t expected[] = {255, 0, 0, 255, 0, 0, 255, 128};
    CHECK(rows.count == 1 && memcmp(rows.bytes[0], expected, 8) == 0, "plain rows");

    rows = (struct rows){.stop_at = UINT32_MAX};
    CHECK(read_file(interlaced, sizeof interlaced, 2, 2, 2, 16384, &rows) == CADENCE_PNG_OK, "interlaced");
    CHECK(rows.count == 2 && rows.bytes[0][0] == 10 && rows.bytes[0][1] == 20 && rows.bytes[1][0] == 30
              && rows.bytes[1][1] == 40,
          "interlaced rows");

    rows = (struct rows){.stop_at = 0};
    CHECK(read_file(plain, sizeof plain, 2, 1, 8, 16384, &rows) == CADENCE_PNG_STOPPED, "stopped");
    rows = (struct rows){.stop_at = 1};
    CHECK(read_file(interlaced, sizeof interlaced, 2, 2, 2, 16384, &rows) == CADENCE_PNG_STOPPED, "stopped, Adam7");
    rows = (struct rows){.stop_at = UINT32_MAX};
    CHECK(read_file(plain, sizeof plain, 3, 1, 12, 16384, &rows) == CADENCE_PNG_HEADER_MISMATCH, "another width");
    CHECK(read_file(plain, sizeof plain, 2, 1, 6, 16384, &rows) == CADENCE_PNG_HEADER_MISMATCH, "another row size");
    CHECK(read_file(plain, sizeof plain, 2, 1, 8, 1, &rows) == CADENCE_PNG_LIBPNG_ERROR, "over the size limit");
    CHECK(read_file(plain, 40, 2, 1, 8, 16384, &rows) == CADENCE_PNG_TRUNCATED, "truncated");

    damage(plain, sizeof plain, 2, 1, 8);
    damage(interlaced, sizeof interlaced, 2, 2, 2);
    if (failures > 0) {
        fprintf(stderr, "png_shim_test: %d failures\n", failures);
        return 1;
    }
    printf("png_shim_test: every check passed\n");
    return 0;
}
