// forall_affinity.cpp — upc-forall-opt, upc_forall affinity-branch
// elimination: a forall whose affinity is an affine function of the
// induction variable (an integer, or &X[..] with a compile-time block size)
// visits only this thread's iterations, with no per-iteration test.  Off, it
// still analyses the foralls for the passes that need them.
#include "pass.h"
#include "../frontend/ast_visitor.h"

#include <clang/Basic/SourceManager.h>

#include <numeric>

using namespace clang;

namespace upc::opt {

namespace {

// Is `s` (transitively) inside the body of a upc_forall with a real affinity
// in the same function?  Returns that forall.
const ForStmt *controllingAncestor(ASTContext &ctx, const Stmt *s) {
  const Stmt *child = s;
  for (const Stmt *p = parentStmt(ctx, s); p; child = p, p = parentStmt(ctx, p)) {
    if (const auto *fs = dyn_cast<ForStmt>(p)) {
      if (const CallExpr *m = forallMarker(fs))
        if (forallAffinity(m) && child == fs->getBody()) return fs;
    }
  }
  return nullptr;
}

struct RefCollector : upc::AstVisitor {
  const VarDecl *v;
  std::vector<const DeclRefExpr *> refs;
  bool VisitDeclRefExpr(DeclRefExpr *d) override {
    if (d->getDecl() == v) refs.push_back(d);
    return true;
  }
};

bool mentions(const Expr *e, const VarDecl *v) {
  RefCollector rc;
  rc.v = v;
  rc.TraverseStmt(const_cast<Expr *>(e));
  return !rc.refs.empty();
}

// Skipping other threads' iterations changes the value the induction
// variable has after the loop.  Where it is live there (Clang's liveness on
// the CFG: read on some path from the exit before it is written), the
// lowering assigns it the value the whole loop leaves — the first of L,
// L+s, ... that fails the condition — which needs a loop left only through
// its condition and bounds that do not read the variable.
bool settleExitValue(ASTContext &ctx, const SurfaceInfo *surface, FunctionDataflow &df,
                     const ForStmt *loop, ForallPlan &fp, std::string &why) {
  const VarDecl *iv = fp.iv;
  if (isa_and_nonnull<DeclStmt>(loop->getInit())) return true;
  std::optional<bool> live = df.liveAfterLoop(loop, iv);
  if (live && !*live) return true;
  std::string name = "'" + iv->getName().str() + "'";
  std::string cause = live ? "the induction variable " + name + " is live after the loop"
                           : "no control-flow graph tells whether " + name + " is live after the loop";
  if (const Stmt *s = loopLeftEarly(loop)) {
    why = cause + ", which the " + (isa<BreakStmt>(s) ? "break" : "goto") + " at " +
          locText(ctx, surface, s->getBeginLoc()) + " may leave early";
    return false;
  }
  if (mentions(fp.range.lower, iv) || mentions(fp.range.upper, iv)) {
    why = cause + ", and a bound reads it";
    return false;
  }
  fp.exitValue = true;
  return true;
}

class ForallAnalysis {
public:
  ForallAnalysis(PassState &st)
      : ctx_(st.ctx), surface_(st.surface), plan_(st.plan), rm_(st.remarks), atoms_(st.atoms),
        on_(st.enabled) {}

