// coalesce.cpp — upc-coalesce: a loop's fine-grained reads of shared data
// gathered before it.  A read whose address the loops around it determine
// from their variables and from data the loop does not change
// (x[colidx[k]], B[k][j] over k, a remote scalar read on every iteration)
// is listed by an inspector — a copy of the headers of those loops —,
// fetched with one get per thread on another node (its span, or each element
// once), and read back by the loop in order; a read X[e] of one object
// whose indexes are dense is a window of X's blocks instead, where the loop
// finds element e (which it computes as written: nothing in it changes
// e); a read affine in its loop's variable is listed before that loop
// without inspecting it.  The loop runs
// in strips of at most UPCRT_COALESCE_LIMIT reads, and as written where
// every thread is on this node.
//
// Never wrong: nothing in the loop may change what the inspector computed,
// or a fetched value before the loop reads it — no call the pass cannot see
// (fences, barriers and locks are calls), no strict access, no write of
// shared data that may be the read's but to this thread's own part, no
// write of the private data the addresses are computed from — and each read
// is made exactly once on every iteration of its loop.  Elements of this
// node are read where they are, so writes through private pointers are
// seen.  Off under -fupc-check (the reads would lose their checks).
#include "pass.h"

#include "../frontend/ast_visitor.h"
#include "../frontend/frontend.h"

#include <clang/AST/Attr.h>

#include <map>

using namespace clang;

