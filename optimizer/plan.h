// plan.h — what the optimizer passes decided for one translation unit (the
// OptimizerPlan the lowering reads): the contract between the passes and
// the lowering.  Passes only analyse the typed AST of the surface-form C;
// they never rewrite it.  They record decisions about AST nodes in the kinds
// below, and the lowering, construct by construct, emits the optimized form
// of whatever the plan holds (lowering/optimized.cpp).  A new pass that makes
// decisions of these kinds needs no change in lowering/.
//
// The kinds, and what the lowering guarantees for each:
//  - LocalAccess (plan.local): an access whose element is on the executing
//    thread wherever it is evaluated.  Emitted as a plain C lvalue off this
//    thread's part of the object, after this thread's pending updates are
//    complete; the index's expressions are evaluated once, in order.  The
//    pass proves the element local, the access relaxed and in bounds, and
//    that its address does not escape (accessAddressTaken).  Under
//    -fupc-check the naive, checked access is emitted instead.
//  - ForallPlan (plan.foralls): a upc_forall that visits only this thread's
//    iterations (removeTest), in one of four shapes; the loop body and its
//    side effects are unchanged.  Only the controlling (outermost) forall
//    uses it: nested in another, through a call, every iteration runs.
//  - PrivatizedAccess (plan.privatized): an access in such a loop (or in a
//    VersionedLoop) lowered to a plain C access off a base hoisted before
//    the loop; the loop's copy with plain accesses runs only where the plan's
//    conditions hold, the naive copy elsewhere.
//  - VersionedLoop (plan.versioned): a loop with a second copy in plain C,
//    run when the runtime test of its pointers and rows before the loop
//    succeeds, else the loop as it was.
//  - RemoteUpdate (plan.updates): `R op= v` whose value is unused, lowered
//    to one asynchronous upcrt_update, completed at the next fence, barrier
//    or access of this thread to the same data (upcrt_see_own_updates).
//  - CoalescedLoop (plan.coalesced): a loop whose reads of shared data are
//    gathered before it where some thread is reached through MPI: an
//    inspector (the headers of the loops around the reads) lists their
//    addresses, one get per thread fetches them, and the loop reads
//    them back in order, strip by strip; elsewhere the loop runs as written.
// A node the plan says nothing of is lowered naively, so a pass that
// records nothing changes nothing.
#pragma once
#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>
#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/MapVector.h>
#include <llvm/Support/raw_ostream.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace upc {

struct FrontendResult;
struct SurfaceInfo;

// Which passes run (pass.h), and what they report.
struct OptimizerOptions {
  bool allOff = false;                // -fupc-opts=none: only passes switched on by name run
  std::map<std::string, bool> passes; // -fupc-pass=NAME / -fno-upc-pass=NAME (last wins)
  bool check = false;     // -fupc-check: passes that would drop checks stay off
  bool remarks = false;   // -Rupc: print what fired and why something did not
  std::string recordFile; // -fsave-optimization-record: append the remarks there as YAML
  int staticThreads = 0;  // upcc -T N (0: dynamic THREADS)
  static OptimizerOptions none() {
    OptimizerOptions o;
    o.allOff = true;
    return o;
  }
};

// An integer polynomial over loop-invariant atoms (private variables,
// THREADS, MYTHREAD) — the index algebra of the passes.  Monomials are sorted
// lists of atom ids; atom ids index OptimizerPlan-independent atom tables in
// the pass that built the form.
struct LinearForm {
  std::map<std::vector<unsigned>, int64_t> terms; // monomial -> coefficient
  bool isConstant() const;
  std::optional<int64_t> constant() const;
};

// Where the shared data of an affinity expression or an access lives.
struct SharedObject {
  enum Kind { StaticArray, Pointer } kind = StaticArray;
  const clang::VarDecl *var = nullptr; // the array, or the pointer variable
  unsigned block = 1;                  // 0 = indefinite
  clang::QualType elemType;            // the innermost element (unqualified)
  uint64_t elemSize = 0;               // bytes
  bool operator==(const SharedObject &o) const {
    return kind == o.kind && var == o.var;
  }
};

// An access of element offset + sum(coef * expr) of this thread's part of
// `object` (the local index: element k of this thread's part is the k-th of
// its elements in layout order).  Lowered as
//   ((T *)<this thread's part of object>)[offset + coef1 * (expr1) + ...].
struct LocalAccess {
  const clang::Expr *access = nullptr; // the shared lvalue, of a complete element
  SharedObject object;                 // a StaticArray
  int64_t offset = 0;
  std::vector<std::pair<const clang::Expr *, int64_t>> terms; // (expr, coef)
};

