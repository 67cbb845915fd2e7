// dataflow.cpp — dataflow questions of the passes answered on Clang's CFG
// of a function, not on the source text: whether a variable is live where a
// loop exits (LiveVariables), whether a loop can be left other than through
// its condition, and whether a `shared []` pointer, read from shared memory
// or not, keeps one value over a loop.
#include "analysis.h"

#include "../frontend/frontend.h"

#include <clang/Analysis/Analyses/LiveVariables.h>
#include <clang/Analysis/AnalysisDeclContext.h>
#include <clang/Analysis/CFG.h>

using namespace clang;

namespace upc::opt {

FunctionDataflow::FunctionDataflow(ASTContext &ctx, const FunctionDecl *fn) : ctx_(ctx), fn_(fn) {}

FunctionDataflow::~FunctionDataflow() = default;

LiveVariables *FunctionDataflow::liveness() {
  if (!built_) {
    built_ = true;
    mgr_ = std::make_unique<AnalysisDeclContextManager>(ctx_);
    // Every expression its own element, as LiveVariables expects (its
    // transfer functions do not descend into subexpressions).
    mgr_->getCFGBuildOptions().setAllAlwaysAdd();
    adc_ = mgr_->getContext(fn_);
    live_ = adc_ && adc_->getCFG() ? adc_->getAnalysis<LiveVariables>() : nullptr;
  }
  return live_;
}

std::optional<bool> FunctionDataflow::liveAfterLoop(const ForStmt *loop, const VarDecl *v) {
  LiveVariables *lv = liveness();
  if (!lv) return std::nullopt;
  // The block whose terminator is the loop tests its condition; its second
  // successor is where the loop exits (absent: it never does).
  for (const CFGBlock *b : *adc_->getCFG()) {
    if (b->getTerminatorStmt() != loop) continue;
    if (b->succ_size() < 2) return false;
    const CFGBlock *exit = b->succ_begin()[1].getReachableBlock();
    if (!exit) return false;
    for (const CFGElement &e : *exit)
      if (auto s = e.getAs<CFGStmt>()) return lv->isLive(s->getStmt(), v);
    return lv->isLive(exit, v); // an empty block: live at its end is live at its start
  }
  return std::nullopt;
}

namespace {
// A break that leaves the loop (not one of an inner loop or switch), or a
// goto anywhere in it.
struct LeaveFinder : upc::AstVisitor {
  const Stmt *leaves = nullptr;
  int depth = 0; // inner loops and switches: their breaks stay inside
#define INNER(T)                                                                                   \
  bool Traverse##T(T *s) override {                                                                \
    depth++;                                                                                       \
    bool r = AstVisitor::Traverse##T(s);                                                           \
    depth--;                                                                                       \
    return r;                                                                                      \
  }
  INNER(ForStmt)
  INNER(WhileStmt)
  INNER(DoStmt)
  INNER(SwitchStmt)
#undef INNER
  bool VisitBreakStmt(BreakStmt *s) override {
    if (depth == 0 && !leaves) leaves = s;
    return true;
  }
  bool VisitGotoStmt(GotoStmt *s) override {
    if (!leaves) leaves = s;
    return true;
  }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *s) override {
    if (!leaves) leaves = s;
    return true;
  }
};
} // namespace

const Stmt *loopLeftEarly(const ForStmt *loop) {
  LeaveFinder f;
  f.TraverseStmt(const_cast<Stmt *>(loop->getBody()));
  return f.leaves;
}

