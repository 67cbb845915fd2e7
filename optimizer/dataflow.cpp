// dataflow.cpp — dataflow questions of the passes answered on Clang's CFG
// of a function, not on the source text: whether a variable is live where a
// loop exits (LiveVariables), and whether a loop can be left other than
// through its condition.
#include "analysis.h"

#include <clang/Analysis/Analyses/LiveVariables.h>
#include <clang/Analysis/AnalysisDeclContext.h>
#include <clang/Analysis/CFG.h>

using namespace clang;

namespace upc::opt {

FunctionDataflow::FunctionDataflow(ASTContext &ctx, const FunctionDecl *fn) : ctx_(ctx), fn_(fn) {}

FunctionDataflow::~FunctionDataflow() = default;

LiveVariables *FunctionDataflow::liveness() {
  if (!built_) {
    built_ = true;
    mgr_ = std::make_unique<AnalysisDeclContextManager>(ctx_);
    // Every expression its own element, as LiveVariables expects (its
    // transfer functions do not descend into subexpressions).
    mgr_->getCFGBuildOptions().setAllAlwaysAdd();
    adc_ = mgr_->getContext(fn_);
    live_ = adc_ && adc_->getCFG() ? adc_->getAnalysis<LiveVariables>() : nullptr;
  }
  return live_;
}

std::optional<bool> FunctionDataflow::liveAfterLoop(const ForStmt *loop, const VarDecl *v) {
  LiveVariables *lv = liveness();
  if (!lv) return std::nullopt;
  // The block whose terminator is the loop tests its condition; its second
  // successor is where the loop exits (absent: it never does).
  for (const CFGBlock *b : *adc_->getCFG()) {
    if (b->getTerminatorStmt() != loop) continue;
    if (b->succ_size() < 2) return false;
    const CFGBlock *exit = b->succ_begin()[1].getReachableBlock();
    if (!exit) return false;
    for (const CFGElement &e : *exit)
      if (auto s = e.getAs<CFGStmt>()) return lv->isLive(s->getStmt(), v);
    return lv->isLive(exit, v); // an empty block: live at its end is live at its start
  }
  return std::nullopt;
}

namespace {
// A break that leaves the loop (not one of an inner loop or switch), or a
// goto anywhere in it.
struct LeaveFinder : RecursiveASTVisitor<LeaveFinder> {
  const Stmt *leaves = nullptr;
  int depth = 0; // inner loops and switches: their breaks stay inside
  bool TraverseForStmt(ForStmt *s) {
    depth++;
    bool r = RecursiveASTVisitor::TraverseForStmt(s);
    depth--;
    return r;
  }
  bool TraverseWhileStmt(WhileStmt *s) {
    depth++;
    bool r = RecursiveASTVisitor::TraverseWhileStmt(s);
    depth--;
    return r;
  }
  bool TraverseDoStmt(DoStmt *s) {
    depth++;
    bool r = RecursiveASTVisitor::TraverseDoStmt(s);
    depth--;
    return r;
  }
  bool TraverseSwitchStmt(SwitchStmt *s) {
    depth++;
    bool r = RecursiveASTVisitor::TraverseSwitchStmt(s);
    depth--;
    return r;
  }
  bool VisitBreakStmt(BreakStmt *s) {
    if (depth == 0 && !leaves) leaves = s;
    return true;
  }
  bool VisitGotoStmt(GotoStmt *s) {
    if (!leaves) leaves = s;
    return true;
  }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *s) {
    if (!leaves) leaves = s;
    return true;
  }
};
} // namespace

const Stmt *loopLeftEarly(const ForStmt *loop) {
  LeaveFinder f;
  f.TraverseStmt(const_cast<Stmt *>(loop->getBody()));
  return f.leaves;
}

} // namespace upc::opt
