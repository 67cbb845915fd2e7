// privatize.cpp — upc-privatize, local-access privatization: inside an
// analysed upc_forall, a relaxed shared access X[g] whose element index and
// layout are those of the affinity (so it lives on the executing thread)
// becomes a plain C access off a base pointer computed once before the loop.
#include "pass.h"
#include "../frontend/ast_visitor.h"


#include <algorithm>

using namespace clang;

namespace upc::opt {

namespace {


// Is element g + d on the thread of element g, for the g the forall's
// iterations give this thread?  It is when d is k layout periods (k * B *
// THREADS elements) plus a shift c that keeps g + c in g's block on every
// such iteration (inBlock: where g lies in its block); its local index is
// then g's plus k * B + c.  The offset, or nullopt with why set.
std::optional<int64_t> localOffset(const LinearForm &d, int64_t B, int staticThreads,
                                   const std::optional<std::pair<int64_t, int64_t>> &inBlock,
                                   std::string &why) {
  int64_t c0 = 0, m = 0;
  for (auto &t : d.terms) {
    if (t.first.empty()) c0 = t.second;
    else if (t.first == std::vector<unsigned>{Atoms::Threads}) m = t.second;
    else {
      why = "the index differs from the affinity by an amount that is not constant";
      return std::nullopt;
    }
  }
  auto fits = [&](int64_t c) {
    return c == 0 || (inBlock && inBlock->first + c >= 0 && inBlock->second + c <= B - 1);
  };
  std::string by = "the index differs from the affinity by " + std::to_string(c0) +
                   (m ? " + " + std::to_string(m) + "*THREADS" : "");
  if (staticThreads) { // THREADS is a number in d already
    int64_t P = B * staticThreads, c1 = floorMod(c0, P);
    for (int64_t c : {c1, c1 - P})
      if (fits(c)) return (c0 - c) / P * B + c;
  } else if (m % B == 0 && fits(c0)) {
    return m + c0;
  }
  if (!inBlock && !(staticThreads ? c0 % (B * staticThreads) == 0 : m % B == 0))
    why = by + ", and where the affinity lies in its block is not known at compile time";
  else
    why = by + ": that leaves the affinity's block and is not a whole number of THREADS blocks";
  return std::nullopt;
}

} // namespace

static void privatize(PassState &st) {
  ASTContext &ctx = st.ctx;
  OptimizerPlan &plan = st.plan;
  for (auto &entry : plan.foralls) {
    ForallPlan &fp = entry.second;
    const ForStmt *loop = fp.loop;
    BodyAccesses af;
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
      if (isStrictAccess(ctx, st.surface, acc->getType(), acc->getBeginLoc())) {
        keep("strict access");
        continue;
      }
      if (accessAddressTaken(ctx, acc)) {
        keep("its address is taken");
        continue;
      }
      // `dir[t].chunk[k]`: the pointer's read (dir[t]) is part of the access
      if (std::any_of(af.accesses.begin(), af.accesses.end(), [&](const ArraySubscriptExpr *o) {
            return o != acc && isLoadedIndefinitePointer(o->getBase()->IgnoreParens()) &&
                   o->getBase()->getSourceRange().fullyContains(acc->getSourceRange());
          }))
        continue;
      if (isLoadedIndefinitePointer(acc->getBase()->IgnoreParens())) {
        keep("through a pointer read from shared memory (loop versioning may take it)");
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
      std::optional<int64_t> offset;
      LinearForm d = lfAdd(ref->index, lfScale(fp.index, -1));
      if (fp.integerAffinity) {
        if (ref->object.block != 1)
          why = "integer affinity and a non-cyclic layout";
        else if ((offset = localOffset(d, 1, scope.staticThreads, fp.inBlock, why)))
          local = true;
      } else if (fp.ownerPointer) {
        why = "the affinity's pointer is read from shared memory (loop versioning may take it)";
      } else {
        // `e / c` affinity: the layout of a static array with blocks of c
        SharedObject ao = fp.object ? *fp.object : SharedObject{};
        if (!fp.object) ao.block = fp.origBlock;
        if (ref->object.block != ao.block)
          why = "block size " + std::to_string(ref->object.block) + " differs from the affinity's " +
                std::to_string(ao.block);
        else if (ao.block == 0 || (offset = localOffset(d, ao.block, scope.staticThreads, fp.inBlock, why)))
          local = true;
        // where it stays in the affinity's block, if the block's start is assumed
        std::string unused;
        if (local && offset && fp.inBlockAtPhaseZero &&
            !localOffset(d, ao.block, scope.staticThreads, std::nullopt, unused))
          fp.phaseZero = fp.inBlockAtPhaseZero;
        // Static arrays all start on thread 0 at phase 0; a pointer's start
        // is known at run time.
        bool pointers = ao.kind == SharedObject::Pointer || ref->object.kind == SharedObject::Pointer;
        if (local && pointers && !(ref->object == ao) &&
            std::find(fp.congruent.begin(), fp.congruent.end(), ref->object) == fp.congruent.end())
          fp.congruent.push_back(ref->object);
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
      if (offset) pa.offset = *offset;
      fp.privatized.push_back(acc);
      plan.privatized[acc] = pa;
      plan.counts.accessesPrivatized++;
      std::string rule = "local to the executing thread";
      if (offset && *offset != 0 && d.isConstant() && std::abs(*d.constant()) < (int64_t)ref->object.block)
        rule = "in the affinity's block, " + std::to_string(*offset) + " from it";
      else if (offset && *offset != 0)
        rule = "a whole number of THREADS blocks from the affinity's block: on the executing thread";
      if (std::find(fp.congruent.begin(), fp.congruent.end(), ref->object) != fp.congruent.end())
        rule += ", where '" + ref->object.var->getName().str() + "' starts " +
                (fp.object ? "where '" + fp.object->var->getName().str() + "' does" : "on thread 0");
      st.remarks.add(acc->getBeginLoc(), name + " privatized (" + rule + ")", true);
    }
  }
}

class PrivatizePass : public Pass {
public:
  const char *name() const override { return "upc-privatize"; }
  const char *description() const override {
    return "shared accesses a upc_forall's affinity makes local become plain C accesses";
  }
  std::vector<std::string> needs() const override { return {"upc-forall-opt"}; }
  void run(PassState &st) override { privatize(st); }
  std::string summary(const OptimizerPlan &plan) const override {
    const auto &c = plan.counts;
    return std::to_string(c.accessesPrivatized) + " of " +
           std::to_string(c.accessesPrivatized + c.accessesKept) + " accesses privatized";
  }
};
UPCC_REGISTER_PASS(PrivatizePass);

} // namespace upc::opt
