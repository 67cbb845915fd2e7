// loop_versioning.cpp — pass 4, local loop versioning: a plain `for` loop
// whose every shared access is p[e], p an indefinitely blocked pointer-to-shared
// (`shared [] T *`, all its data on one thread) that the loop does not change,
// gets a second copy with plain C accesses off upc_cast(p), run when every
// such p points to this node.  Outside upc_forall the privatization pass
// cannot prove locality; this test, once per loop instead of once per access,
// lets the C compiler vectorize the copy.  Switch -fno-upc-loop-versioning.
#include "passes.h"

#include "../frontend/frontend.h"

#include <clang/AST/RecursiveASTVisitor.h>

using namespace clang;

namespace upc::opt {

namespace {

bool isPtsType(QualType t) {
  const auto *pt = t->getAs<PointerType>();
  return pt && isSharedType(pt->getPointeeType());
}

// p of an access p[e] when p is a private variable of type `shared [] T *`.
const VarDecl *indefiniteBase(const ArraySubscriptExpr *e) {
  const VarDecl *v = refVar(e->getBase());
  if (!v || isSharedType(v->getType()) || !isPtsType(v->getType())) return nullptr;
  QualType pointee = v->getType()->getAs<PointerType>()->getPointeeType();
  if (pointee.isVolatileQualified() || pointee->isArrayType()) return nullptr;
  return upc::blockSize(sharedAS(pointee)) == 0 ? v : nullptr;
}

// Everything in a loop's condition, increment and body that decides whether
// it can be versioned.
struct LoopScan : RecursiveASTVisitor<LoopScan> {
  ASTContext &ctx;
  explicit LoopScan(ASTContext &c) : ctx(c) {}
  std::vector<const ArraySubscriptExpr *> accesses; // p[e] with an indefinite p
  std::string blocker;
  void block(const std::string &why) {
    if (blocker.empty()) blocker = why;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *e) {
    if (!isSharedType(e->getType()) || e->getType()->isArrayType()) return true;
    if (!indefiniteBase(e))
      block("it accesses " + sourceSnippet(ctx, e, 40) + ", not p[i] with p a 'shared []' pointer");
    // &p[i] stays a pointer-to-shared: only its arithmetic is in the loop
    else if (!accessAddressTaken(ctx, e)) accesses.push_back(e);
    return true;
  }
  bool VisitForStmt(ForStmt *fs) {
    if (forallMarker(fs)) block("it contains a upc_forall");
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *d) {
    if (const auto *v = dyn_cast<VarDecl>(d->getDecl()))
      if (isSharedType(v->getType()))
        block("it uses the shared variable '" + v->getName().str() + "'");
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *u) {
    if (u->getOpcode() == UO_Deref && isPtsType(u->getSubExpr()->getType()))
      block("it dereferences a pointer-to-shared with '*'");
    if (u->isIncrementDecrementOp() && isPtsType(u->getSubExpr()->getType()) &&
        !refVar(u->getSubExpr()))
      block("it changes a pointer-to-shared through memory");
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *b) {
    if (b->isAssignmentOp() && isPtsType(b->getLHS()->getType()) && !refVar(b->getLHS()))
      block("it changes a pointer-to-shared through memory");
    return true;
  }
  bool VisitMemberExpr(MemberExpr *m) {
    if (m->isArrow() && isPtsType(m->getBase()->getType()))
      block("it uses '->' on a pointer-to-shared");
    return true;
  }
  bool VisitLabelStmt(LabelStmt *) {
    block("it has labels");
    return true;
  }
  bool VisitVarDecl(VarDecl *v) {
    if (v->isStaticLocal()) block("it declares a static variable");
    return true;
  }
};

// Does e mention one of the variables?
struct Mentions : RecursiveASTVisitor<Mentions> {
  const std::set<const VarDecl *> *vars;
  bool found = false;
  bool VisitDeclRefExpr(DeclRefExpr *d) {
    if (const auto *v = dyn_cast<VarDecl>(d->getDecl()))
      if (vars->count(v)) found = true;
    return true;
  }
};

struct LoopFinder : RecursiveASTVisitor<LoopFinder> {
  PassState &st;
  explicit LoopFinder(PassState &s) : st(s) {}

