// pass.h — what an optimizer pass is: a class with a name, a one-line
// description, its place in the pipeline and a run over the typed AST that
// records decisions in the OptimizerPlan (plan.h says which decisions the
// lowering knows and what it guarantees for each).  The pass manager
// (passes.cpp) runs the registered passes in order.
//
// Installed as <upcc/pass.h> (with plan.h and analysis.h): a pass built out
// of the tree against these headers registers itself the same way and is
// loaded with upcc -fupc-pass-plugin=FILE.so.
#pragma once
#include "analysis.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace upc::opt {

// -Rupc remarks: "file:line:col: remark: TEXT [-Rupc]", and one record each
// in -fsave-optimization-record.  fired: the transformation applied
// ("Passed"), else why not ("Missed").
class Remarks {
public:
  explicit Remarks(OptimizerPlan &plan) : plan_(plan) {}
  void add(clang::SourceLocation loc, std::string text, bool fired) {
    plan_.remarks.push_back({loc, std::move(text), fired, pass});
  }
  const char *pass = ""; // the pass running (set by the pass manager)

private:
  OptimizerPlan &plan_;
};

struct PassState {
  clang::ASTContext &ctx;
  const SurfaceInfo *surface;
  OptimizerPlan &plan;
  Remarks remarks;
  Atoms atoms;
  std::vector<const clang::FunctionDecl *> functions; // with bodies, this file
  // False when the pass runs only because an enabled pass needs its
  // analysis: it records what the others read but transforms nothing.
  bool enabled = true;
  PassState(clang::ASTContext &c, const SurfaceInfo *s, OptimizerPlan &p)
      : ctx(c), surface(s), plan(p), remarks(p) {}
};

class Pass {
public:
  virtual ~Pass() = default;
  // "upc-privatize": the switch -fupc-pass=NAME / -fno-upc-pass=NAME (also
  // -fupc-privatize / -fno-upc-privatize), the remarks' and records' pass.
  virtual const char *name() const = 0;
  virtual const char *description() const = 0; // one line, upcc --print-passes
  // Passes that run before this one, also when they are switched off (then
  // as analyses: PassState::enabled is false for them).
  virtual std::vector<std::string> needs() const { return {}; }
  // Passes that run before / after this one when both run.
  virtual std::vector<std::string> after() const { return {}; }
  virtual std::vector<std::string> before() const { return {}; }
  virtual bool onByDefault() const { return true; }
  // False: off under upcc -fupc-check (a transformation that would drop checks).
  virtual bool underChecking() const { return true; }
  virtual void run(PassState &st) = 0;
  // Its part of the -Rupc summary line ("2 of 3 updates converted"), or "".
  virtual std::string summary(const OptimizerPlan &) const { return ""; }
};

// Every pass registers a factory (one fresh object per translation unit);
// UPCC_REGISTER_PASS does it when the program or the plugin is loaded.
using PassFactory = std::function<std::unique_ptr<Pass>()>;
void registerPass(PassFactory factory);
// The registered passes in the order the pass manager runs them (needs,
// after and before respected; otherwise by name).  Errors (a cycle, a pass
// registered twice, a missing needed pass) are printed and the list is empty.
std::vector<std::unique_ptr<Pass>> pipeline(std::string *error = nullptr);
// Whether the options switch p on (the passes it needs run as analyses).
bool passEnabled(const OptimizerOptions &opts, const Pass &p);

template <class P> struct PassRegistration {
  PassRegistration() {
    registerPass([] { return std::unique_ptr<Pass>(new P()); });
  }
};

} // namespace upc::opt

#define UPCC_REGISTER_PASS(Class)                                                          \
  static ::upc::opt::PassRegistration<Class> upcc_pass_registration_##Class