namespace upc::opt {

// Named, not anonymous: the library builds as unity units.
namespace coalescing {

constexpr unsigned kMaxReads = 64; // slots of one loop's schedule

const ForStmt *asFor(const Stmt *s) { return dyn_cast_or_null<ForStmt>(s); }

// The statement a loop runs each iteration: a upc_forall's is inside its
// affinity test.
const Stmt *loopBody(const ForStmt *fs) {
  const IfStmt *test = nullptr;
  if (forallMarker(fs, &test)) return test->getThen();
  return fs->getBody();
}

// A call whose result depends on its arguments alone and that touches no
// data of the program, so the inspector and the loop may both make it: a
// layout query, the surface pass's marker, a function declared
// __attribute__((const)), or a library function Clang knows to be so (abs,
// fabs, sqrt: const but for errno).  Not any function of a system header:
// rand() has numbers for arguments and result and changes its state.
bool pureCall(ASTContext &ctx, const CallExpr *c) {
  const FunctionDecl *fd = c->getDirectCallee();
  if (!fd) return false;
  if (fd->getIdentifier()) {
    StringRef n = fd->getName();
    if (n == "__upcc_forall_affinity" || n == "upc_threadof" || n == "upc_phaseof" ||
        n == "upc_addrfield")
      return true;
  }
  if (!fd->getReturnType()->isArithmeticType()) return false;
  for (const Expr *a : c->arguments())
    if (!a->getType()->isArithmeticType()) return false;
  if (fd->hasAttr<ConstAttr>()) return true;
  unsigned id = fd->getBuiltinID();
  return id && (ctx.BuiltinInfo.isConst(id) || ctx.BuiltinInfo.isConstWithoutErrnoAndExceptions(id));
}

// May memory of types a and b overlap (C's effective types: the same type
// up to qualifiers and signedness; characters and aggregates alias all)?
bool typesMayAlias(ASTContext &ctx, QualType a, QualType b) {
  a = a.getCanonicalType().getUnqualifiedType();
  b = b.getCanonicalType().getUnqualifiedType();
  for (QualType t : {a, b})
    if (t->isCharType() || t->isRecordType() || t->isArrayType() || t->isVoidType()) return true;
  if (a == b) return true;
  if (a->isIntegerType() && b->isIntegerType()) return ctx.getTypeSize(a) == ctx.getTypeSize(b);
  return false;
}

// The named shared array an lvalue X[..]..[..] (or a shared scalar) is in,
// or null when it is reached through a pointer.
const VarDecl *sharedRoot(const Expr *e) {
  for (;;) {
    e = e->IgnoreParenImpCasts();
    if (const auto *ase = dyn_cast<ArraySubscriptExpr>(e)) {
      e = ase->getBase();
      continue;
    }
    if (const auto *me = dyn_cast<MemberExpr>(e)) {
      if (me->isArrow()) return nullptr;
      e = me->getBase();
      continue;
    }
    if (const auto *d = dyn_cast<DeclRefExpr>(e)) {
      const auto *v = dyn_cast<VarDecl>(d->getDecl());
      return v && isSharedType(v->getType()) ? v : nullptr;
    }
    return nullptr;
  }
}

// X[..]..[..] of a named shared array, or p[..] of a pointer variable (the
// loop does not change it: ReadCheck): its element comes from one object.
bool fixedObject(const Expr *read) {
  const auto *ase = dyn_cast<ArraySubscriptExpr>(read);
  if (!ase) return false;
  const Expr *b = read;
  while (const auto *s = dyn_cast<ArraySubscriptExpr>(b->IgnoreParenImpCasts())) b = s->getBase();
  const VarDecl *v = refVar(b);
  return v && (isSharedType(v->getType()) || v->getType()->isPointerType());
}

// What a candidate loop does that decides what may be coalesced in it.
struct LoopFacts {
  std::string blocker; // nothing in the loop can be coalesced, and why
  std::map<const VarDecl *, std::vector<const Expr *>> varWrites; // the writing expressions
  std::set<const VarDecl *> declared;
  std::vector<const Expr *> memWrites;    // private memory written (the lvalues)
  std::vector<const Expr *> sharedWrites; // shared data written, not this thread's own part
  std::vector<const Stmt *> jumps;        // break and continue
};

struct FactsScan : upc::AstVisitor {
  PassState &st;
  LoopFacts &f;
  FactsScan(PassState &s, LoopFacts &facts) : st(s), f(facts) {}
  void block(std::string why) {
    if (f.blocker.empty()) f.blocker = std::move(why);
  }
  void write(const Expr *lhs, const Expr *by) {
    const Expr *e = lhs->IgnoreParens();
    if (isSharedType(e->getType())) {
      if (!st.plan.isPlainAccess(e)) f.sharedWrites.push_back(e);
      return;
    }
    // a variable, or a member of one: the variable changes
    const Expr *root = e;
    while (const auto *me = dyn_cast<MemberExpr>(root->IgnoreParens())) {
      if (me->isArrow()) break;
      root = me->getBase();
    }
    if (const VarDecl *v = refVar(root)) {
      f.varWrites[v].push_back(by);
      if (root == e) return;
    }
    f.memWrites.push_back(e);
  }
  bool VisitBinaryOperator(BinaryOperator *b) override {
    if (b->isAssignmentOp()) write(b->getLHS(), b);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *u) override {
    if (u->isIncrementDecrementOp()) write(u->getSubExpr(), u);
    if (u->getOpcode() == UO_AddrOf)
      if (const VarDecl *v = refVar(u->getSubExpr())) f.varWrites[v].push_back(u);
    return true;
  }
  bool VisitVarDecl(VarDecl *v) override {
    f.declared.insert(v);
    if (v->isStaticLocal()) block("it declares a static variable");
    return true;
  }
  bool VisitCallExpr(CallExpr *c) override {
    if (pureCall(st.ctx, c)) return true;
    const FunctionDecl *fd = c->getDirectCallee();
    block(fd && fd->getIdentifier() ? "it calls '" + fd->getName().str() + "'" : "it calls a function");
    return true;
  }
  bool VisitGotoStmt(GotoStmt *) override {
    block("it has a goto");
    return true;
  }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *) override {
    block("it has a goto");
    return true;
  }
  bool VisitLabelStmt(LabelStmt *) override {
    block("it has labels");
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *) override {
    block("it returns from the function");
    return true;
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *) override {
    block("it has inline assembly");
    return true;
  }
  bool VisitBreakStmt(BreakStmt *b) override {
    f.jumps.push_back(b);
    return true;
  }
  bool VisitContinueStmt(ContinueStmt *c) override {
    f.jumps.push_back(c);
    return true;
  }
  void sharedAccess(Expr *e) {
    if (!isSharedType(e->getType()) || e->getType()->isArrayType()) return;
    if (isStrictAccess(st.ctx, st.surface, e->getType(), e->getBeginLoc()))
      block("it makes a strict access, " + sourceSnippet(st.ctx, e, 40));
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *e) override {
    sharedAccess(e);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *e) override {
    sharedAccess(e);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *e) override {
    sharedAccess(e);
    return true;
  }
};

// The loop a break or continue leaves or restarts.
const Stmt *jumpTarget(ASTContext &ctx, const Stmt *jump) {
  bool isBreak = isa<BreakStmt>(jump);
  for (const Stmt *p = parentStmt(ctx, jump); p; p = parentStmt(ctx, p)) {
    if (isa<ForStmt>(p) || isa<WhileStmt>(p) || isa<DoStmt>(p)) return p;
    if (isBreak && isa<SwitchStmt>(p)) return p;
  }
  return nullptr;
}

// Does the statement mention one of the variables?
bool mentions(const Stmt *s, const std::set<const VarDecl *> &vars) {
  struct V : upc::AstVisitor {
    const std::set<const VarDecl *> *vars;
    bool found = false;
    bool VisitDeclRefExpr(DeclRefExpr *d) override {
      if (const auto *v = dyn_cast<VarDecl>(d->getDecl()))
        if (vars->count(v)) found = true;
      return !found;
    }
  } v;
  v.vars = &vars;
  if (s) v.TraverseStmt(const_cast<Stmt *>(s));
  return v.found;
}

// A loop of the nest around a read: `for (i = E; C; I)` (or `T i = E`),
// I writing only i; its variable and the parts the inspector evaluates.
struct NestHeader {
  const VarDecl *iv = nullptr;
  std::vector<const Expr *> parts; // E, C, I's operand, the forall's affinity
  std::string why;
};

NestHeader nestHeader(ASTContext &ctx, const ForStmt *fs, const FunctionFacts &fn) {
  NestHeader h;
  const Expr *first = nullptr;
  if (const auto *ds = dyn_cast_or_null<DeclStmt>(fs->getInit())) {
    if (ds->isSingleDecl())
      if (const auto *v = dyn_cast<VarDecl>(ds->getSingleDecl()))
        if (v->getInit()) h.iv = v, first = v->getInit();
  } else if (const auto *b = dyn_cast_or_null<BinaryOperator>(fs->getInit())) {
    if (b->getOpcode() == BO_Assign) h.iv = refVar(b->getLHS()), first = b->getRHS();
  }
  if (!h.iv || !first) {
    h.why = "the loop does not start with 'i = <expr>'";
    return h;
  }
  std::string name = "'" + h.iv->getName().str() + "'";
  if (!h.iv->getType()->isIntegerType() || isSharedType(h.iv->getType()) ||
      !h.iv->hasLocalStorage() || fn.addressTaken.count(h.iv) ||
      h.iv->getType().isVolatileQualified()) {
    h.why = "the loop variable " + name + " is not a private integer whose address is never taken";
    return h;
  }
  h.parts.push_back(first);
  const Expr *cond = fs->getCond();
  if (!cond || cond->HasSideEffects(ctx)) {
    h.why = "the loop's condition is missing or has side effects";
    return h;
  }
  h.parts.push_back(cond);
  const Expr *inc = fs->getInc() ? fs->getInc()->IgnoreParens() : nullptr;
  const Expr *operand = nullptr;
  bool ok = false;
  if (const auto *u = dyn_cast_or_null<UnaryOperator>(inc)) {
    ok = u->isIncrementDecrementOp() && refVar(u->getSubExpr()) == h.iv;
  } else if (const auto *b = dyn_cast_or_null<BinaryOperator>(inc)) {
    ok = b->isAssignmentOp() && refVar(b->getLHS()) == h.iv && !b->getRHS()->HasSideEffects(ctx);
    operand = b->getRHS();
  }
  if (!ok) {
    h.why = "the loop's increment does more than step " + name;
    return h;
  }
  if (operand) h.parts.push_back(operand);
  if (const CallExpr *m = forallMarker(fs))
    if (const Expr *aff = forallAffinity(m)) {
      if (aff->HasSideEffects(ctx)) {
        h.why = "the affinity has side effects";
        return h;
      }
      h.parts.push_back(aff);
    }
  return h;
}

// What a read needs to be coalesced in a loop L (the nest's outermost):
// the expressions the inspector evaluates read only the nest's variables
// (in scope), values L does not change, and private memory L does not
// write; they read no shared data but through their addresses (&X[i]).
struct ReadCheck : upc::AstVisitor {
  PassState &st;
  const LoopFacts &f;
  const std::set<const VarDecl *> &ivs;
  std::string why;
  ReadCheck(PassState &s, const LoopFacts &facts, const std::set<const VarDecl *> &v)
      : st(s), f(facts), ivs(v) {}
  bool fail(std::string w) {
    if (why.empty()) why = std::move(w);
    return false;
  }
  bool TraverseUnaryOperator(UnaryOperator *u) override {
    // &X[e]: an address, the element is not read
    if (u->getOpcode() == UO_AddrOf && isSharedType(u->getSubExpr()->getType()))
      return traverseAddress(u->getSubExpr());
    return AstVisitor::TraverseUnaryOperator(u);
  }
  bool traverseAddress(Expr *e) {
    e = e->IgnoreParens();
    if (auto *ase = dyn_cast<ArraySubscriptExpr>(e))
      return traverseAddress(ase->getBase()) && TraverseStmt(ase->getIdx());
    if (auto *ice = dyn_cast<ImplicitCastExpr>(e))
      if (ice->getCastKind() == CK_ArrayToPointerDecay) return traverseAddress(ice->getSubExpr());
    if (auto *d = dyn_cast<DeclRefExpr>(e))
      if (const auto *v = dyn_cast<VarDecl>(d->getDecl()); v && isSharedType(v->getType()))
        return true;
    return TraverseStmt(e);
  }
  bool VisitDeclRefExpr(DeclRefExpr *d) override {
    const auto *v = dyn_cast<VarDecl>(d->getDecl());
    if (!v || ivs.count(v) || isThreadsDecl(v) || isMyThreadDecl(v)) return true;
    std::string name = "'" + v->getName().str() + "'";
    if (isSharedType(v->getType()))
      return v->getType()->isArrayType() || fail("its address reads the shared variable " + name);
    if (v->getType().isVolatileQualified()) return fail(name + " is volatile");
    if (f.declared.count(v)) return fail("it reads " + name + ", which the loop declares");
    if (f.varWrites.count(v)) return fail("it reads " + name + ", which the loop changes");
    return true;
  }
  void memoryRead(const Expr *e) {
    if (isSharedType(e->getType())) {
      fail("its address reads shared data, " + sourceSnippet(st.ctx, e, 40));
      return;
    }
    if (e->getType().isVolatileQualified()) {
      fail(sourceSnippet(st.ctx, e, 40) + " is volatile");
      return;
    }
    for (const Expr *w : f.memWrites)
      if (typesMayAlias(st.ctx, w->getType(), e->getType())) {
        fail("it reads " + sourceSnippet(st.ctx, e, 40) + ", and the loop writes " +
             sourceSnippet(st.ctx, w, 40) + " (memory of that type)");
        return;
      }
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *e) override {
    memoryRead(e);
    return why.empty();
  }
  bool VisitUnaryOperator(UnaryOperator *u) override {
    if (u->getOpcode() == UO_Deref) memoryRead(u);
    return why.empty();
  }
  bool VisitMemberExpr(MemberExpr *m) override {
    if (m->isArrow()) memoryRead(m);
    return why.empty();
  }
  bool VisitCallExpr(CallExpr *c) override {
    return pureCall(st.ctx, c) || fail("its address calls a function");
  }
};

// Is e evaluated exactly once whenever `outer` (a statement containing it)
// is?  Not under && || ?:, in no loop body, if branch, switch or
// unevaluated operand on the way.
bool unconditionalIn(ASTContext &ctx, const Stmt *e, const Stmt *outer) {
  const Stmt *cur = e;
  for (const Stmt *p = parentStmt(ctx, cur); p; cur = p, p = parentStmt(ctx, p)) {
    if (cur == outer) return true;
    if (const auto *b = dyn_cast<BinaryOperator>(p)) {
      if (b->isLogicalOp() && b->getRHS() == cur) return false;
    } else if (const auto *co = dyn_cast<AbstractConditionalOperator>(p)) {
      if (co->getCond() != cur) return false;
    } else if (const auto *is = dyn_cast<IfStmt>(p)) {
      if (is->getCond() != cur) return false;
    } else if (const auto *sw = dyn_cast<SwitchStmt>(p)) {
      if (sw->getCond() != cur) return false;
    } else if (isa<WhileStmt>(p) || isa<DoStmt>(p) || isa<ForStmt>(p) || isa<CaseStmt>(p) ||
               isa<DefaultStmt>(p) || isa<UnaryExprOrTypeTraitExpr>(p) || isa<StmtExpr>(p)) {
      return false;
    }
    if (p == outer) return true;
  }
  return false;
}

// A read the pass looks at: an element of arithmetic type, not local, not
// already read otherwise by another pass, read for its value.
bool isCandidate(PassState &st, const Expr *e) {
  if (!isSharedType(e->getType()) || !e->getType()->isArithmeticType()) return false;
  if (!isa<ArraySubscriptExpr>(e) && !isa<DeclRefExpr>(e)) return false;
  if (st.plan.isPlainAccess(e) || st.plan.update(e)) return false;
  const auto *ice = dyn_cast_or_null<ImplicitCastExpr>(parentStmt(st.ctx, e));
  if (!ice || ice->getCastKind() != CK_LValueToRValue) {
    // through parentheses
    const Stmt *p = parentStmt(st.ctx, e);
    while (p && isa<ParenExpr>(p)) p = parentStmt(st.ctx, p);
    ice = dyn_cast_or_null<ImplicitCastExpr>(p);
    if (!ice || ice->getCastKind() != CK_LValueToRValue) return false;
  }
  return true;
}

struct Candidates : upc::AstVisitor {
  PassState &st;
  std::vector<const Expr *> reads;
  explicit Candidates(PassState &s) : st(s) {}
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *e) override {
    if (isCandidate(st, e)) reads.push_back(e);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *e) override {
    if (isCandidate(st, e)) reads.push_back(e);
    return true;
  }
};

