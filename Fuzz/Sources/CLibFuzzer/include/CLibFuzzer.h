// libFuzzer's driver, which each fuzz target's main calls (SwiftPM names the entry point of
// an executable target itself, so libFuzzer's own main is not used).
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
