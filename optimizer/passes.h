// passes.h — what the pass manager hands each optimizer pass: the AST, the
// plan being built, the remark list and the shared atom table.
#pragma once
#include "analysis.h"

namespace upc::opt {

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
  PassState(clang::ASTContext &c, const SurfaceInfo *s, OptimizerPlan &p)
      : ctx(c), surface(s), plan(p), remarks(p) {}
};

// The passes, in the order the pass manager runs them.
void runForallAffinity(PassState &st);
void runPrivatize(PassState &st);
void runRemoteUpdate(PassState &st);
void runLoopVersioning(PassState &st);
// privatize.cpp: is a relaxed/strict access at l strict (type or pragma)?
bool isStrictAccess(clang::ASTContext &ctx, const SurfaceInfo *surface, clang::QualType t,
                    clang::SourceLocation l);

} // namespace upc::opt