// One access the lowering emits as plain C, of one of three kinds:
//  - privatized in a upc_forall: element g of `object` lives on the
//    executing thread because g is the affinity's element index plus a
//    constant that stays in the affinity's block, plus a whole number of
//    layout periods (THREADS blocks): base[li + offset], li the affinity's
//    local index (indefinite layouts: base[indexText]);
//  - versioned, through a pointer: p[e] with p an indefinitely blocked
//    pointer whose data is on this node (VersionedLoop::bases);
//  - versioned, a row: X[..][i + r] whose elements over the loop's range
//    are consecutive on one thread of this node (VersionedLoop::rows).
struct PrivatizedAccess {
  const clang::Expr *access = nullptr; // the shared lvalue (X[..] / p[..])
  const clang::ForStmt *loop = nullptr;
  unsigned baseIndex = 0;              // into ForallPlan::bases / VersionedLoop::bases|rows
  std::string indexText;               // indefinite layouts: the element index
  int64_t offset = 0;                  // privatized: local index li + offset;
                                       // a row: element (i - first) + offset of the row
  bool versioned = false;              // loop is a VersionedLoop (index: e, lowered)
  bool row = false;                    // versioned: a row (VersionedLoop::rows)
};

// The iterations of a loop `for (i = L; i < U; i += s)` (or <=, >, >=) as
// the range of values i takes: [first, last] (C expressions, evaluated
// before the loop; empty when last < first).
struct LoopRange {
  const clang::VarDecl *iv = nullptr;
  const clang::Expr *lower = nullptr, *upper = nullptr; // L, U
  int64_t step = 1;
  bool inclusive = false;                // <= or >=
  bool notEqual = false;                 // != (unit step): as < (or > counting down)
  std::optional<int64_t> first, last;    // when constant
  const clang::Expr *firstExpr() const { return step > 0 ? lower : upper; }
  const clang::Expr *lastExpr() const { return step > 0 ? upper : lower; }
  // first = firstExpr() + firstAdjust, last = lastExpr() + lastAdjust
  int firstAdjust() const { return step > 0 || inclusive ? 0 : 1; }
  int lastAdjust() const { return step < 0 || inclusive ? 0 : -1; }
};

// Consecutive elements g = i + index of `object` over a loop's range: a
// row of a blocked array (or pointer) whose block covers the range.
struct RowBase {
  SharedObject object;
  LinearForm index;       // the element index at i = 0, constant term apart
  std::string indexText;  // index + lo, as C (loop-invariant)
  int64_t lo = 0, hi = 0; // the accesses are i + index + c, c in [lo, hi]
  // Off this node, read into a private copy before the loop (one get): the
  // loop only reads the row, calls nothing, synchronizes nothing, and writes
  // shared data only through rows and privatized accesses.
  bool fetch = false;
};

// A loop with a second copy in plain C: every p[e], p an indefinitely
// blocked pointer-to-shared the loop does not change, is plain C off
// upc_cast(p), and every row off the local address of its first element
// (or of its private copy), when all of them are on this node (each row on
// one thread, consecutive), else the loop runs as it was.  Plain loops version only when every shared
// access is of these kinds; a upc_forall versions the rows of accesses its
// privatization left (ForallPlan, the same ForStmt).
struct VersionedLoop {
  const clang::ForStmt *loop = nullptr;
  // The `shared []` pointers: variables, or pointers read from shared
  // memory (`dir[t].chunk`) that keep one value over the loop.
  std::vector<const clang::Expr *> bases;
  std::vector<RowBase> rows;
  LoopRange range;                           // when there are rows
  unsigned id = 0;
};