// One function: its candidate reads, the loops around each, and the loop
// each is coalesced over.
class FunctionCoalescer {
public:
  FunctionCoalescer(PassState &s, const FunctionDecl *fd) : st(s) { fn.collect(fd->getBody()); }

  void run(const FunctionDecl *fd) {
    Candidates c(st);
    c.TraverseStmt(fd->getBody());
    std::map<const ForStmt *, std::vector<std::pair<const Expr *, std::vector<const ForStmt *>>>> groups;
    std::map<const ForStmt *, std::string> missedLoops;
    for (const Expr *read : c.reads) {
      std::vector<const ForStmt *> chain = loopsAround(read);
      if (chain.empty()) continue; // not in a loop
      std::string name = sourceSnippet(st.ctx, read, 40);
      if (!chain[0]) { // the innermost loop is a while or do
        st.remarks.add(read->getBeginLoc(), name + " not coalesced: it is in a while or do loop", false);
        st.plan.counts.readsKept++;
        continue;
      }
      std::string why;
      size_t level = 0;
      for (; level < chain.size() && chain[level]; level++) {
        std::string no = check(read, chain, level);
        if (!no.empty()) {
          if (level == 0) why = no;
          break;
        }
        // going out a level pays only when the loop there moves the read
        // (else each of its iterations would read the same elements again)
        if (level + 1 < chain.size() && chain[level + 1] && !movesRead(read, chain, level + 1)) {
          level++;
          break;
        }
      }
      if (level == 0) {
        st.remarks.add(read->getBeginLoc(), name + " not coalesced: " + why, false);
        st.plan.counts.readsKept++;
        missedLoops.emplace(chain[0], why + " (" + name + ")");
        continue;
      }
      const ForStmt *loop = chain[level - 1];
      chain.resize(level);
      groups[loop].push_back({read, chain});
    }
    for (auto &[loop, reads] : groups) record(loop, reads);
    for (auto &[loop, why] : missedLoops)
      if (!st.plan.coalesced.count(loop))
        st.remarks.add(loop->getForLoc(), "loop not coalesced: " + why, false);
  }

private:
  PassState &st;
  FunctionFacts fn;
  std::map<const ForStmt *, LoopFacts> factsOf;
  std::map<const ForStmt *, NestHeader> headers;