  // Versions fs, or explains why not (remarks only for loops with accesses).
  bool tryLoop(ForStmt *fs) {
    LoopScan scan(st.ctx);
    for (Stmt *part : {static_cast<Stmt *>(fs->getCond()), static_cast<Stmt *>(fs->getInc()),
                       fs->getBody()})
      if (part) scan.TraverseStmt(part);
    if (scan.accesses.empty()) return false;
    LoopScan init(st.ctx);
    if (fs->getInit()) init.TraverseStmt(fs->getInit());
    WriteSet writes;
    writes.collect(fs->getInit());
    writes.collect(fs->getCond());
    writes.collect(fs->getInc());
    writes.collect(fs->getBody());
    std::string why = scan.blocker;
    if (why.empty() && !init.accesses.empty()) why = "its initialization accesses shared data";
    if (why.empty() && !init.blocker.empty()) why = init.blocker;
    if (why.empty() && writes.hasCalls) why = "it calls functions";
    std::set<const VarDecl *> varying(writes.written.begin(), writes.written.end());
    varying.insert(writes.declared.begin(), writes.declared.end());
    VersionedLoop vl;
    vl.loop = fs;
    std::vector<PrivatizedAccess> found;
    for (const ArraySubscriptExpr *acc : scan.accesses) {
      if (!why.empty()) break;
      const VarDecl *p = indefiniteBase(acc);
      if (varying.count(p)) {
        why = "'" + p->getName().str() + "' changes in the loop";
        break;
      }
      if (isStrictAccess(st.ctx, st.surface, acc->getType(), acc->getBeginLoc())) {
        why = sourceSnippet(st.ctx, acc, 40) + " is a strict access";
        break;
      }
      // A fixed element read again and again is how code waits for another
      // thread: left to the runtime, the read is repeated; as a plain load
      // the C compiler may hoist it.
      Mentions m;
      m.vars = &varying;
      m.TraverseStmt(const_cast<Expr *>(acc->getIdx()));
      if (!m.found) {
        why = sourceSnippet(st.ctx, acc, 40) + " has an index the loop does not change";
        break;
      }
      PrivatizedAccess pa;
      pa.access = acc;
      pa.loop = fs;
      pa.versioned = true;
      unsigned k = 0;
      while (k < vl.bases.size() && vl.bases[k] != p) k++;
      if (k == vl.bases.size()) vl.bases.push_back(p);
      pa.baseIndex = k;
      found.push_back(pa);
    }
    if (!why.empty()) {
      st.remarks.add(fs->getForLoc(), "loop not versioned: " + why, false);
      return false;
    }
    vl.id = st.plan.counts.loopsVersioned++;
    std::string names;
    for (const VarDecl *p : vl.bases)
      names += (names.empty() ? "'" : ", '") + p->getName().str() + "'";
    st.remarks.add(fs->getForLoc(),
                   "loop versioned: " + std::to_string(found.size()) +
                       (found.size() > 1 ? " accesses are" : " access is") + " plain C when " +
                       names + (vl.bases.size() > 1 ? " point" : " points") + " to this node",
                   true);
    for (const PrivatizedAccess &pa : found) st.plan.privatized[pa.access] = pa;
    st.plan.versioned[fs] = vl;
    return true;
  }

  // Outermost loops first; a versioned loop's inner loops are in its copy.
  bool TraverseForStmt(ForStmt *fs) {
    if (!forallMarker(fs) && tryLoop(fs)) return true;
    return RecursiveASTVisitor::TraverseForStmt(fs);
  }
};

} // namespace

void runLoopVersioning(PassState &st) {
  for (const FunctionDecl *fd : st.functions) {
    LoopFinder lf(st);
    lf.TraverseStmt(fd->getBody());
  }
}

} // namespace upc::opt
