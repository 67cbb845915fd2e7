// passes.cpp — the pass manager: runs the enabled optimizer passes in order
// (forall affinity, privatization, remote updates, loop versioning), then
// prints the -Rupc remarks in source order and the counts.
#include "passes.h"

#include "../frontend/frontend.h"

#include <clang/Basic/SourceManager.h>

#include <algorithm>

using namespace clang;

namespace upc {

OptimizerPlan runOptimizer(ASTContext &ctx, const SurfaceInfo *surface,
                           const OptimizerOptions &opts, llvm::raw_ostream &remarksOut) {
  OptimizerPlan plan;
  plan.options = opts;
  opt::PassState st(ctx, surface, plan);
  const SourceManager &sm = ctx.getSourceManager();
  for (Decl *d : ctx.getTranslationUnitDecl()->decls())
    if (auto *fd = dyn_cast<FunctionDecl>(d))
      if (fd->doesThisDeclarationHaveABody() && fd->getBody() &&
          sm.isWrittenInMainFile(sm.getExpansionLoc(fd->getBeginLoc())))
        st.functions.push_back(fd);

  // Passes 2 and 4 need the forall analysis even when pass 1 is off.
  if (opts.forallOpt || opts.privatize || opts.loopVersioning) opt::runForallAffinity(st);
  if (opts.privatize) opt::runPrivatize(st);
  if (opts.remoteUpdate) opt::runRemoteUpdate(st);
  if (opts.loopVersioning) opt::runLoopVersioning(st);

  if (opts.remarks) {
    std::stable_sort(plan.remarks.begin(), plan.remarks.end(),
                     [&](const OptimizerRemark &a, const OptimizerRemark &b) {
                       return sm.isBeforeInTranslationUnit(sm.getExpansionLoc(a.loc),
                                                           sm.getExpansionLoc(b.loc));
                     });
    for (const OptimizerRemark &r : plan.remarks)
      remarksOut << opt::locText(ctx, surface, r.loc) << ": remark: " << r.text << " [-Rupc]\n";
    const auto &c = plan.counts;
    remarksOut << "upcc: remark: upc optimizer: " << c.forallsOptimized << " of "
               << (c.forallsOptimized + c.forallsKept) << " upc_forall affinity tests removed, "
               << c.accessesPrivatized << " of " << (c.accessesPrivatized + c.accessesKept)
               << " accesses privatized, " << c.updatesConverted << " of "
               << (c.updatesConverted + c.updatesKept) << " updates converted, "
               << c.loopsVersioned << " loops versioned [-Rupc]\n";
  }
  return plan;
}

OptimizerPlan runOptimizer(FrontendResult &fe, const OptimizerOptions &opts,
                           llvm::raw_ostream &remarksOut) {
  return runOptimizer(fe.ast->getASTContext(), &fe.info, opts, remarksOut);
}

} // namespace upc