  // The loops around e, innermost first, up to the function; null for a
  // while or do loop (nothing outside one can be coalesced with e).
  std::vector<const ForStmt *> loopsAround(const Expr *e) {
    std::vector<const ForStmt *> chain;
    const Stmt *cur = e;
    for (const Stmt *p = parentStmt(st.ctx, cur); p; cur = p, p = parentStmt(st.ctx, p)) {
      if (const auto *fs = asFor(p)) {
        if (cur != fs->getBody()) return {}; // in a header: the headers read no shared data
        chain.push_back(fs);
      } else if (isa<WhileStmt>(p) || isa<DoStmt>(p)) {
        chain.push_back(nullptr);
        return chain;
      }
    }
    return chain;
  }

  const LoopFacts &facts(const ForStmt *loop) {
    auto it = factsOf.find(loop);
    if (it != factsOf.end()) return it->second;
    LoopFacts &f = factsOf[loop];
    FactsScan scan(st, f);
    scan.TraverseStmt(const_cast<ForStmt *>(loop));
    return f;
  }

  const NestHeader &header(const ForStmt *fs) {
    auto it = headers.find(fs);
    if (it == headers.end()) it = headers.emplace(fs, nestHeader(st.ctx, fs, fn)).first;
    return it->second;
  }

  // Is v named in outer but outside inner?
  bool usedOutside(const VarDecl *v, const ForStmt *outer, const ForStmt *inner) {
    struct V : upc::AstVisitor {
      const VarDecl *v;
      const ForStmt *inner;
      bool found = false;
      bool TraverseForStmt(ForStmt *fs) override {
        return fs == inner || AstVisitor::TraverseForStmt(fs);
      }
      bool VisitDeclRefExpr(DeclRefExpr *d) override {
        found |= d->getDecl() == v;
        return !found;
      }
    } vis;
    vis.v = v;
    vis.inner = inner;
    vis.TraverseStmt(const_cast<Stmt *>(loopBody(outer)));
    return vis.found;
  }

