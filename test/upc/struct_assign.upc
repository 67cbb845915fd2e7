/* struct_assign.upc — whole-struct assignment: private to shared, shared to
 * private, shared to shared (local and remote), and struct values passed to
 * and returned from functions. */
#include "upctest.h"

struct big {
  int id;
  char tag[5];
  double v[3];
  short tail;
};

shared struct big s[THREADS];
shared [] struct big pool[4];       /* all on thread 0 */
shared struct big one;

static struct big make(int k) {
  struct big b;
  b.id = k;
  for (int i = 0; i < 5; i++) b.tag[i] = (char)('A' + (k + i) % 26);
  for (int i = 0; i < 3; i++) b.v[i] = k + i / 4.0;
  b.tail = (short)(-k);
  return b;
}

static int same(struct big a, struct big b) {
  if (a.id != b.id || a.tail != b.tail) return 0;
  for (int i = 0; i < 5; i++)
    if (a.tag[i] != b.tag[i]) return 0;
  for (int i = 0; i < 3; i++)
    if (a.v[i] != b.v[i]) return 0;
  return 1;
}

static struct big fetch(shared struct big *p) { return *p; }

int main(void) {
  s[MYTHREAD] = make(MYTHREAD);              /* private → shared (local) */
  upc_barrier;
  for (int t = 0; t < THREADS; t++) {
    struct big b = s[t];                     /* shared → private */
    CHECK(same(b, make(t)));
    CHECK(same(fetch(&s[t]), make(t)));
  }
  upc_barrier;
  /* shared → shared between threads: everyone rotates its neighbour's value
   * into pool slots on thread 0 and then into its own element. */
  if (MYTHREAD < 4) pool[MYTHREAD] = s[(MYTHREAD + 1) % THREADS];
  upc_barrier;
  for (int k = 0; k < 4 && k < THREADS; k++) CHECK(same(pool[k], make((k + 1) % THREADS)));
  upc_barrier;
  struct big old = s[(MYTHREAD + 1) % THREADS];
  upc_barrier;
  s[MYTHREAD] = old;                         /* then overwrite: a remote copy */
  upc_barrier;
  CHECK(same(s[MYTHREAD], make((MYTHREAD + 1) % THREADS)));
  if (MYTHREAD == THREADS - 1) one = s[0];   /* shared → shared, remote to remote */
  upc_barrier;
  CHECK(same(one, make(1 % THREADS)));
  upc_barrier; /* everyone has read one before it changes */
  /* Member arrays survive whole-struct copies and can be updated in place. */
  if (MYTHREAD == 0) one.v[2] = 99.5;
  upc_barrier;
  struct big c = one;
  CHECK_DBL(c.v[2], 99.5);
  CHECK_INT(c.tag[4], 'A' + (1 % THREADS + 4) % 26);
  return upctest_done();
}
