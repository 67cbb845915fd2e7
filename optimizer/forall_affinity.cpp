// forall_affinity.cpp — pass 1, upc_forall affinity-branch elimination: a
// forall whose affinity is an affine function of the induction variable (an
// integer, or &X[..] with a compile-time block size) visits only this
// thread's iterations, with no per-iteration test.  Switch -fno-upc-forall-opt.
#include "passes.h"

#include <clang/AST/RecursiveASTVisitor.h>
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

struct RefCollector : RecursiveASTVisitor<RefCollector> {
  const VarDecl *v;
  std::vector<const DeclRefExpr *> refs;
  bool VisitDeclRefExpr(DeclRefExpr *d) {
    if (d->getDecl() == v) refs.push_back(d);
    return true;
  }
};

bool contains(const SourceManager &sm, SourceRange outer, SourceLocation l) {
  return !sm.isBeforeInTranslationUnit(l, outer.getBegin()) &&
         !sm.isBeforeInTranslationUnit(outer.getEnd(), l);
}

// The induction variable's value after the loop differs once iterations are
// skipped: it must be dead there — declared in the loop, or overwritten by a
// plain assignment before any later read.
bool ivDeadAfter(ASTContext &ctx, const SurfaceInfo *surface, const FunctionDecl *fn,
                 const ForStmt *loop, const VarDecl *iv, std::string &why) {
  if (isa_and_nonnull<DeclStmt>(loop->getInit())) return true;
  const SourceManager &sm = ctx.getSourceManager();
  RefCollector rc;
  rc.v = iv;
  rc.TraverseStmt(fn->getBody());
  SourceRange lr = loop->getSourceRange();
  // Enclosing loops: a reference inside them but outside the forall may read
  // the value left by the previous execution.
  for (const Stmt *p = parentStmt(ctx, loop); p; p = parentStmt(ctx, p)) {
    if (isa<ForStmt>(p) || isa<WhileStmt>(p) || isa<DoStmt>(p)) {
      for (const DeclRefExpr *r : rc.refs)
        if (contains(sm, p->getSourceRange(), r->getLocation()) &&
            !contains(sm, lr, r->getLocation()) &&
            sm.isBeforeInTranslationUnit(r->getLocation(), lr.getBegin())) {
          why = "the induction variable '" + iv->getName().str() +
                "' is read again in an enclosing loop";
          return false;
        }
    }
  }
  const DeclRefExpr *first = nullptr;
  for (const DeclRefExpr *r : rc.refs)
    if (sm.isBeforeInTranslationUnit(lr.getEnd(), r->getLocation()) &&
        (!first || sm.isBeforeInTranslationUnit(r->getLocation(), first->getLocation())))
      first = r;
  if (!first) return true;
  // `iv = e;` (or a for-init) in a block that encloses the forall.
  const Stmt *p = parentStmt(ctx, first);
  while (p && isa<ParenExpr>(p)) p = parentStmt(ctx, p);
  const auto *asg = dyn_cast_or_null<BinaryOperator>(p);
  if (asg && asg->getOpcode() == BO_Assign && refVar(asg->getLHS()) == iv) {
    RefCollector rhs;
    rhs.v = iv;
    rhs.TraverseStmt(asg->getRHS());
    const Stmt *stmt = asg, *up = parentStmt(ctx, asg);
    if (const auto *fs = dyn_cast_or_null<ForStmt>(up))
      if (fs->getInit() == asg) stmt = fs, up = parentStmt(ctx, fs);
    if (rhs.refs.empty() && up && isa<CompoundStmt>(up) && contains(sm, up->getSourceRange(), lr.getBegin()))
      return true;
  }
  why = "the induction variable '" + iv->getName().str() + "' is used after the loop (" +
        locText(ctx, surface, first->getLocation()) + ")";
  return false;
}

class ForallPass {
public:
  ForallPass(PassState &st)
      : ctx_(st.ctx), surface_(st.surface), plan_(st.plan), rm_(st.remarks), atoms_(st.atoms) {}