  // Does the loop at chain[level] change the elements read: its variable in
  // the read's address or in a header of a loop inside it?
  bool movesRead(const Expr *read, const std::vector<const ForStmt *> &chain, size_t level) {
    const NestHeader &h = header(chain[level]);
    if (!h.iv) return false;
    std::set<const VarDecl *> iv{h.iv};
    if (mentions(read, iv)) return true;
    for (size_t m = 0; m < level; m++)
      for (const Expr *part : header(chain[m]).parts)
        if (mentions(part, iv)) return true;
    return false;
  }

  // Why read cannot be coalesced over chain[level] (the loops inside it:
  // chain[0..level-1]), or "".
  std::string check(const Expr *read, const std::vector<const ForStmt *> &chain, size_t level) {
    const ForStmt *outer = chain[level];
    const LoopFacts &f = facts(outer);
    if (!f.blocker.empty()) return f.blocker;
    std::set<const VarDecl *> ivs;
    std::set<const Stmt *> nestStmts;
    for (size_t m = 0; m <= level; m++) {
      const NestHeader &h = header(chain[m]);
      if (!h.iv) return h.why;
      ivs.insert(h.iv);
      nestStmts.insert(chain[m]);
    }
    // each loop's variable changes only in its own header
    for (size_t m = 0; m <= level; m++) {
      const ForStmt *fs = chain[m];
      const VarDecl *iv = header(fs).iv;
      auto w = f.varWrites.find(iv);
      if (w != f.varWrites.end())
        for (const Expr *by : w->second) {
          bool inHeader = fs->getInc() && (by == fs->getInc()->IgnoreParens() || by == fs->getInc());
          if (const auto *b = dyn_cast_or_null<BinaryOperator>(fs->getInit()))
            inHeader |= by == b;
          if (!inHeader)
            return "the loop changes '" + iv->getName().str() + "' outside its header";
        }
      // the inspector runs the header where the loop's declaration is not
      // in scope, and must not leave a value the loop reads before its header
      bool ownDecl = false;
      if (const auto *ds = dyn_cast_or_null<DeclStmt>(fs->getInit()))
        ownDecl = ds->isSingleDecl() && ds->getSingleDecl() == iv;
      if (!ownDecl && f.declared.count(iv))
        return "'" + iv->getName().str() + "' is declared in the loop, outside the header";
      if (!ownDecl && m < level && usedOutside(iv, outer, fs))
        return "the loop reads '" + iv->getName().str() + "' outside the loop it counts";
    }
    // the read runs once per iteration of its loop, each loop once per
    // iteration of the one around it
    if (!unconditionalIn(st.ctx, read, loopBody(chain[0])))
      return "it is not read on every iteration of its loop";
    for (size_t m = 0; m < level; m++)
      if (!unconditionalIn(st.ctx, chain[m], loopBody(chain[m + 1])))
        return "the loop around it does not run on every iteration of the loop around that";
    for (const Stmt *j : f.jumps)
      if (nestStmts.count(jumpTarget(st.ctx, j)))
        return std::string("a '") + (isa<BreakStmt>(j) ? "break" : "continue") +
               "' skips iterations";
    // what the inspector evaluates: the headers inside and the address
    for (size_t m = 0; m <= level; m++) {
      std::set<const VarDecl *> visible;
      for (size_t k = m; k <= level; k++) visible.insert(header(chain[k]).iv);
      for (const Expr *part : header(chain[m]).parts) {
        ReadCheck rc(st, f, visible);
        rc.TraverseStmt(const_cast<Expr *>(part));
        if (!rc.why.empty()) return "the header of the loop around it: " + rc.why;
      }
    }
    if (const auto *ase = dyn_cast<ArraySubscriptExpr>(read)) {
      ReadCheck rc(st, f, ivs);
      rc.traverseAddress(const_cast<ArraySubscriptExpr *>(ase));
      if (!rc.why.empty()) return rc.why;
    }
    // nothing the loop writes may be the element (this thread's own part
    // aside, which the loop reads where it is)
    const VarDecl *root = sharedRoot(read);
    for (const Expr *w : f.sharedWrites) {
      const VarDecl *wroot = sharedRoot(w);
      if (root && wroot && root != wroot) continue;
      if (root && wroot == root)
        return "the loop writes " + sourceSnippet(st.ctx, w, 40) + ", of the same array";
      if (typesMayAlias(st.ctx, w->getType(), read->getType()))
        return "the loop writes " + sourceSnippet(st.ctx, w, 40) +
               ", which may be the same shared data";
    }
    return "";
  }

