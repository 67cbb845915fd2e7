// analysis.h — what the three optimizer passes share: recognising upc_forall
// in surface-form C, loop-invariance facts, the linear index algebra of
// shared element references, and remark formatting.
#pragma once
#include "plan.h"
#include "ast_visitor.h" // frontend/; installed beside this header

#include <clang/AST/ParentMapContext.h>

#include <memory>
#include <set>
#include <string>

namespace clang {
class AnalysisDeclContextManager;
class AnalysisDeclContext;
class LiveVariables;
} // namespace clang

namespace upc::opt {

// UPC address space of a type (0 when not shared).
unsigned sharedAS(clang::QualType t);
bool isSharedType(clang::QualType t);
// Innermost element type of an array type (the type itself otherwise).
clang::QualType innermostElement(clang::QualType t);

// `for (A; B; C) if (__upcc_forall_affinity(D)) S`: the marker call (and the
// if) when s is a upc_forall, else null.
const clang::CallExpr *forallMarker(const clang::ForStmt *s,
                                    const clang::IfStmt **ifOut = nullptr);
// The affinity expression (null for `continue`).
const clang::Expr *forallAffinity(const clang::CallExpr *marker);

// The variable e names (through parentheses and implicit casts), or null.
const clang::VarDecl *refVar(const clang::Expr *e);

// Facts about one function body: which variables have their address taken.
struct FunctionFacts {
  std::set<const clang::VarDecl *> addressTaken;
  void collect(const clang::Stmt *body);
};

// Writes inside a statement: assigned / incremented variables, declarations,
// user calls.
struct WriteSet {
  std::set<const clang::VarDecl *> written;
  std::set<const clang::VarDecl *> declared;
  bool hasCalls = false;
  void collect(const clang::Stmt *s);
};

// Dataflow questions about one function, answered on Clang's CFG
// (dataflow.cpp), built the first time one is asked.
class FunctionDataflow {
public:
  FunctionDataflow(clang::ASTContext &ctx, const clang::FunctionDecl *fn);
  ~FunctionDataflow();
  // Is v read, on some path from where the loop exits, before it is
  // written?  nullopt when Clang builds no CFG for the function.
  std::optional<bool> liveAfterLoop(const clang::ForStmt *loop, const clang::VarDecl *v);

private:
  clang::LiveVariables *liveness();
  clang::ASTContext &ctx_;
  const clang::FunctionDecl *fn_;
  bool built_ = false;
  std::unique_ptr<clang::AnalysisDeclContextManager> mgr_;
  clang::AnalysisDeclContext *adc_ = nullptr;
  clang::LiveVariables *live_ = nullptr;
};

// A statement that leaves the loop's body other than through the condition
// or a return: a break of this loop, a goto.  Null when there is none.
const clang::Stmt *loopLeftEarly(const clang::ForStmt *loop);

// The pointer base (of base[k], &base[k], base + k) when it is a
// `shared []` pointer that keeps one value over the loop: a private
// variable the loop does not write, or a pointer read from a named shared
// object (`dir[t].chunk`, relaxed) whose indexes the loop does not change,
// in a loop that calls nothing and writes no shared pointer, structure or
// byte.  base itself (parentheses aside), else null with why set.
// segmentRefs: uses of the induction variable that keep one value over a
// segment of a Segmented upc_forall (those in its `i / D`), not counted.
const clang::Expr *invariantIndefinitePointer(
    clang::ASTContext &ctx, const SurfaceInfo *surface, const clang::Expr *base,
    const clang::ForStmt *loop, std::string &why,
    const std::set<const clang::DeclRefExpr *> *segmentRefs = nullptr);
// The `i / D` and `i % D` in s, D structurally equal to divisor (i: iv,
// through parentheses and implicit casts).
std::vector<const clang::BinaryOperator *> segmentOps(clang::ASTContext &ctx, const clang::Stmt *s,
                                                      const clang::VarDecl *iv,
                                                      const clang::Expr *divisor);
// The uses of the induction variable inside segment operations (for
// invariantIndefinitePointer) whose operation is a division.
std::set<const clang::DeclRefExpr *> segmentRefs(const std::vector<const clang::BinaryOperator *> &ops);
// Is base a `shared []` pointer read from shared memory (as above, unchecked)?
bool isLoadedIndefinitePointer(const clang::Expr *base);

// Atoms of the index algebra: loop-invariant private integer variables,
// THREADS and MYTHREAD.
class Atoms {
public:
  enum : unsigned { Threads = 0, MyThread = 1 };
  Atoms() : vars_{nullptr, nullptr} {}
  unsigned id(const clang::VarDecl *v);
  std::string text(unsigned id) const;
  const clang::VarDecl *var(unsigned id) const { return vars_[id]; }

private:
  std::vector<const clang::VarDecl *> vars_;
};

// The outermost shared subscripts in a upc_forall's body (its accesses),
// and what keeps the body from being emitted twice: labels, static shared
// locals.
struct BodyAccesses : upc::AstVisitor {
  std::vector<const clang::ArraySubscriptExpr *> accesses;
  bool hasLabel = false, hasStaticShared = false;
  bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr *e) override {
    if (isSharedType(e->getType()) && !e->getType()->isArrayType()) accesses.push_back(e);
    return true;
  }
  bool VisitLabelStmt(clang::LabelStmt *) override {
    hasLabel = true;
    return true;
  }
  bool VisitVarDecl(clang::VarDecl *v) override {
    if (v->isStaticLocal() && isSharedType(v->getType())) hasStaticShared = true;
    return true;
  }
};

