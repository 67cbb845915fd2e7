// passes.cpp — the pass registry and the pass manager: orders the
// registered passes (pass.h), runs the enabled ones and those they need,
// then prints the -Rupc remarks in source order with each pass's summary and
// writes the optimization record.
#include "pass.h"

#include "../frontend/frontend.h"

#include <clang/Basic/SourceManager.h>
#include <llvm/Support/FileSystem.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <set>

using namespace clang;

namespace upc {

namespace opt {

static std::vector<PassFactory> &factories() {
  static std::vector<PassFactory> list; // constructed on first registration
  return list;
}

void registerPass(PassFactory factory) { factories().push_back(std::move(factory)); }

// Kahn's algorithm over the edges needs/after (X before this) and before
// (this before X), taking the smallest name among the ready passes.
std::vector<std::unique_ptr<Pass>> pipeline(std::string *error) {
  std::map<std::string, std::unique_ptr<Pass>> byName;
  std::string err;
  for (auto &f : factories()) {
    std::unique_ptr<Pass> p = f();
    std::string n = p->name();
    if (byName.count(n)) err = "optimizer pass '" + n + "' is registered twice";
    byName[n] = std::move(p);
  }
  std::map<std::string, std::set<std::string>> preds;
  for (auto &[n, p] : byName) {
    preds[n];
    for (const std::string &x : p->needs()) {
      if (!byName.count(x)) err = "optimizer pass '" + n + "' needs '" + x + "', which is not registered";
      preds[n].insert(x);
    }
    for (const std::string &x : p->after())
      if (byName.count(x)) preds[n].insert(x);
    for (const std::string &x : p->before())
      if (byName.count(x)) preds[x].insert(n);
  }
  std::vector<std::unique_ptr<Pass>> order;
  while (err.empty() && !preds.empty()) {
    auto ready = std::find_if(preds.begin(), preds.end(), [](auto &e) { return e.second.empty(); });
    if (ready == preds.end()) {
      err = "the optimizer passes' order has a cycle through '" + preds.begin()->first + "'";
      break;
    }
    std::string n = ready->first;
    preds.erase(ready);
    for (auto &e : preds) e.second.erase(n);
    order.push_back(std::move(byName[n]));
  }
  if (!err.empty()) {
    if (error) *error = err;
    order.clear();
  }
  return order;
}

bool passEnabled(const OptimizerOptions &opts, const Pass &p) {
  auto it = opts.passes.find(p.name());
  bool on = it != opts.passes.end() ? it->second : !opts.allOff && p.onByDefault();
  return on && (!opts.check || p.underChecking());
}

} // namespace opt

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

  std::string error;
  std::vector<std::unique_ptr<opt::Pass>> passes = opt::pipeline(&error);
  if (!error.empty()) llvm::errs() << "upcc: error: " << error << "\n";
  // What runs: the enabled passes and, as analyses, the passes they need.
  std::map<std::string, bool> on, runs;
  for (auto &p : passes) on[p->name()] = opt::passEnabled(opts, *p);
  for (auto p = passes.rbegin(); p != passes.rend(); ++p)
    if (on[(*p)->name()] || runs[(*p)->name()]) {
      runs[(*p)->name()] = true;
      for (const std::string &x : (*p)->needs()) runs[x] = true;
    }
  for (auto &p : passes) {
    if (!runs[p->name()]) continue;
    st.remarks.pass = p->name();
    st.enabled = on[p->name()];
    auto t0 = std::chrono::steady_clock::now();
    p->run(st);
    plan.passSeconds.push_back(
        {p->name(), std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()});
  }

  std::stable_sort(plan.remarks.begin(), plan.remarks.end(),
                   [&](const OptimizerRemark &a, const OptimizerRemark &b) {
                     return sm.isBeforeInTranslationUnit(sm.getExpansionLoc(a.loc),
                                                         sm.getExpansionLoc(b.loc));
                   });
  if (!opts.recordFile.empty()) writeRecords(st, opts.recordFile);
  if (opts.remarks) {
    for (const OptimizerRemark &r : plan.remarks)
      remarksOut << opt::locText(ctx, surface, r.loc) << ": remark: " << r.text << " [-Rupc]\n";
    std::string line;
    for (auto &p : passes)
      if (std::string part = p->summary(plan); !part.empty()) line += (line.empty() ? "" : ", ") + part;
    remarksOut << "upcc: remark: upc optimizer: " << line << " [-Rupc]\n";
  }
  return plan;
}

OptimizerPlan runOptimizer(FrontendResult &fe, const OptimizerOptions &opts,
                           llvm::raw_ostream &remarksOut) {
  return runOptimizer(fe.ast->getASTContext(), &fe.info, opts, remarksOut);
}

} // namespace upc