  // "line N" of a location in the user's source.
  std::string lineOf(SourceLocation loc) {
    std::string t = locText(st.ctx, st.surface, loc);
    size_t col = t.rfind(':'), line = col == std::string::npos ? col : t.rfind(':', col - 1);
    return line == std::string::npos ? t : "line " + t.substr(line + 1, col - line - 1);
  }

  void record(const ForStmt *loop,
              std::vector<std::pair<const Expr *, std::vector<const ForStmt *>>> &reads) {
    std::string where = lineOf(loop->getForLoc());
    if (reads.size() > kMaxReads) {
      for (size_t k = kMaxReads; k < reads.size(); k++) {
        st.remarks.add(reads[k].first->getBeginLoc(),
                       sourceSnippet(st.ctx, reads[k].first, 40) +
                           " not coalesced: the loop has more than " + std::to_string(kMaxReads) +
                           " reads to gather",
                       false);
        st.plan.counts.readsKept++;
      }
      reads.resize(kMaxReads);
    }
    CoalescedLoop cl;
    cl.loop = loop;
    cl.iv = header(loop).iv;
    cl.id = st.plan.counts.loopsCoalesced++;
    cl.nest.push_back({loop, -1, true});
    std::map<const ForStmt *, int> index{{loop, 0}};
    for (auto &[read, chain] : reads) {
      int parent = 0;
      for (size_t m = chain.size() - 1; m-- > 0;) {
        auto it = index.find(chain[m]);
        if (it == index.end()) {
          cl.nest.push_back({chain[m], parent, true});
          it = index.emplace(chain[m], int(cl.nest.size() - 1)).first;
        }
        parent = it->second;
      }
      CoalescedRead r;
      r.access = read;
      r.nest = parent;
      std::set<const VarDecl *> ivs;
      for (const ForStmt *fs : chain) ivs.insert(header(fs).iv);
      if (!mentions(read, ivs)) r.kind = CoalescedRead::Invariant;
      r.byIndex = fixedObject(read);
      cl.reads.push_back(r);
    }
    strided(cl);
    for (unsigned k = 0; k < cl.reads.size(); k++) {
      const CoalescedRead &r = cl.reads[k];
      std::string name = sourceSnippet(st.ctx, r.access, 40);
      std::string how =
          r.kind == CoalescedRead::Invariant
              ? "read once per strip of the loop at " + where
              : r.kind == CoalescedRead::Strided
              ? "its addresses, " + r.strideText + " elements apart, known before the loop at " +
                    lineOf(cl.nest[r.nest].loop->getForLoc())
              : "its addresses found by an inspector of the loop at " + where;
      st.remarks.add(r.access->getBeginLoc(),
                     name + " coalesced: " + how + " (one get per thread on another node)",
                     true);
      st.plan.coalescedReads[r.access] = {loop, k};
      st.plan.counts.readsCoalesced++;
    }
    st.remarks.add(loop->getForLoc(),
                   "loop coalesced: " + std::to_string(cl.reads.size()) +
                       (cl.reads.size() > 1 ? " reads are" : " read is") +
                       " gathered before it where some thread is on another node, in strips of "
                       "up to UPCRT_COALESCE_LIMIT reads",
                   true);
    st.plan.coalesced[loop] = std::move(cl);
  }

