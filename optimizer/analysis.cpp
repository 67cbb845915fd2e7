// analysis.cpp — the analyses the optimizer passes share: upc_forall
// recognition, loop invariance, the linear index algebra, element references.
#include "analysis.h"

#include "../frontend/frontend.h"
#include "../frontend/upc_encoding.h"
#include "../frontend/ast_visitor.h"

#include <clang/AST/TypeLoc.h>
#include <clang/Lex/Lexer.h>

#include <algorithm>
#include <clang/Basic/SourceManager.h>

using namespace clang;

namespace upc {

bool LinearForm::isConstant() const {
  for (auto &t : terms)
    if (!t.first.empty() && t.second != 0) return false;
  return true;
}

std::optional<int64_t> LinearForm::constant() const {
  if (!isConstant()) return std::nullopt;
  auto it = terms.find({});
  return it == terms.end() ? 0 : it->second;
}

namespace opt {

unsigned sharedAS(QualType t) {
  if (t.isNull()) return 0;
  LangAS as = t.getAddressSpace();
  if (!isTargetAddressSpace(as)) return 0;
  unsigned n = toTargetAddressSpace(as);
  return upc::isShared(n) ? n : 0;
}

bool isSharedType(QualType t) { return sharedAS(t) != 0; }

static QualType baseElement(const ASTContext &ctx, QualType t) {
  return ctx.getBaseElementType(t);
}

QualType innermostElement(QualType t) {
  while (const ArrayType *at = t->getAsArrayTypeUnsafe()) t = at->getElementType();
  return t;
}

static const Expr *strip(const Expr *e) { return e ? e->IgnoreParenImpCasts() : e; }

const CallExpr *forallMarker(const ForStmt *s, const IfStmt **ifOut) {
  const auto *ifs = dyn_cast_or_null<IfStmt>(s->getBody());
  if (!ifs || ifs->getElse() || ifs->getInit() || ifs->getConditionVariable()) return nullptr;
  const auto *call = dyn_cast_or_null<CallExpr>(strip(ifs->getCond()));
  if (!call) return nullptr;
  const FunctionDecl *fd = call->getDirectCallee();
  if (!fd || !fd->getIdentifier() || fd->getName() != "__upcc_forall_affinity") return nullptr;
  if (ifOut) *ifOut = ifs;
  return call;
}

const Expr *forallAffinity(const CallExpr *marker) {
  if (marker->getNumArgs() == 0) return nullptr;
  return marker->getArg(0)->IgnoreParens();
}

const VarDecl *refVar(const Expr *e) {
  e = e->IgnoreParenImpCasts();
  if (const auto *d = dyn_cast<DeclRefExpr>(e)) return dyn_cast<VarDecl>(d->getDecl());
  return nullptr;
}

namespace {
struct FactsVisitor : upc::AstVisitor {
  std::set<const VarDecl *> *addr = nullptr;
  WriteSet *ws = nullptr;
  bool VisitUnaryOperator(UnaryOperator *u) override {
    if (u->getOpcode() == UO_AddrOf) {
      if (const VarDecl *v = refVar(u->getSubExpr())) {
        if (addr) addr->insert(v);
        if (ws) ws->written.insert(v);
      }
    } else if (u->isIncrementDecrementOp() && ws) {
      if (const VarDecl *v = refVar(u->getSubExpr())) ws->written.insert(v);
    }
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *b) override {
    if (b->isAssignmentOp() && ws)
      if (const VarDecl *v = refVar(b->getLHS())) ws->written.insert(v);
    return true;
  }
  // An array decays to a pointer that may be stored and written through.
  bool VisitImplicitCastExpr(ImplicitCastExpr *c) override {
    if (c->getCastKind() == CK_ArrayToPointerDecay)
      if (const VarDecl *v = refVar(c->getSubExpr())) {
        if (addr && !isSharedType(v->getType())) addr->insert(v);
      }
    return true;
  }
  bool VisitVarDecl(VarDecl *v) override {
    if (ws) ws->declared.insert(v);
    return true;
  }
  bool VisitCallExpr(CallExpr *c) override {
    if (!ws) return true;
    const FunctionDecl *fd = c->getDirectCallee();
    // The surface pass's markers and the layout queries touch no user data.
    if (fd && fd->getIdentifier()) {
      StringRef n = fd->getName();
      if (n.starts_with("__upcc_forall_affinity") || n == "upc_threadof" ||
          n == "upc_phaseof" || n == "upc_addrfield" || n.starts_with("__upcc_localsizeof") ||
          n.starts_with("__upcc_blocksizeof") || n.starts_with("__upcc_elemsizeof") ||
          fd->getBuiltinID() != 0)
        return true;
    }
    ws->hasCalls = true;
    return true;
  }
};
} // namespace

void FunctionFacts::collect(const Stmt *body) {
  FactsVisitor v;
  v.addr = &addressTaken;
  v.TraverseStmt(const_cast<Stmt *>(body));
}

void WriteSet::collect(const Stmt *s) {
  if (!s) return;
  FactsVisitor v;
  v.ws = this;
  v.TraverseStmt(const_cast<Stmt *>(s));
}

unsigned Atoms::id(const VarDecl *v) {
  for (unsigned i = 2; i < vars_.size(); i++)
    if (vars_[i] == v) return i;
  vars_.push_back(v);
  return vars_.size() - 1;
}

std::string Atoms::text(unsigned id) const {
  if (id == Threads) return "upcrt_threads";
  if (id == MyThread) return "upcrt_mythread";
  return vars_[id]->getName().str();
}

bool isThreadsDecl(const ValueDecl *d) {
  return d && d->getIdentifier() && d->getName() == "THREADS" &&
         d->getDeclContext()->isTranslationUnit();
}
bool isMyThreadDecl(const ValueDecl *d) {
  return d && d->getIdentifier() && d->getName() == "MYTHREAD" &&
         d->getDeclContext()->isTranslationUnit();
}

bool LoopScope::invariant(const VarDecl *v) {
  if (isThreadsDecl(v) || isMyThreadDecl(v)) return true;
  std::string name = "'" + v->getName().str() + "'";
  if (writes.declared.count(v)) {
    why = name + " is declared inside the loop";
    return false;
  }
  if (writes.written.count(v)) {
    why = name + " is modified in the loop";
    return false;
  }
  if (v->getType().isConstQualified()) return true;
  if (v->hasLocalStorage()) {
    if (fn && fn->addressTaken.count(v)) {
      why = "the address of " + name + " is taken";
      return false;
    }
    return true;
  }
  // A global or static may change behind a call.
  if (writes.hasCalls) {
    why = name + " is a global and the loop calls functions";
    return false;
  }
  return true;
}

// Is t laid out differently in the generated C than Clang sees it?  A
// pointer-to-shared is 8 bytes to Clang and a 16-byte upcrt_pts_t in the C,
// and the sizes of shared objects depend on THREADS.
static bool layoutDiffers(QualType t, int depth = 0) {
  if (t.isNull() || depth > 32) return false;
  if (isSharedType(t)) return true;
  t = t.getCanonicalType();
  if (const auto *pt = t->getAs<PointerType>()) return isSharedType(pt->getPointeeType());
  if (const auto *at = dyn_cast<ArrayType>(t.getTypePtr()))
    return layoutDiffers(at->getElementType(), depth + 1);
  if (const auto *rt = t->getAs<RecordType>())
    for (const FieldDecl *f : rt->getDecl()->fields())
      if (layoutDiffers(f->getType(), depth + 1)) return true;
  return false;
}

namespace {
// sizeof, _Alignof or offsetof of such a type, also through enumerators.
struct LayoutDependence : upc::AstVisitor {
  bool found = false;
  int depth = 0;
  bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *e) override {
    QualType t = e->isArgumentType() ? e->getArgumentType() : e->getArgumentExpr()->getType();
    if (layoutDiffers(t)) found = true;
    return !found;
  }
  bool VisitOffsetOfExpr(OffsetOfExpr *e) override {
    if (layoutDiffers(e->getTypeSourceInfo()->getType())) found = true;
    return !found;
  }
  bool VisitDeclRefExpr(DeclRefExpr *d) override {
    if (const auto *ec = dyn_cast<EnumConstantDecl>(d->getDecl()))
      if (ec->getInitExpr() && depth < 16) {
        depth++;
        TraverseStmt(const_cast<Expr *>(ec->getInitExpr()));
        depth--;
      }
    return !found;
  }
};
} // namespace

bool foldInt(const Expr *e, ASTContext &ctx, int64_t &value, bool *layoutDependent) {
  Expr::EvalResult r;
  if (layoutDependent) *layoutDependent = false;
  if (e->HasSideEffects(ctx) || !e->EvaluateAsInt(r, ctx)) return false;
  LayoutDependence ld;
  ld.TraverseStmt(const_cast<Expr *>(e));
  if (ld.found) { // Clang's value is not the generated C's
    if (layoutDependent) *layoutDependent = true;
    return false;
  }
  value = r.Val.getInt().getExtValue();
  return true;
}

// Every variable a bound reads is loop-invariant.
static bool boundInvariant(const Expr *e, LoopScope &scope) {
  struct V : upc::AstVisitor {
    LoopScope *scope;
    bool ok = true;
    bool VisitDeclRefExpr(DeclRefExpr *d) override {
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
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *) override {
      scope->why = "it reads an array element";
      ok = false;
      return false;
    }
    bool VisitUnaryOperator(UnaryOperator *u) override {
      if (u->getOpcode() == UO_Deref) {
        scope->why = "it reads through a pointer";
        ok = false;
      }
      return ok;
    }
    bool VisitMemberExpr(MemberExpr *m) override {
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

bool analyseLoopHeader(ASTContext &ctx, const ForStmt *loop, const FunctionFacts &facts,
                       int staticThreads, Atoms &atoms, LoopRange &range, LoopScope &scope,
                       std::string &why) {
  // Induction variable and lower bound: `i = L` or `T i = L`.
  const VarDecl *iv = nullptr;
  const Expr *lower = nullptr;
  if (const auto *ds = dyn_cast_or_null<DeclStmt>(loop->getInit())) {
    if (ds->isSingleDecl())
      if (const auto *v = dyn_cast<VarDecl>(ds->getSingleDecl()))
        if (v->getInit()) iv = v, lower = v->getInit();
  } else if (const auto *b = dyn_cast_or_null<BinaryOperator>(loop->getInit())) {
    if (b->getOpcode() == BO_Assign) iv = refVar(b->getLHS()), lower = b->getRHS();
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
  if (lower->HasSideEffects(ctx)) {
    why = "the lower bound has side effects";
    return false;
  }
  // Step: i++, ++i, i--, --i, i += c, i -= c, i = i + c.
  const Expr *inc = loop->getInc();
  std::optional<int64_t> step;
  if (inc) {
    const Expr *e = inc->IgnoreParens();
    int64_t c;
    if (const auto *u = dyn_cast<UnaryOperator>(e)) {
      if (u->isIncrementDecrementOp() && refVar(u->getSubExpr()) == iv)
        step = u->isIncrementOp() ? 1 : -1;
    } else if (const auto *ca = dyn_cast<CompoundAssignOperator>(e)) {
      if (refVar(ca->getLHS()) == iv &&
          (ca->getOpcode() == BO_AddAssign || ca->getOpcode() == BO_SubAssign) &&
          foldInt(ca->getRHS(), ctx, c))
        step = ca->getOpcode() == BO_AddAssign ? c : -c;
    } else if (const auto *b = dyn_cast<BinaryOperator>(e)) {
      if (b->getOpcode() == BO_Assign && refVar(b->getLHS()) == iv)
        if (const auto *rb = dyn_cast<BinaryOperator>(b->getRHS()->IgnoreParenImpCasts())) {
          if (rb->getOpcode() == BO_Add && refVar(rb->getLHS()) == iv && foldInt(rb->getRHS(), ctx, c))
            step = c;
          else if (rb->getOpcode() == BO_Add && refVar(rb->getRHS()) == iv && foldInt(rb->getLHS(), ctx, c))
            step = c;
          else if (rb->getOpcode() == BO_Sub && refVar(rb->getLHS()) == iv && foldInt(rb->getRHS(), ctx, c))
            step = -c;
        }
    }
  }
  if (!step || *step == 0) {
    why = "the increment is not a constant step of '" + iv->getName().str() + "'";
    return false;
  }
  // Condition: i < U, i <= U, i > U, i >= U (either side), in the step's direction.
  const auto *cond = dyn_cast_or_null<BinaryOperator>(
      loop->getCond() ? loop->getCond()->IgnoreParenImpCasts() : nullptr);
  const Expr *upper = nullptr;
  bool increasing = false, inclusive = false;
  if (cond && cond->isRelationalOp()) {
    BinaryOperatorKind op = cond->getOpcode();
    if (refVar(cond->getLHS()) == iv) {
      upper = cond->getRHS();
      increasing = op == BO_LT || op == BO_LE;
      inclusive = op == BO_LE || op == BO_GE;
    } else if (refVar(cond->getRHS()) == iv) {
      upper = cond->getLHS();
      increasing = op == BO_GT || op == BO_GE;
      inclusive = op == BO_GE || op == BO_LE;
    }
  }
  // i != U with a unit step and a signed i: the same iterations as i < U
  // (i > U counting down) whenever the loop ends at all.
  bool notEqual = false;
  if (!upper && cond && cond->getOpcode() == BO_NE && (*step == 1 || *step == -1) &&
      iv->getType()->isSignedIntegerType()) {
    if (refVar(cond->getLHS()) == iv) upper = cond->getRHS();
    else if (refVar(cond->getRHS()) == iv) upper = cond->getLHS();
    increasing = *step > 0;
    notEqual = upper != nullptr;
  }
  if (!upper) {
    why = "the condition is not a bound '" + iv->getName().str() +
          " < <expr>' (or <=, >, >=, != with a unit step)";
    return false;
  }
  if (increasing != (*step > 0)) {
    why = "the condition and the step go in different directions";
    return false;
  }
  // Writes in the loop (body, condition, increment).
  scope.ctx = &ctx;
  scope.loop = loop;
  scope.iv = iv;
  scope.fn = &facts;
  scope.staticThreads = staticThreads;
  scope.writes.collect(loop->getBody());
  scope.writes.collect(loop->getCond());
  if (scope.writes.written.count(iv)) {
    why = "the induction variable '" + iv->getName().str() + "' is modified in the body";
    return false;
  }
  scope.writes.collect(inc); // the increment writes iv: fine from here on
  scope.writes.written.erase(iv);
  if (upper->HasSideEffects(ctx)) {
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
  range.iv = iv;
  range.lower = lower;
  range.upper = upper;
  range.step = *step;
  range.inclusive = inclusive;
  range.notEqual = notEqual;
  // Constant bounds (THREADS too under static THREADS).
  auto constant = [&](const Expr *e) -> std::optional<int64_t> {
    LoopScope s = scope;
    auto f = linearize(e, atoms, s, ~0u);
    return f ? f->constant() : std::nullopt;
  };
  if (auto f = constant(range.firstExpr())) range.first = *f + range.firstAdjust();
  if (auto l = constant(range.lastExpr())) range.last = *l + range.lastAdjust();
  return true;
}

LinearForm lfConst(int64_t k) {
  LinearForm f;
  if (k) f.terms[{}] = k;
  return f;
}
LinearForm lfAtom(unsigned id) {
  LinearForm f;
  f.terms[{id}] = 1;
  return f;
}
LinearForm lfAdd(const LinearForm &a, const LinearForm &b) {
  LinearForm r = a;
  for (auto &t : b.terms) {
    int64_t &c = r.terms[t.first];
    c += t.second;
    if (c == 0) r.terms.erase(t.first);
  }
  return r;
}
LinearForm lfScale(const LinearForm &a, int64_t k) {
  LinearForm r;
  if (k == 0) return r;
  for (auto &t : a.terms) r.terms[t.first] = t.second * k;
  return r;
}
LinearForm lfMul(const LinearForm &a, const LinearForm &b) {
  LinearForm r;
  for (auto &x : a.terms)
    for (auto &y : b.terms) {
      std::vector<unsigned> m = x.first;
      m.insert(m.end(), y.first.begin(), y.first.end());
      std::sort(m.begin(), m.end());
      int64_t &c = r.terms[m];
      c += x.second * y.second;
      if (c == 0) r.terms.erase(m);
    }
  return r;
}
bool lfEqual(const LinearForm &a, const LinearForm &b) { return a.terms == b.terms; }

std::optional<int64_t> lfResidue(const LinearForm &f, int64_t m) {
  if (m <= 0) return std::nullopt;
  int64_t r = 0;
  for (auto &t : f.terms) {
    if (t.first.empty()) r = floorMod(t.second, m);
    else if (t.second % m != 0) return std::nullopt;
  }
  return r;
}

bool lfSplit(const LinearForm &f, unsigned atom, LinearForm &coef, LinearForm &rest) {
  coef = LinearForm();
  rest = LinearForm();
  for (auto &t : f.terms) {
    unsigned n = std::count(t.first.begin(), t.first.end(), atom);
    if (n > 1) return false;
    if (n == 0) {
      rest.terms[t.first] = t.second;
    } else {
      std::vector<unsigned> m;
      for (unsigned a : t.first)
        if (a != atom) m.push_back(a);
      coef.terms[m] = t.second;
    }
  }
  return true;
}

std::string lfText(const LinearForm &f, const Atoms &atoms) {
  if (f.terms.empty()) return "0LL";
  std::string s;
  for (auto &t : f.terms) {
    std::string term = std::to_string(t.second) + "LL";
    for (unsigned a : t.first) term += " * (long long)" + atoms.text(a);
    if (!s.empty()) s += " + ";
    s += term;
  }
  return "(" + s + ")";
}

std::optional<LinearForm> linearize(const Expr *e, Atoms &atoms, LoopScope &scope,
                                    unsigned ivAtom) {
  e = e->IgnoreParens();
  ASTContext &ctx = *scope.ctx;
  if (const auto *ice = dyn_cast<ImplicitCastExpr>(e)) {
    switch (ice->getCastKind()) {
    case CK_LValueToRValue:
    case CK_IntegralCast:
    case CK_NoOp:
      return linearize(ice->getSubExpr(), atoms, scope, ivAtom);
    default:
      break;
    }
  }
  if (const auto *ce = dyn_cast<CStyleCastExpr>(e))
    if (ce->getCastKind() == CK_IntegralCast || ce->getCastKind() == CK_NoOp)
      return linearize(ce->getSubExpr(), atoms, scope, ivAtom);
  if (!e->getType()->isIntegerType()) {
    scope.why = "a non-integer index";
    return std::nullopt;
  }
  if (const auto *dre = dyn_cast<DeclRefExpr>(e)) {
    if (const auto *v = dyn_cast<VarDecl>(dre->getDecl())) {
      if (v == scope.iv) return lfAtom(ivAtom);
      if (isThreadsDecl(v)) {
        if (scope.staticThreads) return lfConst(scope.staticThreads);
        return lfAtom(Atoms::Threads);
      }
      if (isMyThreadDecl(v)) return lfAtom(Atoms::MyThread);
      if (isSharedType(v->getType())) {
        scope.why = "it reads the shared variable '" + v->getName().str() + "'";
        return std::nullopt;
      }
      if (!scope.invariant(v)) return std::nullopt;
      return lfAtom(atoms.id(v));
    }
  }
  int64_t c;
  bool layoutDependent;
  if (foldInt(e, ctx, c, &layoutDependent)) return lfConst(c);
  if (layoutDependent) {
    scope.why = "a size the generated C computes differently (a type holding a pointer-to-shared)";
    return std::nullopt;
  }
  if (const auto *u = dyn_cast<UnaryOperator>(e)) {
    if (u->getOpcode() == UO_Minus || u->getOpcode() == UO_Plus) {
      auto s = linearize(u->getSubExpr(), atoms, scope, ivAtom);
      if (!s) return s;
      return u->getOpcode() == UO_Minus ? lfScale(*s, -1) : *s;
    }
  }
  if (const auto *b = dyn_cast<BinaryOperator>(e)) {
    BinaryOperatorKind op = b->getOpcode();
    if (op == BO_Add || op == BO_Sub || op == BO_Mul || op == BO_Shl) {
      auto l = linearize(b->getLHS(), atoms, scope, ivAtom);
      if (!l) return l;
      if (op == BO_Shl) {
        int64_t sh;
        if (!foldInt(b->getRHS(), ctx, sh) || sh < 0 || sh > 30) {
          scope.why = "a shift by a non-constant amount";
          return std::nullopt;
        }
        return lfScale(*l, int64_t(1) << sh);
      }
      auto r2 = linearize(b->getRHS(), atoms, scope, ivAtom);
      if (!r2) return r2;
      if (op == BO_Add) return lfAdd(*l, *r2);
      if (op == BO_Sub) return lfAdd(*l, lfScale(*r2, -1));
      return lfMul(*l, *r2);
    }
    scope.why = std::string("the operator '") + BinaryOperator::getOpcodeStr(op).str() +
                "' in the index";
    return std::nullopt;
  }
  if (e->HasSideEffects(ctx)) {
    scope.why = "side effects in the index";
    return std::nullopt;
  }
  scope.why = "an index that is not an affine integer expression";
  return std::nullopt;
}

// Dimensions of an array type as written (outermost first), each with a flag
// for a THREADS factor (`__upcc_THREADS_DIM` in its size expression).
namespace {
struct ThreadsDimFinder : upc::AstVisitor {
  bool found = false;
  bool VisitDeclRefExpr(DeclRefExpr *d) override {
    if (d->getDecl()->getIdentifier() && d->getDecl()->getName() == "__upcc_THREADS_DIM")
      found = true;
    return true;
  }
};

bool arrayDims(TypeLoc tl, std::vector<ArrayDim> &dims, int depth = 0) {
  if (depth > 16) return false;
  while (true) {
    if (auto q = tl.getAs<QualifiedTypeLoc>()) { tl = q.getUnqualifiedLoc(); continue; }
    if (auto a = tl.getAs<AttributedTypeLoc>()) { tl = a.getModifiedLoc(); continue; }
    if (auto p = tl.getAs<ParenTypeLoc>()) { tl = p.getInnerLoc(); continue; }
    if (auto m = tl.getAs<MacroQualifiedTypeLoc>()) { tl = m.getInnerLoc(); continue; }
    if (auto e = tl.getAs<ElaboratedTypeLoc>()) { tl = e.getNamedTypeLoc(); continue; }
    break;
  }
  if (auto at = tl.getAs<ArrayTypeLoc>()) {
    ArrayDim d{0, false};
    if (const auto *cat = dyn_cast<ConstantArrayType>(at.getTypePtr()))
      d.size = cat->getSize().getZExtValue();
    else if (!isa<IncompleteArrayType>(at.getTypePtr()))
      return false;
    if (Expr *se = at.getSizeExpr()) {
      ThreadsDimFinder f;
      f.TraverseStmt(se);
      d.threads = f.found;
    }
    dims.push_back(d);
    return arrayDims(at.getElementLoc(), dims, depth + 1);
  }
  if (auto td = tl.getAs<TypedefTypeLoc>()) {
    const TypedefNameDecl *tdd = td.getTypedefNameDecl();
    if (!tdd->getTypeSourceInfo()) return false;
    return arrayDims(tdd->getTypeSourceInfo()->getTypeLoc(), dims, depth + 1);
  }
  return true;
}
} // namespace

bool arrayDimensions(const VarDecl *v, std::vector<ArrayDim> &dims) {
  return v->getTypeSourceInfo() && arrayDims(v->getTypeSourceInfo()->getTypeLoc(), dims);
}

static bool objectFor(ASTContext &ctx, const VarDecl *v, SharedObject &obj,
                      std::vector<ArrayDim> &dims, LoopScope &scope) {
  QualType t = v->getType();
  if (t->isArrayType()) {
    QualType el = baseElement(ctx, t);
    unsigned as = sharedAS(el);
    if (!as) return false;
    obj.kind = SharedObject::StaticArray;
    obj.var = v;
    obj.block = upc::blockSize(as);
    obj.elemType = el.getUnqualifiedType();
    if (!v->getTypeSourceInfo() || !arrayDims(v->getTypeSourceInfo()->getTypeLoc(), dims) ||
        dims.empty()) {
      scope.why = "the dimensions of '" + v->getName().str() + "' are not known";
      return false;
    }
  } else if (const auto *pt = t->getAs<PointerType>()) {
    QualType pointee = pt->getPointeeType();
    unsigned as = sharedAS(pointee);
    if (!as) return false;
    if (isSharedType(t)) {
      scope.why = "the pointer '" + v->getName().str() + "' is itself shared";
      return false;
    }
    if (pointee->isArrayType()) {
      scope.why = "'" + v->getName().str() + "' points to arrays";
      return false;
    }
    if (!scope.invariant(v)) return false;
    obj.kind = SharedObject::Pointer;
    obj.var = v;
    obj.block = upc::blockSize(as);
    obj.elemType = pointee.getUnqualifiedType();
  } else {
    return false;
  }
  if (obj.elemType->isIncompleteType() || obj.elemType->isVoidType()) {
    scope.why = "an incomplete element type";
    return false;
  }
  obj.elemSize = ctx.getTypeSizeInChars(obj.elemType).getQuantity();
  return true;
}

// Common part of the lvalue and address forms: `base[e1]..[ek]`, k >= 0.
static std::optional<ElementRef> elementOfSubscripts(const Expr *e, Atoms &atoms,
                                                     LoopScope &scope, unsigned ivAtom,
                                                     bool wantElement) {
  std::vector<const Expr *> idx; // innermost last after reverse
  e = e->IgnoreParens();
  while (const auto *ase = dyn_cast<ArraySubscriptExpr>(e)) {
    idx.push_back(ase->getIdx());
    e = ase->getBase()->IgnoreParenImpCasts();
  }
  std::reverse(idx.begin(), idx.end());
  const auto *dre = dyn_cast<DeclRefExpr>(e);
  const VarDecl *v = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
  if (!v) {
    scope.why = "the shared object is not a named array or pointer";
    return std::nullopt;
  }
  ElementRef ref;
  std::vector<ArrayDim> dims;
  if (!objectFor(*scope.ctx, v, ref.object, dims, scope)) {
    if (scope.why.empty()) scope.why = "'" + v->getName().str() + "' is not shared";
    return std::nullopt;
  }
  LinearForm g;
  if (ref.object.kind == SharedObject::Pointer) {
    if (idx.size() > 1) {
      scope.why = "several subscripts on a pointer";
      return std::nullopt;
    }
    if (!idx.empty()) {
      auto f = linearize(idx[0], atoms, scope, ivAtom);
      if (!f) return std::nullopt;
      g = *f;
    }
  } else {
    if (idx.size() > dims.size() || (wantElement && idx.size() != dims.size())) {
      scope.why = "a partial subscript of '" + v->getName().str() + "'";
      return std::nullopt;
    }
    // Row-major: g = sum_k idx_k * prod_{j>k} dim_j (missing trailing
    // subscripts: the row's first element).
    for (size_t k = 0; k < idx.size(); k++) {
      auto f = linearize(idx[k], atoms, scope, ivAtom);
      if (!f) return std::nullopt;
      LinearForm stride = lfConst(1);
      for (size_t j = k + 1; j < dims.size(); j++) {
        stride = lfScale(stride, (int64_t)dims[j].size);
        if (dims[j].threads)
          stride = scope.staticThreads ? lfScale(stride, scope.staticThreads)
                                       : lfMul(stride, lfAtom(Atoms::Threads));
      }
      g = lfAdd(g, lfMul(*f, stride));
    }
  }
  ref.index = g;
  return ref;
}

std::optional<ElementRef> elementOfLValue(const Expr *e, Atoms &atoms, LoopScope &scope,
                                          unsigned ivAtom) {
  return elementOfSubscripts(e, atoms, scope, ivAtom, true);
}

std::optional<ElementRef> elementOfAddress(const Expr *e, Atoms &atoms, LoopScope &scope,
                                           unsigned ivAtom) {
  e = e->IgnoreParenImpCasts();
  // a shared array or row X[i] decays to the address of its first element
  if (e->getType()->isArrayType()) return elementOfSubscripts(e, atoms, scope, ivAtom, false);
  if (const auto *u = dyn_cast<UnaryOperator>(e)) {
    if (u->getOpcode() != UO_AddrOf) {
      scope.why = "an affinity expression that is not &X[...]";
      return std::nullopt;
    }
    const Expr *sub = u->getSubExpr()->IgnoreParens();
    // &X[i].m has the affinity of X[i].
    while (const auto *me = dyn_cast<MemberExpr>(sub)) {
      if (me->isArrow()) {
        scope.why = "a member reached through '->'";
        return std::nullopt;
      }
      sub = me->getBase()->IgnoreParens();
    }
    if (!isa<ArraySubscriptExpr>(sub)) {
      scope.why = "an affinity expression that is not &X[...]";
      return std::nullopt;
    }
    return elementOfSubscripts(sub, atoms, scope, ivAtom, false);
  }
  if (const auto *b = dyn_cast<BinaryOperator>(e)) {
    if (b->getOpcode() == BO_Add || b->getOpcode() == BO_Sub) {
      const Expr *p = b->getLHS(), *n = b->getRHS();
      if (!p->getType()->isPointerType()) std::swap(p, n);
      if (b->getOpcode() == BO_Sub && p != b->getLHS()) return std::nullopt;
      auto base = elementOfAddress(p, atoms, scope, ivAtom);
      if (!base) return base;
      auto f = linearize(n, atoms, scope, ivAtom);
      if (!f) return std::nullopt;
      if (b->getOpcode() == BO_Sub) *f = lfScale(*f, -1);
      // p + n moves n elements of p's pointee (rows for a decayed 2-D array).
      QualType pointee = p->getType()->getPointeeType();
      LinearForm stride = lfConst(1);
      if (pointee->isArrayType()) {
        if (base->object.kind != SharedObject::StaticArray) return std::nullopt;
        std::vector<ArrayDim> dims;
        if (!arrayDims(base->object.var->getTypeSourceInfo()->getTypeLoc(), dims)) return std::nullopt;
        for (size_t j = 1; j < dims.size(); j++) {
          stride = lfScale(stride, (int64_t)dims[j].size);
          if (dims[j].threads)
            stride = scope.staticThreads ? lfScale(stride, scope.staticThreads)
                                         : lfMul(stride, lfAtom(Atoms::Threads));
        }
      }
      base->index = lfAdd(base->index, lfMul(*f, stride));
      return base;
    }
  }
  if (isa<DeclRefExpr>(e)) return elementOfSubscripts(e, atoms, scope, ivAtom, false);
  scope.why = "an affinity expression that is not &X[...]";
  return std::nullopt;
}

std::string locText(const ASTContext &ctx, const SurfaceInfo *surface, SourceLocation loc) {
  if (surface && surface->userLocation) return surface->userLocation(loc);
  const SourceManager &sm = ctx.getSourceManager();
  PresumedLoc p = sm.getPresumedLoc(sm.getFileLoc(loc));
  if (p.isInvalid()) return "<unknown>";
  return std::string(p.getFilename()) + ":" + std::to_string(p.getLine()) + ":" +
         std::to_string(p.getColumn());
}

const Stmt *parentStmt(ASTContext &ctx, const Stmt *s) {
  auto parents = ctx.getParents(*s);
  if (parents.empty()) return nullptr;
  return parents[0].get<Stmt>();
}

std::string sourceSnippet(const ASTContext &ctx, const Stmt *e, size_t max) {
  const SourceManager &sm = ctx.getSourceManager();
  CharSourceRange r = CharSourceRange::getTokenRange(e->getSourceRange());
  std::string t = Lexer::getSourceText(r, sm, ctx.getLangOpts()).str();
  if (t.size() > max) t = t.substr(0, max - 3) + "...";
  return t;
}

bool accessAddressTaken(ASTContext &ctx, const Expr *access) {
  const Stmt *cur = access;
  for (const Stmt *p = parentStmt(ctx, cur); p; cur = p, p = parentStmt(ctx, p)) {
    if (isa<ParenExpr>(p)) continue;
    if (const auto *me = dyn_cast<MemberExpr>(p)) {
      if (me->getBase() == cur && !me->isArrow()) continue;
      return false;
    }
    if (const auto *ice = dyn_cast<ImplicitCastExpr>(p)) {
      if (ice->getCastKind() == CK_ArrayToPointerDecay) return true;
      return false;
    }
    if (const auto *u = dyn_cast<UnaryOperator>(p)) return u->getOpcode() == UO_AddrOf;
    return false;
  }
  return false;
}

bool isStrictAccess(ASTContext &ctx, const SurfaceInfo *surface, QualType t, SourceLocation l) {
  unsigned as = sharedAS(t);
  Consistency c = upc::consistency(as);
  if (c != Consistency::Default) return c == Consistency::Strict;
  if (!surface) return false;
  const SourceManager &sm = ctx.getSourceManager();
  unsigned off = sm.getFileOffset(sm.getExpansionLoc(l));
  Consistency mode = Consistency::Relaxed;
  for (const auto &r : surface->pragmas)
    if (r.offset <= off) mode = r.mode;
  return mode == Consistency::Strict;
}

} // namespace opt
} // namespace upc
