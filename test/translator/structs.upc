// Shared structs and unions: members through . and ->, arrays inside a
// shared struct element (byte offsets inside the element), arrays of
// structs, whole-struct reads and writes.
#include <upc.h>

struct particle { double x, y; int id; int hist[4]; };
typedef struct particle particle_t;
union word { int i; float f; };

shared particle_t P[4*THREADS];
// CHECK: upcrt_static_t __upcc_shared_P = {{.*}}.elem_size = sizeof(particle_t), .block = 1, .nelems = 4, .threads_scaled = 1 };
shared union word W;
shared [2] struct particle Q[8];

void members(shared particle_t *pp, int i) {
  // CHECK-LABEL: void members(upcrt_pts_t pp, int i) {
  P[i].x = 1.5;
  // CHECK: upcrt_put_d(upcrt_pts_addbytes(upcrt_pts_add(upcrt_static_pts(&__upcc_shared_P), (i), 1, sizeof(particle_t)), __builtin_offsetof(particle_t, x)), 1.5);
  pp->hist[2]++;
  // CHECK: ({ upcrt_pts_t [[P:__upcc_t[0-9]+]] = upcrt_pts_addbytes(pp, __builtin_offsetof(particle_t, hist) + (2) * sizeof(int)); int [[O:__upcc_t[0-9]+]] = upcrt_get_i32([[P]]); upcrt_put_i32([[P]], [[O]] + 1); });
  Q[i].hist[i] = (*pp).id;
  // CHECK: upcrt_put_i32(upcrt_pts_addbytes(upcrt_pts_add(upcrt_static_pts(&__upcc_shared_Q), (i), 2, sizeof(struct particle)), __builtin_offsetof(struct particle, hist) + (i) * sizeof(int)), upcrt_get_i32(upcrt_pts_addbytes(pp, __builtin_offsetof(particle_t, id))));
  W.f = 2.0f;
  // CHECK: upcrt_put_f(upcrt_pts_addbytes(upcrt_static_pts(&__upcc_shared_W), __builtin_offsetof(union word, f)), 2.0f);
  /* &s.m is shared [] int * (UPC 1.3 6.4.4): a cast to it, then to shared int * */
  shared int *h = &P[i].hist[1];
  // CHECK: upcrt_pts_t h = {{\(*}}upcrt_pts_reblock({{\(*}}upcrt_pts_reblock({{\(*}}upcrt_pts_addbytes(upcrt_pts_add(upcrt_static_pts(&__upcc_shared_P), (i), 1, sizeof(particle_t)), __builtin_offsetof(particle_t, hist) + (1) * sizeof(int)){{\)*}};
  (void)h;
}

particle_t whole(int i) {
  // CHECK-LABEL: particle_t whole(int i) {
  particle_t t = P[i];
  // CHECK: particle_t t = ({ particle_t [[T:__upcc_t[0-9]+]]; upcrt_get(&[[T]], upcrt_pts_add(upcrt_static_pts(&__upcc_shared_P), (i), 1, sizeof(particle_t)), sizeof [[T]]); [[T]]; });
  P[i + 1] = t;
  // CHECK: ({ particle_t [[T:__upcc_t[0-9]+]] = t; upcrt_put(upcrt_pts_add(upcrt_static_pts(&__upcc_shared_P), (i + 1), 1, sizeof(particle_t)), &[[T]], sizeof [[T]]); });
  P[0] = P[1];
  // CHECK: ({ particle_t [[T:__upcc_t[0-9]+]] = ({ particle_t
  return t;
}