// How one upc_forall visits only this thread's iterations.
struct ForallPlan {
  enum Shape {
    Strided,   // i = first owned, i += period*step (cyclic layouts, integer
               // affinity, blocked layouts whose block divides the stride)
    Blocked,   // owned blocks of `block` consecutive iterations
    Single,    // the owner does not depend on i: all iterations or none
    OneBlock,  // unit stride inside one block: all iterations or none
    Segmented  // the affinity's `shared []` pointer is read from a directory
               // at i / D (`&dir[i / D].chunk[i % D]`): each run of D
               // iterations (a segment) has one owner, all or none
  };
  const clang::ForStmt *loop = nullptr;
  const clang::IfStmt *test = nullptr;        // if (__upcc_forall_affinity(..))
  const clang::CallExpr *marker = nullptr;
  const clang::VarDecl *iv = nullptr;         // induction variable
  const clang::Expr *lower = nullptr;         // L of `i = L`
  const clang::Expr *inc = nullptr;           // the increment clause
  int64_t step = 1;
  Shape shape = Strided;
  // Owner of iteration i: floor(g(i) / block) mod THREADS (block 0: the
  // object's thread), with g(i) = coef * i + base the element index relative
  // to thread 0 phase 0 of the layout.  For block sizes that divide coef*step
  // the form was already divided by the block (block == 1 then).
  unsigned block = 1;
  std::string coefText = "1";     // C expression, loop-invariant
  std::string baseText = "0";     // C expression, loop-invariant
  std::optional<int64_t> coefConst;
  bool integerAffinity = false;
  bool reducedByBlock = false;    // form divided by the original block size
  unsigned origBlock = 1;
  std::string ownerText;          // Single: owning thread (C expression)
  // Single, indefinite layout through a pointer read from shared memory
  // (`&dir[t].chunk[k]`): its thread owns every iteration.
  // Segmented: the same, read once per segment.
  const clang::Expr *ownerPointer = nullptr;
  // Segmented: D (loop-invariant), and every `i / D` and `i % D` of the
  // affinity and the body, which the segment's copies of the body read as
  // the segment's number and i's place in it.
  const clang::Expr *divisor = nullptr;
  std::vector<const clang::BinaryOperator *> segmentOps;
  LoopRange range;                // the loop's iterations (all, not only this thread's)
  // Where in its block the affinity's element is, over the iterations
  // this thread runs: g mod block in [inBlock.first, inBlock.second]
  // (when known at compile time; block > 0).
  std::optional<std::pair<int64_t, int64_t>> inBlock;
  // The affinity's pointer when inBlock holds only where it is at phase 0
  // (its elements then numbered from a block boundary).
  const clang::VarDecl *inBlockAtPhaseZero = nullptr;
  // The affinity's pointer when the shape or a privatized access rely on
  // that: the loop runs so where the pointer's phase is 0, else it keeps
  // its test.
  const clang::VarDecl *phaseZero = nullptr;
  std::optional<SharedObject> object; // pointer affinity: the object
  std::string why;                // remark text ("blocked layout, block 4")
  // Privatization: one local base pointer per object, and the local element
  // index of g(i) maintained by the loop (strength-reduced).
  std::vector<SharedObject> bases;
  std::vector<const clang::Expr *> privatized;
  // Objects privatized off another object than the affinity's: the
  // privatized loop runs when each starts its layout where the affinity's
  // object does (the same thread and phase), else the loop keeps its test.
  std::vector<SharedObject> congruent;
  LinearForm index;               // g(i) as analysed (atoms of the pass)
  bool removeTest = false;        // pass 1 fired (else: analysed for pass 2)
  // iv is live after the loop: assign it the value the whole loop leaves
  // (the iterations of other threads are skipped).
  bool exitValue = false;
  unsigned id = 0;                // unique per translation unit (names)
};

// `R OP= v`, `R = R OP v`, `R++`... whose value is unused, R relaxed shared:
// upcrt_update(&R, type, op, &v).
struct RemoteUpdate {
  const clang::Expr *expr = nullptr;     // the whole update expression
  const clang::Expr *target = nullptr;   // R
  const clang::Expr *operand = nullptr;  // v (null for ++ / --)
  const char *op = "UPC_ADD";            // upc_op_t macro name (remarks)
  int opValue = 0;                       // its value (include/upc_types.h)
  int typeValue = 0;                     // upc_type_t value
  std::string ctype;                     // C type of R, e.g. "uint64_t"
  bool negate = false;                   // -= and --: add the negated operand
  int64_t constOperand = 0;              // ++/--: 1
};

// One read upc-coalesce gathers before its loop: the schedule's slot
// `slot` (CoalescedLoop::reads[slot]).  Where the loop reads it, the
// lowering reads the next value of the slot instead.
struct CoalescedRead {
  const clang::Expr *access = nullptr; // the shared lvalue, read (never written)
  int nest = 0;                        // the innermost loop around it (CoalescedLoop::nest)
  enum Kind {
    Inspected, // its address is computed by the inspector, each iteration
    Strided,   // affine in its loop's variable: added before that loop
    Invariant  // the same element on every iteration: added once per strip
  } kind = Inspected;
  // Inspected, X[..] of a named array or p[..] of a pointer variable: the
  // inspector lists element indexes from the object (which stays put).
  bool byIndex = false;
  // Strided: element restText + coefText * i of `object` over the
  // iterations of its loop (`range`, step > 0): strideText elements apart
  // (C expressions of values the inspector has).
  SharedObject object;
  LoopRange range;
  std::string restText, coefText, strideText;
};

