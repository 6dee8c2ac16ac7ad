// Header-only module: the feature macros live in include/CadenceFeatures.h, the 4×4
// inverse and determinant of Transform3D (static inline, clang vector types) in
// include/CadenceMatrix4.h.
#include "CadenceFeatures.h"