namespace {
bool isIndefinitePts(QualType t) {
  const auto *pt = t->getAs<PointerType>();
  if (!pt || !isSharedType(pt->getPointeeType())) return false;
  QualType pointee = pt->getPointeeType();
  return upc::blockSize(sharedAS(pointee)) == 0 && !pointee.isVolatileQualified() &&
         !pointee->isArrayType() && !pointee->isVoidType();
}

// Shared memory a loop may write: an assignment, an increment or an
// address taken of a shared lvalue of one of these types may change a
// pointer-to-shared stored in shared memory.
struct PointerStores : upc::AstVisitor {
  bool found = false;
  static bool mayHoldPointer(QualType t) {
    t = t.getCanonicalType();
    return t->isPointerType() || t->isRecordType() || t->isArrayType() || t->isCharType();
  }
  void lvalue(const Expr *e) {
    e = e->IgnoreParens();
    if (isSharedType(e->getType()) && mayHoldPointer(e->getType())) found = true;
  }
  bool VisitBinaryOperator(BinaryOperator *b) override {
    if (b->isAssignmentOp()) lvalue(b->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *u) override {
    if (u->isIncrementDecrementOp() || u->getOpcode() == UO_AddrOf) lvalue(u->getSubExpr());
    return true;
  }
};

// The parts of a pointer loaded from shared memory: names, `.`, `[i]`,
// `->` off a private pointer-to-shared; no side effects.
bool loadPath(const Expr *e, std::vector<const Expr *> &indexes, std::vector<const VarDecl *> &vars) {
  e = e->IgnoreParens();
  if (const auto *ice = dyn_cast<ImplicitCastExpr>(e)) {
    if (ice->getCastKind() != CK_LValueToRValue && ice->getCastKind() != CK_ArrayToPointerDecay &&
        ice->getCastKind() != CK_NoOp)
      return false;
    return loadPath(ice->getSubExpr(), indexes, vars);
  }
  if (const auto *d = dyn_cast<DeclRefExpr>(e)) {
    const auto *v = dyn_cast<VarDecl>(d->getDecl());
    if (!v) return false;
    vars.push_back(v);
    return true;
  }
  if (const auto *m = dyn_cast<MemberExpr>(e)) return loadPath(m->getBase(), indexes, vars);
  if (const auto *a = dyn_cast<ArraySubscriptExpr>(e)) {
    indexes.push_back(a->getIdx());
    return loadPath(a->getBase(), indexes, vars);
  }
  return false;
}

struct VarRefs : upc::AstVisitor {
  std::vector<const VarDecl *> *vars;
  const std::set<const DeclRefExpr *> *skip = nullptr;
  bool VisitDeclRefExpr(DeclRefExpr *d) override {
    if (const auto *v = dyn_cast<VarDecl>(d->getDecl()); v && !(skip && skip->count(d)))
      vars->push_back(v);
    return true;
  }
};
} // namespace

bool isLoadedIndefinitePointer(const Expr *base) {
  const Expr *e = base->IgnoreParens();
  if (!isIndefinitePts(e->getType()) || refVar(e)) return false;
  const auto *ice = dyn_cast<ImplicitCastExpr>(e);
  return ice && ice->getCastKind() == CK_LValueToRValue && isSharedType(ice->getSubExpr()->getType());
}

const Expr *invariantIndefinitePointer(ASTContext &ctx, const SurfaceInfo *surface,
                                       const Expr *base, const ForStmt *loop, std::string &why,
                                       const std::set<const DeclRefExpr *> *segmentRefs) {
  const Expr *e = base->IgnoreParens();
  if (!isIndefinitePts(e->getType())) {
    why = "not a 'shared []' pointer";
    return nullptr;
  }
  WriteSet writes; // the init too: the pointer is read before it
  writes.collect(loop->getInit());
  writes.collect(loop->getCond());
  writes.collect(loop->getInc());
  writes.collect(loop->getBody());
  auto changes = [&](const VarDecl *v) {
    return writes.written.count(v) || writes.declared.count(v);
  };
  if (const VarDecl *v = refVar(e); v && !isSharedType(v->getType())) { // a private variable
    if (!changes(v)) return e;
    why = "'" + v->getName().str() + "' changes in the loop";
    return nullptr;
  }
  std::string text = "'" + sourceSnippet(ctx, e, 40) + "'";
  const auto *load = dyn_cast<ImplicitCastExpr>(e);
  std::vector<const Expr *> indexes;
  std::vector<const VarDecl *> vars;
  if (!load || load->getCastKind() != CK_LValueToRValue || !isSharedType(load->getSubExpr()->getType()) ||
      !loadPath(load->getSubExpr(), indexes, vars) || e->HasSideEffects(ctx)) {
    why = text + " is not a pointer read from a named shared object";
    return nullptr;
  }
  if (isStrictAccess(ctx, surface, load->getSubExpr()->getType(), e->getBeginLoc())) {
    why = text + " is a strict read";
    return nullptr;
  }
  VarRefs refs;
  refs.vars = &vars;
  refs.skip = segmentRefs;
  for (const Expr *i : indexes) refs.TraverseStmt(const_cast<Expr *>(i));
  for (const VarDecl *v : vars)
    if (changes(v)) {
      why = text + " changes in the loop: '" + v->getName().str() + "' does";
      return nullptr;
    }
  if (writes.hasCalls) {
    why = text + " may change in the loop: it calls functions";
    return nullptr;
  }
  PointerStores stores;
  stores.TraverseStmt(const_cast<Stmt *>(loop->getBody()));
  if (stores.found) {
    why = text + " may change in the loop: it writes shared pointers, structures or bytes";
    return nullptr;
  }
  return e;
}

namespace {
struct SegmentOpFinder : upc::AstVisitor {
  ASTContext &ctx;
  const VarDecl *iv;
  llvm::FoldingSetNodeID divisor;
  std::vector<const BinaryOperator *> ops;
  SegmentOpFinder(ASTContext &c, const VarDecl *v) : ctx(c), iv(v) {}
  bool VisitBinaryOperator(BinaryOperator *b) override {
    if (b->getOpcode() != BO_Div && b->getOpcode() != BO_Rem) return true;
    if (refVar(b->getLHS()) != iv) return true;
    llvm::FoldingSetNodeID id;
    b->getRHS()->IgnoreParenImpCasts()->Profile(id, ctx, true);
    if (id == divisor) ops.push_back(b);
    return true;
  }
};
} // namespace

std::vector<const BinaryOperator *> segmentOps(ASTContext &ctx, const Stmt *s, const VarDecl *iv,
                                               const Expr *divisor) {
  SegmentOpFinder f(ctx, iv);
  divisor->IgnoreParenImpCasts()->Profile(f.divisor, ctx, true);
  f.TraverseStmt(const_cast<Stmt *>(s));
  return f.ops;
}

std::set<const DeclRefExpr *> segmentRefs(const std::vector<const BinaryOperator *> &ops) {
  std::set<const DeclRefExpr *> refs;
  for (const BinaryOperator *b : ops)
    if (b->getOpcode() == BO_Div)
      refs.insert(cast<DeclRefExpr>(b->getLHS()->IgnoreParenImpCasts()));
  return refs;
}

} // namespace upc::opt
