// Declarations: typedefs of shared types, pointer-to-shared struct fields,
// parameters and return values, arrays of and pointers to
// pointers-to-shared, shared pointers to shared and to private, static
// shared locals (hoisted before their function), extern shared objects.
#include <upc.h>

typedef shared int sint;
// CHECK: typedef int sint;
typedef shared [4] double *dptr;
// CHECK: typedef upcrt_pts_t dptr;
struct list { shared struct list *next; int v; shared int *items[3]; };
// CHECK: struct list { upcrt_pts_t next; int v; upcrt_pts_t items[3]; };
sint vec[2*THREADS];
// CHECK: upcrt_static_t __upcc_shared_vec = {{.*}}.elem_size = sizeof(int), .block = 1, .nelems = 2, .threads_scaled = 1 };
shared int *shared sps;
// CHECK: upcrt_static_t __upcc_shared_sps = { .name = "sps", .type = "shared int *shared", .elem_size = sizeof(upcrt_pts_t), .block = 1, .nelems = 1, .threads_scaled = 0 };
int *shared spp;
// CHECK: upcrt_static_t __upcc_shared_spp = { .name = "spp", .type = "int *shared", .elem_size = sizeof(int *)
shared int *ptrs[4], **pp;
// CHECK: upcrt_pts_t ptrs[4]; upcrt_pts_t *pp;
extern shared int other[];
// CHECK: extern upcrt_static_t __upcc_shared_other;
static shared int hidden;
// CHECK: static upcrt_static_t __upcc_shared_hidden = { .name = "hidden"
void (*callback)(shared void *, int);
// CHECK: void (*callback)(upcrt_pts_t, int);

static shared int *pick(shared int *a, shared int *b, int first);
// CHECK: static upcrt_pts_t pick(upcrt_pts_t a, upcrt_pts_t b, int first);

// CHECK: static upcrt_static_t __upcc_shared_tally_calls_[[N:[0-9]+]] = { .name = "calls", {{.*}} }; static void __attribute__((constructor)) __upcc_shared_tally_calls_[[N]]_register(void) { upcrt_register_static(&__upcc_shared_tally_calls_[[N]]); } static const int __upcc_init_tally_seen_[[M:[0-9]+]][3] = {1, 2, 3}; {{.*}} int tally(void) {
int tally(void) {
  static shared int calls, seen[3] = {1, 2, 3};
  // CHECK: typedef int __upcc_hoisted_tally_calls_[[N]]; typedef int __upcc_hoisted_tally_seen_[[M]];
  sps = &vec[1];
  // CHECK: upcrt_put_pts(upcrt_static_pts(&__upcc_shared_sps), upcrt_pts_add(upcrt_static_pts(&__upcc_shared_vec), (1), 1, sizeof(int)));
  *sps = other[0] + hidden;
  // CHECK: upcrt_put_i32(upcrt_get_pts(upcrt_static_pts(&__upcc_shared_sps)), upcrt_get_i32(upcrt_pts_add(upcrt_static_pts(&__upcc_shared_other), (0), 1, sizeof(int))) + upcrt_get_i32(upcrt_static_pts(&__upcc_shared_hidden)));
  int local = 3;
  spp = &local;
  // CHECK: upcrt_put_ptr(upcrt_static_pts(&__upcc_shared_spp), &local);
  *spp += seen[2];
  // CHECK: *((int *)upcrt_get_ptr(upcrt_static_pts(&__upcc_shared_spp))) += upcrt_get_i32(upcrt_pts_add(upcrt_static_pts(&__upcc_shared_tally_seen_[[M]]), (2), 1, sizeof(int)));
  struct list n;
  n.next = 0;
  // CHECK: n.next = ((upcrt_pts_t){0, 0, 0});
  n.items[1] = pick(&vec[0], ptrs[2], n.v);
  // CHECK: n.items[1] = pick(upcrt_pts_add(upcrt_static_pts(&__upcc_shared_vec), (0), 1, sizeof(int)), ptrs[2], n.v);
  return calls++;
}

static shared int *pick(shared int *a, shared int *b, int first) {
  // CHECK: static upcrt_pts_t pick(upcrt_pts_t a, upcrt_pts_t b, int first) {
  return first ? a : b;
}
