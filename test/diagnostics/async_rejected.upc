// upcx_async rejects, at the argument, what means nothing on another thread,
// and Clang checks the arguments as for a call.
#include <upc.h>
#include <upcx.h>

struct holder { int n; int *p; };
union either { int i; float f; };
struct ok { double x; shared int *p; };
int take_ptr(int *p);
int take_fn(int (*f)(int *));
int take_holder(struct holder h);
int take_union(union either u);
int take_ok(struct ok o);
int *give_ptr(int n);
int old_style();
int two(int a, double b);
int vsum(int n, ...);
shared int s[THREADS];

int main(void) {
  int x = 0;
  struct holder h = {1, &x};
  union either u;
  struct ok o = {1.0, &s[0]};
  u.i = 1;
  // CHECK: async_rejected.upc:[[@LINE+1]]:37: error: argument 1 of 'take_ptr' cannot be passed by 'upcx_async': it is a private pointer ('int *'), which means nothing on another thread; pass a pointer-to-shared
  upcx_wait(upcx_async(1, take_ptr, &x), 0);
  // CHECK: async_rejected.upc:[[@LINE+1]]:36: error: argument 1 of 'take_fn' cannot be passed by 'upcx_async': it is a function pointer ('int (*)(int *)'), which means nothing on another thread
  upcx_wait(upcx_async(1, take_fn, take_ptr), 0);
  // CHECK: async_rejected.upc:[[@LINE+1]]:40: error: argument 1 of 'take_holder' cannot be passed by 'upcx_async': it is a struct ('struct holder') whose member 'p' is a private pointer ('int *'), which means nothing on another thread; pass a pointer-to-shared
  upcx_wait(upcx_async(1, take_holder, h), 0);
  // CHECK: async_rejected.upc:[[@LINE+1]]:39: error: argument 1 of 'take_union' cannot be passed by 'upcx_async': it is a union ('union either'), which libffi cannot pass
  upcx_wait(upcx_async(1, take_union, u), 0);
  // CHECK: async_rejected.upc:[[@LINE+1]]:25: error: 'upcx_async' cannot return the result of 'give_ptr': it is a private pointer ('int *'), which means nothing on another thread; pass a pointer-to-shared
  upcx_wait(upcx_async(1, give_ptr, 3), 0);
  // CHECK: async_rejected.upc:[[@LINE+1]]:25: error: 'upcx_async' needs a prototype for 'old_style', to know how to pass the arguments
  upcx_wait(upcx_async(1, old_style, 3), 0);
  // CHECK: async_rejected.upc:[[@LINE+1]]:44: error: argument 4 of 'vsum' cannot be passed by 'upcx_async': it is a private pointer ('char *'), which means nothing on another thread; pass a pointer-to-shared
  upcx_wait(upcx_async(1, vsum, 2, 1.0, 2, "four"), 0);
  // CHECK: async_rejected.upc:[[@LINE+1]]:24: error: the thread of 'upcx_async' must be an integer, not 'double'
  upcx_wait(upcx_async(1.5, two, 1, 2.0), 0);
  // accepted: a struct of a double and a pointer-to-shared
  upcx_wait(upcx_async(1, take_ok, o), 0);
  // CHECK-NOT: take_ok
  return 0;
}
