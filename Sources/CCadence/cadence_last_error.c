// The per-thread error message of the C API (cadence.h, cadence_last_error): a fixed
// buffer in thread-local storage, so setting it never allocates and a thread that exits
// leaves nothing behind.
#include "cadence.h"
#include "cadence_internal.h"

#include <string.h>

enum { cadence_message_capacity = 1024 };

static _Thread_local char cadence_message[cadence_message_capacity];

const char *cadence_last_error(void) {
    return cadence_message;
}

void cadence_internal_set_last_error(const char *message, size_t length) {
    if (message == NULL) length = 0;
    if (length >= cadence_message_capacity) {
        length = cadence_message_capacity - 1;
        // Back up to the first byte of a UTF-8 sequence, so the cut keeps whole characters.
        while (length > 0 && (((unsigned char)message[length]) & 0xC0) == 0x80) length -= 1;
    }
    if (length > 0) memcpy(cadence_message, message, length);
    cadence_message[length] = '\0';
}