// The loop a form is computed for.
struct LoopScope {
  clang::ASTContext *ctx = nullptr;
  const clang::ForStmt *loop = nullptr;
  const clang::VarDecl *iv = nullptr;   // may be null (no induction variable)
  const FunctionFacts *fn = nullptr;
  WriteSet writes;                      // of the whole loop (init excluded)
  int staticThreads = 0;
  // Why the last call of invariant()/linearize() failed.
  std::string why;
  bool invariant(const clang::VarDecl *v);
};

// The header of `for (i = L; i < U; i += s)` (also `T i = L`; <=, >, >=;
// i++, i--, i -= s, i = i + s), checked: i a private integer local whose
// address is never taken and that only the increment writes; L and U free of
// side effects and loop-invariant; the condition in the step's direction.
// Fills range (its constant first/last too) and scope (the loop's writes
// without i).  False with why set otherwise.
bool analyseLoopHeader(clang::ASTContext &ctx, const clang::ForStmt *loop,
                       const FunctionFacts &facts, int staticThreads, Atoms &atoms,
                       LoopRange &range, LoopScope &scope, std::string &why);

// Is d THREADS or MYTHREAD (the prelude's declarations)?
bool isThreadsDecl(const clang::ValueDecl *d);
bool isMyThreadDecl(const clang::ValueDecl *d);

// The value of an integer constant expression as the generated C computes
// it: false when it has side effects, is not constant, or depends on the
// size or layout of a type the lowering changes (sizeof(shared int *) is 8
// to Clang, 16 in the C).
bool foldInt(const clang::Expr *e, clang::ASTContext &ctx, int64_t &value,
             bool *layoutDependent = nullptr);

// Integer expression → polynomial over atoms and the induction variable (the
// iv gets its own atom id).  nullopt (scope.why set) when not representable.
std::optional<LinearForm> linearize(const clang::Expr *e, Atoms &atoms, LoopScope &scope,
                                    unsigned ivAtom);

LinearForm lfAdd(const LinearForm &a, const LinearForm &b);
LinearForm lfMul(const LinearForm &a, const LinearForm &b);
LinearForm lfScale(const LinearForm &a, int64_t k);
LinearForm lfConst(int64_t k);
LinearForm lfAtom(unsigned id);
bool lfEqual(const LinearForm &a, const LinearForm &b);
// Division and remainder rounding towards minus infinity (b > 0): the
// block of element g is floorDiv(g, B), its place in it floorMod(g, B).
inline int64_t floorDiv(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
inline int64_t floorMod(int64_t a, int64_t b) { return a - floorDiv(a, b) * b; }
// f mod m (in [0, m)) for every value of f's atoms, when that is a
// constant: each non-constant term's coefficient a multiple of m.
std::optional<int64_t> lfResidue(const LinearForm &f, int64_t m);
// Splits f = coef * atom + rest, with atom of degree <= 1 (false otherwise).
bool lfSplit(const LinearForm &f, unsigned atom, LinearForm &coef, LinearForm &rest);
std::string lfText(const LinearForm &f, const Atoms &atoms);

// The dimensions of an array variable, outermost first: each one's extent
// (0: incomplete) and whether it is scaled by THREADS (`A[4*THREADS]`).
struct ArrayDim {
  uint64_t size;
  bool threads;
};
bool arrayDimensions(const clang::VarDecl *v, std::vector<ArrayDim> &dims);

// A shared element designated by an lvalue `X[e1]..[ek]` (or by the operand
// of `&`): the object and the linear element index g (row-major over the
// object's dimensions, THREADS dimensions scaled).
struct ElementRef {
  SharedObject object;
  LinearForm index;
};
// lvalue form (X[..], p[..], *p, X[..].m is handled by the caller).
std::optional<ElementRef> elementOfLValue(const clang::Expr *e, Atoms &atoms,
                                          LoopScope &scope, unsigned ivAtom);
// address form: &X[..], &X[..].m, X + e, p + e, &p[e].
std::optional<ElementRef> elementOfAddress(const clang::Expr *e, Atoms &atoms,
                                           LoopScope &scope, unsigned ivAtom);

// "a.upc:12:3" for a location (presumed, i.e. after #line mapping).
// "file:line:col" of loc in the user's source: through the frontend's map
// when there is one (surface may be null), else Clang's presumed location.
std::string locText(const clang::ASTContext &ctx, const SurfaceInfo *surface,
                    clang::SourceLocation loc);

// The source text of e, cut to at most max characters (remarks).
std::string sourceSnippet(const clang::ASTContext &ctx, const clang::Stmt *e, size_t max);

// The access's address escapes (&X[i], &X[i].m, an array member decaying):
// the lowering needs a pointer-to-shared there, not a private pointer.
bool accessAddressTaken(clang::ASTContext &ctx, const clang::Expr *access);

// Is a relaxed/strict access of type t at l strict (its type, or the
// `#pragma upc strict|relaxed` in force there)?
bool isStrictAccess(clang::ASTContext &ctx, const SurfaceInfo *surface, clang::QualType t,
                    clang::SourceLocation l);

// Parent of a statement/expression (through the AST's parent map).
const clang::Stmt *parentStmt(clang::ASTContext &ctx, const clang::Stmt *s);

} // namespace upc::opt