  void run(const FunctionDecl *fn, const FunctionFacts &facts, const ForStmt *loop) {
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
    bool on = plan_.options.forallOpt;
    if (analyse(fn, facts, loop, ifs, marker, aff, fp, why)) {
      // Analysed loops are recorded for privatization even when pass 1 is off.
      fp.id = ++plan_.forallCounter;
      fp.removeTest = on;
      if (on) {
        rm_.add(loc, "upc_forall affinity test removed (" + fp.why + ")", true);
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

  bool analyse(const FunctionDecl *fn, const FunctionFacts &facts, const ForStmt *loop,
               const IfStmt *ifs, const CallExpr *marker, const Expr *aff, ForallPlan &fp,
               std::string &why) {
    fp.loop = loop;
    fp.test = ifs;
    fp.marker = marker;
    if (aff->HasSideEffects(ctx_)) {
      why = "the affinity expression has side effects";
      return false;
    }
    // Induction variable and lower bound: `i = L` or `T i = L`.
    const VarDecl *iv = nullptr;
    const Expr *lower = nullptr;
    if (const auto *ds = dyn_cast_or_null<DeclStmt>(loop->getInit())) {
      if (ds->isSingleDecl())
        if (const auto *v = dyn_cast<VarDecl>(ds->getSingleDecl()))
          if (v->getInit()) iv = v, lower = v->getInit();
    } else if (const auto *b = dyn_cast_or_null<BinaryOperator>(loop->getInit())) {
      if (b->getOpcode() == BO_Assign) iv = refVar(b->getLHS()), lower = b->getRHS();
    } else if (const auto *ewc = dyn_cast_or_null<ExprWithCleanups>(loop->getInit())) {
      (void)ewc;
    }
    if (!iv || !lower) {
      why = "the loop does not start with 'i = <expr>'";
      return false;
    }
    if (!iv->getType()->isIntegerType()) {
      why = "the loop variable '" + iv->getName().str() + "' is not an integer";
      return false;
    }
    if (isSharedType(iv->getType()) || !iv->hasLocalStorage() || facts.addressTaken.count(iv)) {
      why = "the induction variable '" + iv->getName().str() +
            "' is not a private local whose address is never taken";
      return false;
    }
    fp.iv = iv;
    fp.lower = lower;
    if (lower->HasSideEffects(ctx_)) {
      why = "the lower bound has side effects";
      return false;
    }
    // Step: i++, ++i, i--, --i, i += c, i -= c, i = i + c.
    const Expr *inc = loop->getInc();
    std::optional<int64_t> step;
    if (inc) {
      const Expr *e = inc->IgnoreParens();
      if (const auto *u = dyn_cast<UnaryOperator>(e)) {
        if (u->isIncrementDecrementOp() && refVar(u->getSubExpr()) == iv)
          step = u->isIncrementOp() ? 1 : -1;
      } else if (const auto *ca = dyn_cast<CompoundAssignOperator>(e)) {
        Expr::EvalResult r;
        if (refVar(ca->getLHS()) == iv && (ca->getOpcode() == BO_AddAssign || ca->getOpcode() == BO_SubAssign) &&
            ca->getRHS()->EvaluateAsInt(r, ctx_))
          step = ca->getOpcode() == BO_AddAssign ? r.Val.getInt().getExtValue()
                                                  : -r.Val.getInt().getExtValue();
      } else if (const auto *b = dyn_cast<BinaryOperator>(e)) {
        if (b->getOpcode() == BO_Assign && refVar(b->getLHS()) == iv)
          if (const auto *rb = dyn_cast<BinaryOperator>(b->getRHS()->IgnoreParenImpCasts())) {
            Expr::EvalResult r;
            if (rb->getOpcode() == BO_Add && refVar(rb->getLHS()) == iv && rb->getRHS()->EvaluateAsInt(r, ctx_))
              step = r.Val.getInt().getExtValue();
            else if (rb->getOpcode() == BO_Add && refVar(rb->getRHS()) == iv && rb->getLHS()->EvaluateAsInt(r, ctx_))
              step = r.Val.getInt().getExtValue();
            else if (rb->getOpcode() == BO_Sub && refVar(rb->getLHS()) == iv && rb->getRHS()->EvaluateAsInt(r, ctx_))
              step = -r.Val.getInt().getExtValue();
          }
      }
    }
    if (!step || *step == 0) {
      why = "the increment is not a constant step of '" + iv->getName().str() + "'";
      return false;
    }
    fp.step = *step;
    fp.inc = inc;
    // Condition: i < U, i <= U, i > U, i >= U (either side), in the step's direction.
    const auto *cond = dyn_cast_or_null<BinaryOperator>(loop->getCond() ? loop->getCond()->IgnoreParenImpCasts() : nullptr);
    const Expr *upper = nullptr;
    bool increasing = false;
    if (cond && cond->isRelationalOp()) {
      BinaryOperatorKind op = cond->getOpcode();
      if (refVar(cond->getLHS()) == iv) {
        upper = cond->getRHS();
        increasing = op == BO_LT || op == BO_LE;
      } else if (refVar(cond->getRHS()) == iv) {
        upper = cond->getLHS();
        increasing = op == BO_GT || op == BO_GE;
      }
    }
    if (!upper) {
      why = "the condition is not a bound '" + iv->getName().str() + " < <expr>' (or <=, >, >=)";
      return false;
    }
    if (increasing != (*step > 0)) {
      why = "the condition and the step go in different directions";
      return false;
    }
    // Writes in the loop (body, condition, increment).
    LoopScope scope;
    scope.ctx = &ctx_;
    scope.loop = loop;
    scope.iv = iv;
    scope.fn = &facts;
    scope.staticThreads = plan_.options.staticThreads;
    scope.writes.collect(loop->getBody());
    scope.writes.collect(loop->getCond());
    if (scope.writes.written.count(iv)) {
      why = "the induction variable '" + iv->getName().str() + "' is modified in the body";
      return false;
    }
    scope.writes.collect(inc); // the increment writes iv: fine from here on
    scope.writes.written.erase(iv);
    if (upper->HasSideEffects(ctx_)) {
      why = "the loop bound has side effects";
      return false;
    }
    if (!boundInvariant(upper, scope)) {
      why = "the loop bound is not loop-invariant: " + scope.why;
      return false;
    }
    if (!boundInvariant(lower, scope)) {
      why = "the lower bound is not loop-invariant: " + scope.why;
      return false;
    }
    if (!ivDeadAfter(ctx_, surface_, fn, loop, iv, why)) return false;

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
    if (at->isIntegerType()) {
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
        why = "cannot analyse the affinity: " + scope.why;
        return false;
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
    if (block == 0 || (fp.coefConst && *fp.coefConst == 0)) {
      fp.shape = ForallPlan::Single;
      fp.why = block == 0 ? kind : kind + ", owner independent of '" + iv->getName().str() + "'";
      return true;
    }
    if (block == 1) {
      fp.shape = ForallPlan::Strided;
      fp.why = kind;
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
      return true;
    }
    if (cs == 1) {
      fp.shape = ForallPlan::Blocked;
      fp.why = kind;
      return true;
    }
    why = "the element index moves by " + std::to_string(cs) + " per iteration in a blocked layout (block " +
          std::to_string(block) + ")";
    return false;
  }

  // Every variable a bound reads is loop-invariant.
  bool boundInvariant(const Expr *e, LoopScope &scope) {
    struct V : RecursiveASTVisitor<V> {
      LoopScope *scope;
      bool ok = true;
      bool VisitDeclRefExpr(DeclRefExpr *d) {
        if (const auto *v = dyn_cast<VarDecl>(d->getDecl())) {
          if (v == scope->iv) return true;
          if (isSharedType(v->getType()) && !v->getType()->isArrayType()) {
            scope->why = "it reads the shared variable '" + v->getName().str() + "'";
            ok = false;
          } else if (!scope->invariant(v)) {
            ok = false;
          }
        }
        return ok;
      }
      bool VisitArraySubscriptExpr(ArraySubscriptExpr *) {
        scope->why = "it reads an array element";
        ok = false;
        return false;
      }
      bool VisitUnaryOperator(UnaryOperator *u) {
        if (u->getOpcode() == UO_Deref) {
          scope->why = "it reads through a pointer";
          ok = false;
        }
        return ok;
      }
      bool VisitMemberExpr(MemberExpr *m) {
        if (m->isArrow()) {
          scope->why = "it reads through a pointer";
          ok = false;
        }
        return ok;
      }
    } v;
    v.scope = &scope;
    v.TraverseStmt(const_cast<Expr *>(e));
    return v.ok;
  }
};

struct LoopFinder : RecursiveASTVisitor<LoopFinder> {
  std::vector<const ForStmt *> loops;
  bool VisitForStmt(ForStmt *s) {
    loops.push_back(s);
    return true;
  }
};

} // namespace

void runForallAffinity(PassState &st) {
  ForallPass pass(st);
  for (const FunctionDecl *fn : st.functions) {
    FunctionFacts facts;
    facts.collect(fn->getBody());
    LoopFinder lf;
    lf.TraverseStmt(fn->getBody());
    for (const ForStmt *loop : lf.loops) pass.run(fn, facts, loop);
  }
}

} // namespace upc::opt
