// A shared-qualified return type through a typedef (UPC 1.3 6.5.1).
#include <upc.h>
typedef shared int sint;
// CHECK: shared_return_typedef.upc:[[@LINE+1]]:6: error: function 'g' may not return a shared-qualified type ('sint' (aka 'shared int')); return a pointer-to-shared instead
sint g(void);
int main(void) { return 0; }
