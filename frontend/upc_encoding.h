// upc_encoding.h — how UPC survives the surface pass: the contract between
// frontend/ (which writes it) and optimizer/ + lowering/ (which read it).
//
// The surface pass rewrites the preprocessed UPC token stream into C that stock
// Clang parses, keeping line structure (no newlines added or removed), so
// Clang's locations map back to the user's file through the preprocessor's
// line markers.
//
// * `shared`, `shared [B]`, `shared []`, `shared [*]`, `strict`, `relaxed`
//   become ONE `__attribute__((address_space(N)))` with N = encodeShared(...).
//   Clang keeps address spaces in canonical types (typedefs, pointers, arrays,
//   members of pointer type, signatures) and rejects shared automatics and
//   implicit shared<->private pointer conversions on its own.
// * `upc_forall (A; B; C; D) S` becomes
//       `for (A; B; C) if (__upcc_forall_affinity(D)) S`
//   and `upc_forall (A; B; C; continue) S` / an empty D becomes
//       `for (A; B; C) if (__upcc_forall_affinity()) S`.
//   __upcc_forall_affinity is declared `int __upcc_forall_affinity(...)`.
// * `upc_barrier;` → `__upcc_barrier();`, `upc_barrier e;` → `__upcc_barrier(e);`
//   and likewise `__upcc_notify`, `__upcc_wait`; `upc_fence` → `__upcc_fence()`.
// * `upc_localsizeof/upc_blocksizeof/upc_elemsizeof (x)` → `__upcc_localsizeof(x)`
//   etc. for expressions, and for type operands `__upcc_localsizeof((T*)0)`
//   style calls the lowering evaluates (the type is the pointee).
// * `#pragma upc strict|relaxed` is recorded by the surface pass (a source
//   range → default consistency table) and removed from the text.
// * `THREADS` in a shared array dimension under dynamic THREADS becomes
//   `__upcc_THREADS_DIM` (an enumerator equal to 1 declared in the prelude):
//   the dimension's real size is its value × THREADS.
// * THREADS and MYTHREAD elsewhere are identifiers declared by the prelude as
//   `extern const int THREADS, MYTHREAD;` (static THREADS: THREADS is a macro);
//   the lowering emits them as upcrt_threads / upcrt_mythread.
#pragma once
#include <cstdint>

namespace upc {

enum class Consistency : unsigned { Default = 0, Strict = 1, Relaxed = 2 };

// Bit 22 marks a UPC address space; bits 20-21 the consistency; bits 0-19 the
// block size in elements, where 0 means indefinite (`shared []` == `shared [0]`)
// and a plain `shared` has block size 1.  The largest value, 0x6fffff, is
// below Clang's address-space limit.
constexpr unsigned kSharedBit = 1u << 22;
constexpr unsigned kMaxBlockSize = (1u << 20) - 1; // UPC_MAX_BLOCK_SIZE

constexpr unsigned encodeShared(unsigned block, Consistency c) {
  return kSharedBit | (static_cast<unsigned>(c) << 20) | (block & kMaxBlockSize);
}
constexpr bool isShared(unsigned as) { return (as & kSharedBit) != 0; }
constexpr unsigned blockSize(unsigned as) { return as & kMaxBlockSize; }
constexpr Consistency consistency(unsigned as) {
  return static_cast<Consistency>((as >> 20) & 3u);
}

} // namespace upc