  void run(const FunctionFacts &facts, FunctionDataflow &df, const ForStmt *loop) {
    const IfStmt *ifs = nullptr;
    const CallExpr *marker = forallMarker(loop, &ifs);
    if (!marker) return;
    const Expr *aff = forallAffinity(marker);
    if (!aff) return; // `continue` affinity: every thread runs every iteration
    SourceLocation loc = loop->getBeginLoc();
    if (const ForStmt *outer = controllingAncestor(ctx_, loop)) {
      rm_.add(loc, "upc_forall nested in the controlling upc_forall at " +
                       locText(ctx_, surface_, outer->getBeginLoc()) + " runs all its iterations",
              false);
      return;
    }
    std::string why;
    ForallPlan fp;
    bool on = on_;
    if (analyse(facts, df, loop, ifs, marker, aff, fp, why)) {
      // Analysed loops are recorded for privatization even when pass 1 is off.
      fp.id = ++plan_.forallCounter;
      fp.removeTest = on;
      if (on) {
        rm_.add(loc, "upc_forall affinity test removed (" + fp.why + ")" +
                         (fp.exitValue ? "; '" + fp.iv->getName().str() +
                                             "' gets the loop's exit value after it"
                                       : ""),
                true);
        plan_.counts.forallsOptimized++;
      }
      plan_.foralls[loop] = std::move(fp);
    } else if (on) {
      rm_.add(loc, "upc_forall affinity test kept: " + why, false);
      plan_.counts.forallsKept++;
    }
  }

private:
  ASTContext &ctx_;
  const SurfaceInfo *surface_;
  OptimizerPlan &plan_;
  Remarks &rm_;
  Atoms &atoms_;
  bool on_;

  // `&dir[i / D].chunk[k]` (the heat-conduction codes' directory of
  // chunks, indexed through a macro): the pointer changes every D
  // iterations.  With i counting up by one from L >= 0 and D > 0 (tested
  // before the loop), the iterations split into segments of D, each with
  // one owner.  False with why set (empty when base has no `i / D`).
  bool segmented(const Expr *base, const ForStmt *loop, LoopScope &scope, unsigned ivAtom,
                 ForallPlan &fp, std::string &why) {
    struct FirstDivision : upc::AstVisitor {
      const VarDecl *iv;
      const Expr *divisor = nullptr;
      bool VisitBinaryOperator(BinaryOperator *b) override {
        if (!divisor && b->getOpcode() == BO_Div && refVar(b->getLHS()) == iv) divisor = b->getRHS();
        return true;
      }
    } first;
    first.iv = fp.iv;
    first.TraverseStmt(const_cast<Expr *>(base));
    const Expr *D = first.divisor;
    if (!D) return false;
    std::string d = "'" + sourceSnippet(ctx_, D, 30) + "'";
    LoopScope s = scope;
    LinearForm coef, rest;
    auto f = linearize(D, atoms_, s, ivAtom);
    if (!f || !lfSplit(*f, ivAtom, coef, rest) || !lfEqual(coef, lfConst(0))) {
      why = "the divisor " + d + " is not invariant: " + (s.why.empty() ? "it reads '" + fp.iv->getName().str() + "'" : s.why);
      return false;
    }
    if (fp.step != 1) {
      why = "'" + fp.iv->getName().str() + "' does not count up by one (segments of " + d + " iterations)";
      return false;
    }
    if (const Stmt *early = loopLeftEarly(loop)) {
      why = std::string("the ") + (isa<BreakStmt>(early) ? "break" : "goto") + " at " +
            locText(ctx_, surface_, early->getBeginLoc()) + " would leave only a segment";
      return false;
    }
    BodyAccesses body; // the body is copied
    body.TraverseStmt(const_cast<Stmt *>(fp.test->getThen()));
    if (body.hasLabel || body.hasStaticShared) {
      why = body.hasLabel ? "the loop body has labels" : "the loop body declares a static shared variable";
      return false;
    }
    std::vector<const BinaryOperator *> ops = segmentOps(ctx_, base, fp.iv, D);
    std::set<const DeclRefExpr *> refs = segmentRefs(ops);
    if (!invariantIndefinitePointer(ctx_, surface_, base, loop, why, &refs)) return false;
    for (const BinaryOperator *b : segmentOps(ctx_, fp.test->getThen(), fp.iv, D)) ops.push_back(b);
    if (!on_) {
      why = "segments need the forall pass";
      return false;
    }
    fp.ownerPointer = base;
    fp.divisor = D;
    fp.segmentOps = ops;
    fp.block = fp.origBlock = 0;
    fp.shape = ForallPlan::Segmented;
    fp.why = "indefinite layout, through '" + sourceSnippet(ctx_, base, 40) + "' read once per " + d +
             " iterations";
    return true;
  }

