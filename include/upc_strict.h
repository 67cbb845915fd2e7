/* upc_strict.h — includes <upc.h> and makes strict the default for the rest
 * of the translation unit (UPC 1.3, 6.6.1). */
#include <upc.h>
#pragma upc strict
