// mythread_local.cpp — upc-mythread-local, an optimizer pass built out of
// upcc's tree (see docs/research.md).
//
// In `shared [N] double A[THREADS][N]` each row is one block, and row t is
// thread t's: A[MYTHREAD][j] is on the executing thread wherever it is
// written, in a upc_forall or not.  The same holds for A[MYTHREAD + k*THREADS]
// [j] (k a constant) and for cyclic 1-D arrays, `shared int s[THREADS]`,
// s[MYTHREAD].  Such a relaxed access becomes a plain C access: the pass
// records a LocalAccess in the plan (upcc/plan.h), which the lowering emits
// as base[k*N + j].  In-bounds subscripts (0 <= j < N) are what C requires of
// A[i][j] already.
#include <upcc/pass.h>

using namespace clang;
using namespace upc;
using namespace upc::opt;

namespace {

// X[s0][s1]...[sn-1] with X a variable: the subscripts, outermost first.
const VarDecl *subscripts(const ArraySubscriptExpr *e, std::vector<const Expr *> &subs) {
  const Expr *cur = e;
  while (const auto *ase = dyn_cast<ArraySubscriptExpr>(cur->IgnoreParens())) {
    subs.insert(subs.begin(), ase->getIdx());
    cur = ase->getBase()->IgnoreParenImpCasts();
  }
  const auto *ref = dyn_cast<DeclRefExpr>(cur);
  return ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
}

bool mentionsMyThread(const LinearForm &f) {
  for (auto &t : f.terms)
    for (unsigned a : t.first)
      if (a == Atoms::MyThread) return true;
  return false;
}

class MythreadLocalPass : public Pass {
public:
  const char *name() const override { return "upc-mythread-local"; }
  const char *description() const override {
    return "X[MYTHREAD][j] of an array whose blocks are its rows becomes a plain C access";
  }
  // Accesses privatized already stay so; the update and versioning passes
  // see this pass's accesses as plain ones.
  std::vector<std::string> after() const override { return {"upc-privatize"}; }
  std::vector<std::string> before() const override {
    return {"upc-remote-update", "upc-loop-versioning"};
  }

  void run(PassState &st) override {
    for (const FunctionDecl *fn : st.functions) {
      FunctionFacts facts;
      facts.collect(fn->getBody());
      BodyAccesses body;
      body.TraverseStmt(const_cast<Stmt *>(fn->getBody()));
      for (const ArraySubscriptExpr *acc : body.accesses) consider(st, facts, acc);
    }
  }

  std::string summary(const OptimizerPlan &) const override {
    return std::to_string(made_) + " of " + std::to_string(made_ + kept_) +
           " MYTHREAD accesses made local";
  }

private:
  unsigned made_ = 0, kept_ = 0;

  void consider(PassState &st, const FunctionFacts &facts, const ArraySubscriptExpr *acc) {
    if (st.plan.isPlainAccess(acc)) return;
    std::vector<const Expr *> subs;
    const VarDecl *x = subscripts(acc, subs);
    if (!x || subs.empty()) return;
    LoopScope scope; // the access where it is: no loop
    scope.ctx = &st.ctx;
    scope.fn = &facts;
    scope.staticThreads = st.plan.options.staticThreads;
    auto row = linearize(subs[0], st.atoms, scope, ~0u);
    if (!row || !mentionsMyThread(*row)) return; // not this pass's shape: no remark
    std::string what = sourceSnippet(st.ctx, acc, 40);
    auto keep = [&](const std::string &why) {
      st.remarks.add(acc->getBeginLoc(), what + " not made local: " + why, false);
      kept_++;
    };

    // The row: MYTHREAD + k*THREADS, k >= 0 a constant.
    int64_t k = 0, T = scope.staticThreads;
    bool shape = true;
    for (auto &t : row->terms) {
      if (t.first == std::vector<unsigned>{Atoms::MyThread}) shape = shape && t.second == 1;
      else if (t.first == std::vector<unsigned>{Atoms::Threads}) k = t.second;
      else if (t.first.empty() && T && t.second % T == 0) k = t.second / T; // -T: THREADS is a number
      else shape = false;
    }
    if (!shape || k < 0) return keep("the row is not MYTHREAD + a constant multiple of THREADS");

    auto ref = elementOfLValue(acc, st.atoms, scope, ~0u);
    if (!ref) return keep(scope.why);
    const SharedObject &obj = ref->object;
    std::vector<ArrayDim> dims;
    if (obj.kind != SharedObject::StaticArray || !arrayDimensions(x, dims) || dims.size() != subs.size())
      return keep("not an element of a shared array variable");
    // The block must be exactly what the inner subscripts span.
    uint64_t span = 1;
    for (size_t d = 1; d < dims.size(); d++) {
      if (dims[d].threads || dims[d].size == 0) return keep("an inner dimension depends on THREADS");
      span *= dims[d].size;
    }
    if (obj.block != span)
      return keep("its block (" + std::to_string(obj.block) + " elements) is not a row (" +
                  std::to_string(span) + " elements)");
    if (isStrictAccess(st.ctx, st.surface, acc->getType(), acc->getBeginLoc()))
      return keep("a strict access");
    if (accessAddressTaken(st.ctx, acc)) return keep("its address is taken");

    // Local index: k rows of this thread's before it, then the element in
    // the row (row-major over the inner subscripts).
    LocalAccess la;
    la.access = acc;
    la.object = obj;
    la.offset = k * (int64_t)span;
    int64_t stride = (int64_t)span;
    for (size_t d = 1; d < subs.size(); d++) {
      stride /= (int64_t)dims[d].size;
      la.terms.push_back({subs[d], stride});
    }
    st.plan.local[acc] = la;
    made_++;
    st.remarks.add(acc->getBeginLoc(), what + " made local (row MYTHREAD of a layout blocked by rows)",
                   true);
  }
};

UPCC_REGISTER_PASS(MythreadLocalPass);

} // namespace