// The loops of a CoalescedLoop: the coalesced loop itself (nest[0]) and the
// loops inside it around its reads, each after its parent; the inspector
// runs their headers (and a upc_forall's affinity test) in this shape.
struct CoalescedNest {
  const clang::ForStmt *loop = nullptr;
  int parent = -1;
  bool emitted = true; // false: only strided reads, added before it
};
struct CoalescedLoop {
  const clang::ForStmt *loop = nullptr;
  std::vector<CoalescedNest> nest;
  std::vector<CoalescedRead> reads;
  const clang::VarDecl *iv = nullptr; // the loop's variable (the strips' state)
  unsigned id = 0;
};

struct OptimizerRemark {
  clang::SourceLocation loc;
  std::string text;
  bool fired;
  const char *pass; // the pass's name (upc-privatize, ...)
};

struct OptimizerPlan {
  OptimizerOptions options;
  // in the order the forall pass found them (source order), which the later
  // passes' loop numbers follow
  llvm::MapVector<const clang::ForStmt *, ForallPlan> foralls;
  llvm::DenseMap<const clang::Expr *, PrivatizedAccess> privatized;
  llvm::DenseMap<const clang::Expr *, RemoteUpdate> updates;
  llvm::DenseMap<const clang::Expr *, LocalAccess> local;
  llvm::DenseMap<const clang::ForStmt *, VersionedLoop> versioned;
  llvm::DenseMap<const clang::ForStmt *, CoalescedLoop> coalesced;
  // each coalesced read: its loop and slot
  llvm::DenseMap<const clang::Expr *, std::pair<const clang::ForStmt *, unsigned>> coalescedReads;
  std::vector<OptimizerRemark> remarks;
  std::vector<std::pair<const char *, double>> passSeconds; // -ftime-report
  unsigned forallCounter = 0;
  struct Counts {
    unsigned forallsOptimized = 0, forallsKept = 0;
    unsigned accessesPrivatized = 0, accessesKept = 0;
    unsigned updatesConverted = 0, updatesKept = 0;
    unsigned loopsVersioned = 0;
    unsigned loopsCoalesced = 0, readsCoalesced = 0, readsKept = 0;
  } counts;

  const ForallPlan *forall(const clang::ForStmt *s) const {
    auto it = foralls.find(s);
    return it == foralls.end() ? nullptr : &it->second;
  }
  const PrivatizedAccess *privatizedAccess(const clang::Expr *e) const {
    auto it = privatized.find(e);
    return it == privatized.end() ? nullptr : &it->second;
  }
  const VersionedLoop *versionedLoop(const clang::ForStmt *s) const {
    auto it = versioned.find(s);
    return it == versioned.end() ? nullptr : &it->second;
  }
  const CoalescedLoop *coalescedLoop(const clang::ForStmt *s) const {
    auto it = coalesced.find(s);
    return it == coalesced.end() ? nullptr : &it->second;
  }
  const LocalAccess *localAccess(const clang::Expr *e) const {
    auto it = local.find(e);
    return it == local.end() ? nullptr : &it->second;
  }
  // Is e a plain C access in the lowered code (local, or privatized where
  // its loop's plain copy runs)?
  bool isPlainAccess(const clang::Expr *e) const { return local.count(e) || privatized.count(e); }
  const RemoteUpdate *update(const clang::Expr *e) const {
    auto it = updates.find(e);
    return it == updates.end() ? nullptr : &it->second;
  }
};

// Runs the enabled passes (pass.h) over the AST, in the pipeline's order.  Remarks (with -Rupc) are printed to
// `remarksOut` as "file:line:col: remark: ... [-Rupc]" in source order.
// `surface` (may be null: everything relaxed by default) gives the
// consistency that `#pragma upc strict|relaxed` put in force.
OptimizerPlan runOptimizer(clang::ASTContext &ctx, const SurfaceInfo *surface,
                           const OptimizerOptions &opts, llvm::raw_ostream &remarksOut);
// Convenience for the driver.
OptimizerPlan runOptimizer(FrontendResult &fe, const OptimizerOptions &opts,
                           llvm::raw_ostream &remarksOut);

} // namespace upc