  bool analyse(const FunctionFacts &facts, FunctionDataflow &df, const ForStmt *loop,
               const IfStmt *ifs, const CallExpr *marker, const Expr *aff, ForallPlan &fp,
               std::string &why) {
    fp.loop = loop;
    fp.test = ifs;
    fp.marker = marker;
    if (aff->HasSideEffects(ctx_)) {
      why = "the affinity expression has side effects";
      return false;
    }
    LoopScope scope;
    if (!analyseLoopHeader(ctx_, loop, facts, plan_.options.staticThreads, atoms_, fp.range, scope,
                           why))
      return false;
    const VarDecl *iv = fp.range.iv;
    fp.iv = iv;
    fp.lower = fp.range.lower;
    fp.step = fp.range.step;
    fp.inc = loop->getInc();
    if (!settleExitValue(ctx_, surface_, df, loop, fp, why)) return false;

    // The owner of iteration i.
    Atoms &atoms = atoms_;
    unsigned ivAtom = atoms.id(iv);
    LinearForm g;
    unsigned block = 1;
    std::string kind;
    // A cast between pointer-to-shared types keeps the thread (UPC 1.3
    // 6.4.3), so the affinity is that of the operand.
    auto isPts = [](QualType t) { return t->isPointerType() && isSharedType(t->getPointeeType()); };
    for (;;) {
      const auto *ce = dyn_cast<ExplicitCastExpr>(aff->IgnoreParenImpCasts());
      if (!ce || !isPts(ce->getType()) || !isPts(ce->getSubExpr()->IgnoreParenImpCasts()->getType()))
        break;
      aff = ce->getSubExpr();
    }
    QualType at = aff->IgnoreParenImpCasts()->getType();
    if (at->isArrayType()) at = aff->IgnoreParens()->getType(); // a row R[i], decayed
    // `e / c` (c > 0 constant, e affine and never negative over the loop):
    // thread (e / c) mod THREADS runs the iteration, as for element e of a
    // layout with blocks of c.
    const auto *div = dyn_cast<BinaryOperator>(aff->IgnoreParenImpCasts());
    int64_t c = 0;
    if (at->isIntegerType() && div && div->getOpcode() == BO_Div &&
        foldInt(div->getRHS(), ctx_, c) && c > 1) {
      LoopScope s = scope;
      auto f = linearize(div->getLHS(), atoms, s, ivAtom);
      const LoopRange &r = fp.range;
      LinearForm fc, fr;
      bool nonNegative = false;
      // e is smallest at i's smallest value (r.first) when it grows with i
      if (f && lfSplit(*f, ivAtom, fc, fr) && fc.constant() && fr.constant()) {
        std::optional<int64_t> at = *fc.constant() >= 0 ? r.first : r.last;
        nonNegative = at && *fc.constant() * *at + *fr.constant() >= 0;
      }
      if (nonNegative) {
        g = *f;
        block = (unsigned)c;
        kind = "integer affinity, blocks of " + std::to_string(c);
      }
    }
    if (block > 1) {
      // the division's form, above
    } else if (at->isIntegerType()) {
      auto f = linearize(aff, atoms, scope, ivAtom);
      if (!f) {
        why = "the integer affinity is not affine in '" + iv->getName().str() + "': " + scope.why;
        return false;
      }
      g = *f;
      fp.integerAffinity = true;
      kind = "integer affinity";
    } else if (at->isPointerType() && isSharedType(at->getPointeeType())) {
      auto ref = elementOfAddress(aff, atoms, scope, ivAtom);
      if (!ref) {
        // &E[k] or E + k with E a `shared []` pointer read from shared
        // memory (`&dir[t].chunk[k]`): all of it on E's thread, one value
        // of E over the loop, read once before it.
        const Expr *a = aff->IgnoreParenImpCasts(), *base = nullptr;
        if (const auto *u = dyn_cast<UnaryOperator>(a); u && u->getOpcode() == UO_AddrOf)
          if (const auto *ase = dyn_cast<ArraySubscriptExpr>(u->getSubExpr()->IgnoreParens()))
            base = ase->getBase();
        if (const auto *b = dyn_cast<BinaryOperator>(a); b && b->getOpcode() == BO_Add)
          base = b->getLHS()->getType()->isPointerType() ? b->getLHS() : b->getRHS();
        std::string no;
        if (!base || !isLoadedIndefinitePointer(base)) {
          why = "cannot analyse the affinity: " + scope.why;
          return false;
        }
        if (!invariantIndefinitePointer(ctx_, surface_, base, loop, no)) {
          std::string bySegment;
          if (segmented(base, loop, scope, ivAtom, fp, bySegment)) return true;
          why = "cannot analyse the affinity: " + no + (bySegment.empty() ? "" : ", and " + bySegment);
          return false;
        }
        fp.ownerPointer = base;
        fp.block = fp.origBlock = 0;
        fp.shape = ForallPlan::Single;
        fp.why = "indefinite layout, through '" + sourceSnippet(ctx_, base, 40) +
                 "' read once before the loop";
        return true;
      }
      g = ref->index;
      block = ref->object.block;
      fp.object = ref->object;
      kind = block == 0 ? "indefinite layout"
             : block == 1 ? "cyclic layout"
                          : "blocked layout, block " + std::to_string(block);
    } else {
      why = "the affinity is neither an integer nor a pointer-to-shared";
      return false;
    }
    LinearForm coef, rest;
    if (!lfSplit(g, ivAtom, coef, rest)) {
      why = "the affinity is not affine in '" + iv->getName().str() + "'";
      return false;
    }
    // coef must not depend on iv either (i*i already rejected by lfSplit).
    fp.block = block;
    fp.origBlock = block;
    fp.coefConst = coef.constant();
    fp.coefText = lfText(coef, atoms);
    fp.baseText = lfText(rest, atoms);
    fp.index = g;
    // A pointer's elements are numbered from the start of its layout cycle:
    // add the pointer's own thread and phase.
    if (fp.object && fp.object->kind == SharedObject::Pointer && block > 0) {
      std::string p = fp.object->var->getName().str();
      fp.baseText = "(" + fp.baseText + " + (long long)" + p + ".thread * " + std::to_string(block) +
                    "LL + (long long)" + p + ".phase)";
    }
    if (block == 0) {
      fp.ownerText = fp.object && fp.object->kind == SharedObject::Pointer
                         ? "(long long)" + fp.object->var->getName().str() + ".thread"
                         : "0LL";
    }
    // g mod block, for the in-block rule of privatization and for loops in
    // one block: known when the object's own elements are numbered from a
    // block boundary.  A static array's are; a pointer's are where its
    // phase is 0 (upc_all_alloc's are), which is then tested before the
    // loop where something relies on it (phaseZero; elsewhere the loop
    // keeps its test).
    const VarDecl *pointer =
        fp.object && fp.object->kind == SharedObject::Pointer ? fp.object->var : nullptr;
    auto residue = [&](const LinearForm &f) {
      std::optional<int64_t> r = lfResidue(f, block);
      if (r) fp.inBlockAtPhaseZero = pointer;
      return r;
    };
    if (block == 0 || (fp.coefConst && *fp.coefConst == 0)) {
      fp.shape = ForallPlan::Single;
      fp.why = block == 0 ? kind : kind + ", owner independent of '" + iv->getName().str() + "'";
      if (block > 0)
        if (auto r = residue(rest)) fp.inBlock = {{*r, *r}};
      return true;
    }
    if (block == 1) {
      fp.shape = ForallPlan::Strided;
      fp.why = kind;
      fp.inBlock = {{0, 0}};
      return true;
    }
    // Blocked layouts: unit stride visits whole blocks; a stride that is a
    // multiple of the block moves block by block (cyclic over blocks).
    int64_t cs = 0;
    if (fp.coefConst) {
      cs = *fp.coefConst * fp.step;
    } else {
      // coef = c * THREADS^k...: divisible by the block if c*step is.
      int64_t c = 0;
      bool ok = true;
      for (auto &t : coef.terms) {
        for (unsigned a : t.first)
          if (a != Atoms::Threads) ok = false;
        c = c ? std::gcd(c, t.second) : t.second;
      }
      cs = ok ? c * fp.step : 0;
      if (!ok || cs % (int64_t)block != 0) {
        why = "the element index moves by a non-constant stride in a blocked layout";
        return false;
      }
    }
    if (cs % (int64_t)block == 0) {
      fp.shape = ForallPlan::Strided;
      fp.reducedByBlock = true;
      fp.why = kind + ", one block per iteration";
      // g moves by whole blocks: its place in the block is that of g(L).
      LoopScope s = scope;
      if (auto lf = linearize(fp.lower, atoms, s, ivAtom))
        if (auto r = residue(lfAdd(lfMul(coef, *lf), rest))) fp.inBlock = {{*r, *r}};
      return true;
    }
    if (cs == 1 && fp.coefConst && *fp.coefConst == 1) {
      fp.shape = ForallPlan::Blocked;
      fp.why = kind;
      fp.inBlock = {{0, (int64_t)block - 1}};
      // Constant bounds inside one block: this thread runs all the
      // iterations or none, as one plain loop.
      std::optional<int64_t> rho = lfResidue(rest, block);
      const LoopRange &r = fp.range;
      if (rho && r.first && r.last) {
        int64_t B = block, a = *r.first + *rho, z = *r.last + *rho;
        if (z < a) {
          fp.shape = ForallPlan::OneBlock;
          fp.inBlock.reset();
          fp.phaseZero = pointer;
        } else if (floorDiv(a, B) == floorDiv(z, B)) {
          fp.shape = ForallPlan::OneBlock;
          fp.inBlock = {{floorMod(a, B), z - floorDiv(a, B) * B}};
          fp.why = kind + ", the iterations in one block" + (pointer ? " where '" +
                   pointer->getName().str() + "' is at phase 0" : "");
          fp.phaseZero = pointer;
        }
      }
      return true;
    }
    if (cs == 1) {
      why = "'" + iv->getName().str() +
            "' counts down while the element index counts up, in a blocked layout";
      return false;
    }
    why = "the element index moves by " + std::to_string(cs) + " per iteration in a blocked layout (block " +
          std::to_string(block) + ")";
    return false;
  }

};

struct LoopFinder : upc::AstVisitor {
  std::vector<const ForStmt *> loops;
  bool VisitForStmt(ForStmt *s) override {
    loops.push_back(s);
    return true;
  }
};

} // namespace

class ForallAffinityPass : public Pass {
public:
  const char *name() const override { return "upc-forall-opt"; }
  const char *description() const override {
    return "upc_forall visits only this thread's iterations, without the affinity test";
  }
  void run(PassState &st) override {
    ForallAnalysis pass(st);
    for (const FunctionDecl *fn : st.functions) {
      FunctionFacts facts;
      facts.collect(fn->getBody());
      FunctionDataflow df(st.ctx, fn);
      LoopFinder lf;
      lf.TraverseStmt(fn->getBody());
      for (const ForStmt *loop : lf.loops) pass.run(facts, df, loop);
    }
  }
  std::string summary(const OptimizerPlan &plan) const override {
    const auto &c = plan.counts;
    return std::to_string(c.forallsOptimized) + " of " + std::to_string(c.forallsOptimized + c.forallsKept) +
           " upc_forall affinity tests removed";
  }
};
UPCC_REGISTER_PASS(ForallAffinityPass);

} // namespace upc::opt
