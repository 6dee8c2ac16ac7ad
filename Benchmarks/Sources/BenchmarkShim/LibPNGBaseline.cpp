// libpng's encoder as the PNG encoder's peer (BenchmarkShim.h). The file is gathered in a
// std::vector; a libpng error jumps back to the setjmp in cadence_baseline_libpng_encode,
// which has no C++ objects with destructors between it and libpng.
#include "BenchmarkShim.h"

#include <png.h>
#include <zlib.h>

#include <cstdlib>
#include <vector>

namespace {

struct Output {
    std::vector<uint8_t> bytes;
};

void writeBytes(png_structp png, png_bytep data, size_t length) {
    auto *out = static_cast<Output *>(png_get_io_ptr(png));
    out->bytes.insert(out->bytes.end(), data, data + length);
}

void flush(png_structp) {}

/// `v · 255 / a` rounded to nearest (0 when `a` is 0), for premultiplied `v` ≤ `a`:
/// `Bitmap.unpremultiplied`, indexed by `a · 256 + v`.
const std::vector<uint8_t> &unpremultiplyTable() {
    static const std::vector<uint8_t> table = [] {
        std::vector<uint8_t> t(65536);
        for (int a = 0; a < 256; ++a)
            for (int v = 0; v < 256; ++v) {
                int value = a == 0 ? 0 : (v * 255 + a / 2) / a;
                t[a * 256 + v] = uint8_t(value > 255 ? 255 : value);
            }
        return t;
    }();
    return table;
}

}  // namespace

extern "C" size_t cadence_baseline_libpng_encode(
    const uint8_t *rgba, int32_t width, int32_t height, int32_t level, int32_t run_length) {
    const uint8_t *table = unpremultiplyTable().data();
    Output *out = new Output();
    uint8_t *row = static_cast<uint8_t *>(std::malloc(size_t(width) * 4));
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
    png_infop info = png ? png_create_info_struct(png) : nullptr;
    if (png == nullptr || info == nullptr || row == nullptr || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        std::free(row);
        delete out;
        return 0;
    }
    png_set_write_fn(png, out, writeBytes, flush);
    png_set_IHDR(png, info, uint32_t(width), uint32_t(height), 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level);
    if (run_length != 0) png_set_compression_strategy(png, Z_RLE);
    if (level == 0) png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_write_info(png, info);
    for (int32_t y = 0; y < height; ++y) {
        const uint8_t *source = rgba + size_t(y) * width * 4;
        for (int32_t i = 0; i < width * 4; i += 4) {
            int a = source[i + 3] << 8;
            row[i] = table[a | source[i]];
            row[i + 1] = table[a | source[i + 1]];
            row[i + 2] = table[a | source[i + 2]];
            row[i + 3] = source[i + 3];
        }
        png_write_row(png, row);
    }
    png_write_end(png, nullptr);
    png_destroy_write_struct(&png, &info);
    std::free(row);
    size_t size = out->bytes.size();
    delete out;
    return size;
}
