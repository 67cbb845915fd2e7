// forall.cpp — upc_forall: the surface pass leaves
//   for (A; B; C) if (__upcc_forall_affinity(D)) S
// and this rule turns the test into the affinity check: integer D runs the
// iterations with D mod THREADS == MYTHREAD (non-negative mod), a
// pointer-to-shared D those where D points to this thread, `continue` or no
// D all of them.  Nesting (UPC 1.3, 6.6.2): only the outermost forall with a
// real affinity controls; the runtime counter upcrt_forall_depth carries
// that through function calls, and every exit path restores it.
#include "lowerer.h"

#include <clang/Lex/Lexer.h>

using namespace clang;

namespace upc {

bool Lowerer::isForall(const ForStmt *fs, const Expr **aff) const {
  auto *is = dyn_cast_or_null<IfStmt>(fs->getBody());
  if (!is || is->getElse()) return false;
  auto *call = dyn_cast<CallExpr>(is->getCond()->IgnoreParenImpCasts());
  if (!call) return false;
  const FunctionDecl *fd = call->getDirectCallee();
  if (!fd || !fd->getIdentifier() || fd->getName() != "__upcc_forall_affinity") return false;
  *aff = call->getNumArgs() ? call->getArg(0) : nullptr;
  return true;
}

// Where a statement really ends: expression statements and jumps end with
// a ';' that is not part of their source range.
static const Stmt *lastSubStmt(const Stmt *s) {
  for (;;) {
    if (auto *i = dyn_cast<IfStmt>(s)) s = i->getElse() ? i->getElse() : i->getThen();
    else if (auto *f = dyn_cast<ForStmt>(s)) s = f->getBody();
    else if (auto *w = dyn_cast<WhileStmt>(s)) s = w->getBody();
    else if (auto *sw = dyn_cast<SwitchStmt>(s)) s = sw->getBody();
    else if (auto *l = dyn_cast<LabelStmt>(s)) s = l->getSubStmt();
    else if (auto *c = dyn_cast<CaseStmt>(s)) s = c->getSubStmt();
    else if (auto *d = dyn_cast<DefaultStmt>(s)) s = d->getSubStmt();
    else return s;
  }
}

static unsigned stmtEnd(const Lowerer &L, const Stmt *s, StringRef buf) {
  const Stmt *last = lastSubStmt(s);
  unsigned e = L.endOffsetOf(last->getEndLoc());
  if (isa<CompoundStmt>(last) || isa<NullStmt>(last) || isa<DeclStmt>(last)) return e;
  while (e < buf.size() && buf[e] != ';') ++e;
  return e < buf.size() ? e + 1 : e;
}

void Lowerer::lowerForall(ForStmt *fs, const Expr *aff) {
  if (plan && !naiveForalls.count(fs) && lowerOptimizedForall(fs, aff)) return; // optimized.cpp
  usesForall = true;
  auto *is = cast<IfStmt>(fs->getBody());
  if (auto *ds = dyn_cast_or_null<DeclStmt>(fs->getInit())) {
    std::vector<Decl *> g(ds->decl_begin(), ds->decl_end());
    lowerDeclGroup(g, true, true);
  } else if (auto *ie = dyn_cast_or_null<Expr>(fs->getInit())) {
    lowerExprInPlace(ie, false);
  }
  lowerCondInPlace(fs->getCond());
  lowerExprInPlace(fs->getInc(), false);

  unsigned ifB = offsetOf(is->getIfLoc()), ifE = endOffsetOf(is->getRParenLoc());
  if (!aff) {
    // continue affinity: every iteration, and inner foralls may control.
    replace(ifB, ifE, "if (1)");
    walkStmt(is->getThen());
    return;
  }
  std::string f = temp();
  std::string test = affinityTest(aff);
  if (test.empty()) return;
  StringRef buf = sm.getBufferData(sm.getMainFileID());
  insert(offsetOf(fs->getForLoc()),
         "{ const int " + f + " = upcrt_forall_depth++; ");
  replace(ifB, ifE, "if (" + f + " > 0 || (" + test + "))");
  forallSaves.push_back(f);
  walkStmt(is->getThen());
  forallSaves.pop_back();
  insert(stmtEnd(*this, fs, buf), " upcrt_forall_depth = " + f + "; }");
}

// Whether this thread runs an iteration: for an integer affinity D, D mod
// THREADS (non-negative) is MYTHREAD; for a pointer-to-shared, it points to
// this thread.  "" (and an error) for an affinity of another type.
std::string Lowerer::affinityTest(const Expr *aff) {
  const Expr *a = aff;
  if (auto *ice = dyn_cast<ImplicitCastExpr>(aff)) // default argument promotions
    if (isPts(ice->getSubExpr()->getType()) || ice->getSubExpr()->getType()->isIntegerType())
      a = ice->getSubExpr();
  QualType at = a->getType();
  std::string d = emit(a);
  if (isPts(at)) return "(" + d + ").thread == (uint32_t)upcrt_mythread";
  if (at->isIntegerType() || at->isEnumeralType()) {
    if (at->isUnsignedIntegerType())
      return "(int)((" + d + ") % (unsigned)upcrt_threads) == upcrt_mythread";
    return "(int)(((" + d + ") % upcrt_threads + upcrt_threads) % upcrt_threads) == upcrt_mythread";
  }
  error(aff->getBeginLoc(), "the affinity of upc_forall must be an integer or a "
                            "pointer-to-shared, not '" + upcSpelling(at) + "'");
  return "";
}

// A return inside a controlling forall restores the depth counter first.
void Lowerer::lowerReturn(ReturnStmt *rs) {
  Expr *v = rs->getRetValue();
  if (forallSaves.empty()) {
    lowerExprInPlace(v, true);
    return;
  }
  StringRef buf = sm.getBufferData(sm.getMainFileID());
  unsigned b = offsetOf(rs->getReturnLoc()), e = stmtEnd(*this, rs, buf);
  std::string restore = "upcrt_forall_depth = " + forallSaves.front() + ";";
  if (!v) {
    replace(b, e, "{ " + restore + " return; }");
    return;
  }
  std::string r = temp();
  QualType rt = curFunction ? curFunction->getReturnType() : v->getType();
  replace(b, e, "{ " + printLowered(rt.getUnqualifiedType(), r) + " = " + emit(v) + "; " +
                    restore + " return " + r + "; }");
}

} // namespace upc
