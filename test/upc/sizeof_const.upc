/* sizeof_const.upc — upc_blocksizeof and upc_elemsizeof are integer constant
 * expressions (UPC 1.3, 6.4.1): usable in file-scope array sizes, case
 * labels, enumerators and static assertions. */
#include "upctest.h"

shared [6] int a6[36];
shared double dd[10 * THREADS];

static char buf[upc_blocksizeof(a6) * upc_elemsizeof(a6)];
enum { BLOCK = upc_blocksizeof(a6), ELEM = upc_elemsizeof(dd) };
_Static_assert(upc_blocksizeof(shared [9] char) == 9, "blocksizeof of a type");
_Static_assert(upc_elemsizeof(a6) == sizeof(int), "elemsizeof of an array");
/* elements holding pointers-to-shared: the size the generated C gives them */
struct holder { shared int *p; char tag; };
shared int *shared ptrs[THREADS];
shared struct holder holders[2 * THREADS];
enum { PTS_ELEM = upc_elemsizeof(ptrs), HOLDER_ELEM = upc_elemsizeof(holders) };

int main(void) {
  CHECK_UINT(sizeof buf, 6 * sizeof(int));
  CHECK_INT(BLOCK, 6);
  CHECK_INT(ELEM, sizeof(double));
  CHECK_UINT(PTS_ELEM, sizeof(shared int *));
  CHECK_UINT(HOLDER_ELEM, sizeof(struct holder));
  CHECK_UINT(upc_elemsizeof(holders), sizeof holders[0]);
  int hit = 0;
  switch (6) {
  case upc_blocksizeof(a6):
    hit = 1;
    break;
  default:
    break;
  }
  CHECK_INT(hit, 1);
  return upctest_done();
}