  // Reads affine in their own loop's variable, a loop that runs nothing
  // else for the inspector: listed before that loop, which the inspector
  // then skips.
  void strided(CoalescedLoop &cl) {
    for (size_t n = 1; n < cl.nest.size(); n++) {
      bool parentOfOther = false;
      for (const CoalescedNest &o : cl.nest) parentOfOther |= o.parent == int(n);
      if (parentOfOther) continue;
      const ForStmt *fs = cl.nest[n].loop;
      if (forallMarker(fs)) continue;
      LoopRange range;
      LoopScope scope;
      std::string why;
      if (!analyseLoopHeader(st.ctx, fs, fn, st.plan.options.staticThreads, st.atoms, range, scope,
                             why) ||
          range.step <= 0)
        continue;
      std::vector<CoalescedRead> affine;
      bool all = true;
      for (const CoalescedRead &r : cl.reads) {
        if (r.nest != int(n)) continue;
        if (r.kind != CoalescedRead::Inspected) {
          all = false;
          break;
        }
        unsigned ivAtom = st.atoms.id(range.iv);
        LoopScope s = scope;
        auto ref = elementOfLValue(r.access, st.atoms, s, ivAtom);
        LinearForm coef, rest;
        if (!ref || !lfSplit(ref->index, ivAtom, coef, rest)) {
          all = false;
          break;
        }
        CoalescedRead a = r;
        a.kind = CoalescedRead::Strided;
        a.object = ref->object;
        a.range = range;
        a.restText = lfText(rest, st.atoms);
        a.coefText = lfText(coef, st.atoms);
        LinearForm stride = lfScale(coef, range.step);
        a.strideText = stride.constant() ? std::to_string(*stride.constant())
                                         : "(" + lfText(stride, st.atoms) + ")";
        affine.push_back(a);
      }
      if (!all || affine.empty()) continue;
      cl.nest[n].emitted = false;
      size_t i = 0;
      for (CoalescedRead &r : cl.reads)
        if (r.nest == int(n)) r = affine[i++];
    }
  }
};

} // namespace coalescing

class CoalescePass : public Pass {
public:
  const char *name() const override { return "upc-coalesce"; }
  const char *description() const override {
    return "a loop's reads of remote elements are gathered before it, one get per thread";
  }
  std::vector<std::string> after() const override {
    return {"upc-forall-opt", "upc-privatize", "upc-remote-update", "upc-loop-versioning"};
  }
  bool underChecking() const override { return false; }
  void run(PassState &st) override {
    if (!st.enabled) return;
    for (const FunctionDecl *fd : st.functions) coalescing::FunctionCoalescer(st, fd).run(fd);
  }
  std::string summary(const OptimizerPlan &plan) const override {
    return std::to_string(plan.counts.readsCoalesced) + " of " +
           std::to_string(plan.counts.readsCoalesced + plan.counts.readsKept) + " reads coalesced";
  }
};
UPCC_REGISTER_PASS(CoalescePass);

} // namespace upc::opt
