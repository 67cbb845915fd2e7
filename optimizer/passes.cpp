// passes.cpp — the pass manager: runs the enabled optimizer passes in order
// (forall affinity, privatization, remote updates, loop versioning), then
// prints the -Rupc remarks in source order and the counts.
#include "passes.h"

#include "../frontend/frontend.h"

#include <clang/Basic/SourceManager.h>
#include <llvm/Support/FileSystem.h>

#include <algorithm>
#include <chrono>

using namespace clang;

namespace upc {

// One YAML document per remark, as Clang's -fsave-optimization-record
// writes them (opt-viewer and notebooks read both).
static std::string yamlQuote(const std::string &s) {
  std::string r = "'";
  for (char c : s) r += c == '\'' ? std::string("''") : std::string(1, c);
  return r + "'";
}

static void writeRecords(opt::PassState &st, const std::string &path) {
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec, llvm::sys::fs::OF_Append | llvm::sys::fs::OF_Text);
  if (ec) {
    llvm::errs() << "upcc: error: cannot write the optimization record " << path << ": "
                 << ec.message() << "\n";
    return;
  }
  const SourceManager &sm = st.ctx.getSourceManager();
  for (const OptimizerRemark &r : st.plan.remarks) {
    // file:line:col in the user's spelling, split at the last two colons
    std::string where = opt::locText(st.ctx, st.surface, r.loc);
    size_t c2 = where.rfind(':'), c1 = c2 == std::string::npos ? c2 : where.rfind(':', c2 - 1);
    std::string file = where, line = "0", col = "0";
    if (c1 != std::string::npos) {
      file = where.substr(0, c1);
      line = where.substr(c1 + 1, c2 - c1 - 1);
      col = where.substr(c2 + 1);
    }
    std::string fn;
    for (const FunctionDecl *f : st.functions)
      if (!sm.isBeforeInTranslationUnit(sm.getExpansionLoc(r.loc), sm.getExpansionLoc(f->getBeginLoc())) &&
          !sm.isBeforeInTranslationUnit(sm.getExpansionLoc(f->getEndLoc()), sm.getExpansionLoc(r.loc)))
        fn = f->getNameAsString();
    // The access or loop, then the reason: "X privatized (why)", "X not
    // privatized: why", "loop not versioned: why".
    size_t paren = r.text.find(" ("), k = std::min(r.text.find(": "), paren);
    std::string subject = r.text.substr(0, k), reason;
    if (k != std::string::npos) {
      reason = r.text.substr(k + 2);
      if (k == paren && !reason.empty() && reason.back() == ')') reason.pop_back();
    }
    out << "--- !" << (r.fired ? "Passed" : "Missed") << "\n"
        << "Pass:            " << r.pass << "\n"
        << "Name:            " << (r.fired ? "Applied" : "Missed") << "\n"
        << "DebugLoc:        { File: " << yamlQuote(file) << ", Line: " << line
        << ", Column: " << col << " }\n"
        << "Function:        " << yamlQuote(fn) << "\n"
        << "Args:\n"
        << "  - String:          " << yamlQuote(subject) << "\n";
    if (!reason.empty()) out << "  - Reason:          " << yamlQuote(reason) << "\n";
    out << "...\n";
  }
}

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

  auto pass = [&](const char *name, bool on, void (*run)(opt::PassState &)) {
    if (!on) return;
    st.remarks.pass = name;
    auto t0 = std::chrono::steady_clock::now();
    run(st);
    plan.passSeconds.push_back(
        {name, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()});
  };
  // Passes 2 and 4 need the forall analysis even when pass 1 is off.
  pass("upc-forall-opt", opts.forallOpt || opts.privatize || opts.loopVersioning,
       opt::runForallAffinity);
  pass("upc-privatize", opts.privatize, opt::runPrivatize);
  pass("upc-remote-update", opts.remoteUpdate, opt::runRemoteUpdate);
  pass("upc-loop-versioning", opts.loopVersioning, opt::runLoopVersioning);

  std::stable_sort(plan.remarks.begin(), plan.remarks.end(),
                   [&](const OptimizerRemark &a, const OptimizerRemark &b) {
                     return sm.isBeforeInTranslationUnit(sm.getExpansionLoc(a.loc),
                                                         sm.getExpansionLoc(b.loc));
                   });
  if (!opts.recordFile.empty()) writeRecords(st, opts.recordFile);
  if (opts.remarks) {
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
