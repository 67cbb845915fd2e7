// privatize.cpp — pass 2, local-access privatization: inside an analysed
// upc_forall, a relaxed shared access X[g] whose element index and layout are
// those of the affinity (so it lives on the executing thread) becomes a plain
// C access off a base pointer computed once before the loop.  Switch
// -fno-upc-privatize.
#include "passes.h"

#include "../frontend/frontend.h"

#include <clang/Basic/SourceManager.h>

#include <clang/AST/RecursiveASTVisitor.h>

using namespace clang;

namespace upc::opt {

namespace {

// Outermost subscripts of shared type (the accesses), plus what a body
// contains that keeps it from being emitted twice.
struct AccessFinder : RecursiveASTVisitor<AccessFinder> {
  std::vector<const ArraySubscriptExpr *> accesses;
  bool hasLabel = false, hasStaticShared = false;
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *e) {
    if (isSharedType(e->getType()) && !e->getType()->isArrayType()) accesses.push_back(e);
    return true;
  }
  bool VisitLabelStmt(LabelStmt *) {
    hasLabel = true;
    return true;
  }
  bool VisitVarDecl(VarDecl *v) {
    if (v->isStaticLocal() && isSharedType(v->getType())) hasStaticShared = true;
    return true;
  }
};

bool strictAt(ASTContext &ctx, const SurfaceInfo *surface, QualType t, SourceLocation l) {
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

} // namespace

bool isStrictAccess(ASTContext &ctx, const SurfaceInfo *surface, QualType t, SourceLocation l) {
  return strictAt(ctx, surface, t, l);
}

void runPrivatize(PassState &st) {
  ASTContext &ctx = st.ctx;
  OptimizerPlan &plan = st.plan;
  for (auto &entry : plan.foralls) {
    ForallPlan &fp = entry.second;
    const ForStmt *loop = fp.loop;
    AccessFinder af;
    af.TraverseStmt(const_cast<Stmt *>(fp.test->getThen()));
    if (af.accesses.empty()) continue;
    std::string blocker;
    if (af.hasLabel) blocker = "the loop body has labels";
    if (af.hasStaticShared) blocker = "the loop body declares a static shared variable";
    // The same facts the forall pass used.
    FunctionFacts facts;
    const FunctionDecl *fn = nullptr;
    for (const FunctionDecl *f : st.functions)
      if (f->getBody() && f->getBody()->getSourceRange().fullyContains(loop->getSourceRange()))
        fn = f;
    if (fn) facts.collect(fn->getBody());
    LoopScope scope;
    scope.ctx = &ctx;
    scope.loop = loop;
    scope.iv = fp.iv;
    scope.fn = &facts;
    scope.staticThreads = plan.options.staticThreads;
    scope.writes.collect(loop->getBody());
    scope.writes.collect(loop->getCond());
    scope.writes.collect(loop->getInc());
    scope.writes.written.erase(fp.iv);
    unsigned ivAtom = st.atoms.id(fp.iv);
    for (const ArraySubscriptExpr *acc : af.accesses) {
      std::string name = sourceSnippet(ctx, acc, 40);
      auto keep = [&](const std::string &why) {
        st.remarks.add(acc->getBeginLoc(), name + " not privatized: " + why, false);
        plan.counts.accessesKept++;
      };
      if (!blocker.empty()) {
        keep(blocker);
        continue;
      }
      if (strictAt(ctx, st.surface, acc->getType(), acc->getBeginLoc())) {
        keep("strict access");
        continue;
      }
      if (accessAddressTaken(ctx, acc)) {
        keep("its address is taken");
        continue;
      }
      scope.why.clear();
      auto ref = elementOfLValue(acc, st.atoms, scope, ivAtom);
      if (!ref) {
        keep(scope.why.empty() ? "cannot analyse the access" : scope.why);
        continue;
      }
      bool local = false;
      std::string why;
      if (fp.integerAffinity) {
        if (ref->object.block != 1)
          why = "integer affinity and a non-cyclic layout";
        else if (!lfEqual(ref->index, fp.index))
          why = "the index differs from the affinity";
        else
          local = true;
      } else {
        const SharedObject &ao = *fp.object;
        if (ref->object.block != ao.block)
          why = "block size " + std::to_string(ref->object.block) + " differs from the affinity's " +
                std::to_string(ao.block);
        else if (ref->object.kind == SharedObject::Pointer && !(ref->object == ao))
          why = "another pointer than the affinity's";
        else if (ao.kind == SharedObject::Pointer && !(ref->object == ao))
          why = "the affinity is a pointer, the access another object";
        else if (ao.block == 0 && !(ref->object == ao))
          why = "another indefinite object than the affinity's";
        else if (ao.block != 0 && !lfEqual(ref->index, fp.index))
          why = "the index differs from the affinity";
        else
          local = true;
      }
      if (!local) {
        keep(why);
        continue;
      }
      PrivatizedAccess pa;
      pa.access = acc;
      pa.loop = loop;
      unsigned k = 0;
      for (; k < fp.bases.size(); k++)
        if (fp.bases[k] == ref->object) break;
      if (k == fp.bases.size()) fp.bases.push_back(ref->object);
      pa.baseIndex = k;
      if (ref->object.block == 0) pa.indexText = lfText(ref->index, st.atoms);
      fp.privatized.push_back(acc);
      plan.privatized[acc] = pa;
      plan.counts.accessesPrivatized++;
      st.remarks.add(acc->getBeginLoc(), name + " privatized (local to the executing thread)", true);
    }
  }
}

} // namespace upc::opt
