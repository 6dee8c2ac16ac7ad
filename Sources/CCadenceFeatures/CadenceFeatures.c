// Header-only module: the feature macros live in include/CadenceFeatures.h.
#include "CadenceFeatures.h"
