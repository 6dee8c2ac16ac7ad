// The declaration in include/CLibFuzzer.h is all this module provides; libFuzzer itself is
// linked by -sanitize=fuzzer.
#include "CLibFuzzer.h"
