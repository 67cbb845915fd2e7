// loop_versioning.cpp — upc-loop-versioning, local loop versioning: a loop gets a second
// copy in plain C, run when a test before the loop finds the data it
// accesses on this node.  Two kinds of access qualify: p[e], p an
// indefinitely blocked pointer-to-shared (`shared [] T *`, all its data on
// one thread) the loop does not change — the copy uses upc_cast(p); and a
// row, X[..][i + c] of a blocked array or pointer whose elements over the
// loop's range lie in one block — the copy uses the local address of the
// row's first element.  A plain `for` loop is versioned when every shared
// access in it qualifies; a upc_forall when some access its privatization
// left does (the stencil's neighbour rows).  Outside what privatization can
// prove, this test once per loop instead of once per access lets the C
// compiler vectorize the copy.  Off under -fupc-check: the copy has no checks.
#include "pass.h"

#include "../frontend/frontend.h"
#include "../frontend/ast_visitor.h"


using namespace clang;

namespace upc::opt {

namespace {

bool isPtsType(QualType t) {
  const auto *pt = t->getAs<PointerType>();
  return pt && isSharedType(pt->getPointeeType());
}

// p of an access p[e] when p is of type `shared [] T *`: a private
// variable, or a pointer read from shared memory (`dir[t].chunk[e]`).
const Expr *indefiniteBase(const ArraySubscriptExpr *e) {
  const Expr *b = e->getBase()->IgnoreParens();
  if (isLoadedIndefinitePointer(b)) return b;
  const VarDecl *v = refVar(b);
  if (!v || isSharedType(v->getType()) || !isPtsType(v->getType())) return nullptr;
  QualType pointee = v->getType()->getAs<PointerType>()->getPointeeType();
  if (pointee.isVolatileQualified() || pointee->isArrayType()) return nullptr;
  return upc::blockSize(sharedAS(pointee)) == 0 ? b : nullptr;
}

// Index of base among bases, the same expression counted once (it is read
// once before the loop).
unsigned baseIndex(ASTContext &ctx, std::vector<const Expr *> &bases, const Expr *base) {
  llvm::FoldingSetNodeID id;
  base->Profile(id, ctx, true);
  for (unsigned k = 0; k < bases.size(); k++) {
    llvm::FoldingSetNodeID other;
    bases[k]->Profile(other, ctx, true);
    if (id == other) return k;
  }
  bases.push_back(base);
  return unsigned(bases.size() - 1);
}

// The variable at the root of X[e1]..[ek] (through decays), or null.
const DeclRefExpr *subscriptRoot(const ArraySubscriptExpr *e) {
  const Expr *b = e;
  while (const auto *ase = dyn_cast<ArraySubscriptExpr>(b->IgnoreParens()))
    b = ase->getBase()->IgnoreParenImpCasts();
  return dyn_cast<DeclRefExpr>(b);
}

// Everything in a loop's condition, increment and body that decides whether
// it can be versioned.
struct LoopScan : upc::AstVisitor {
  ASTContext &ctx;
  const OptimizerPlan &plan;
  LoopScan(ASTContext &c, const OptimizerPlan &p) : ctx(c), plan(p) {}
  std::vector<const ArraySubscriptExpr *> accesses; // p[e] with an indefinite p
  std::vector<const ArraySubscriptExpr *> others;   // the rest: rows, perhaps
  std::set<const DeclRefExpr *> roots;              // their shared arrays
  std::string blocker;
  void block(const std::string &why) {
    if (blocker.empty()) blocker = why;
  }
  // p[e] through a pointer read from shared memory: that read happens once
  // before the loop (invariantIndefinitePointer checks it may), so only the
  // index is looked at here.
  bool TraverseArraySubscriptExpr(ArraySubscriptExpr *e) override {
    if (isSharedType(e->getType()) && !e->getType()->isArrayType() && !plan.isPlainAccess(e) &&
        isLoadedIndefinitePointer(e->getBase()->IgnoreParens()))
      return WalkUpFromArraySubscriptExpr(e) && TraverseStmt(e->getIdx());
    return AstVisitor::TraverseArraySubscriptExpr(e);
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *e) override {
    if (!isSharedType(e->getType()) || e->getType()->isArrayType()) return true;
    if (plan.isPlainAccess(e)) { // local, or privatized in an enclosing upc_forall
      if (const DeclRefExpr *r = subscriptRoot(e)) roots.insert(r);
      return true;
    }
    // &p[i] stays a pointer-to-shared: only its arithmetic is in the loop
    if (indefiniteBase(e)) {
      if (!accessAddressTaken(ctx, e)) accesses.push_back(e);
    } else if (accessAddressTaken(ctx, e)) {
      block("it takes the address of " + sourceSnippet(ctx, e, 40));
    } else {
      others.push_back(e);
      if (const DeclRefExpr *r = subscriptRoot(e)) roots.insert(r);
    }
    return true;
  }
  bool VisitForStmt(ForStmt *fs) override {
    if (forallMarker(fs)) block("it contains a upc_forall");
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *d) override {
    if (const auto *v = dyn_cast<VarDecl>(d->getDecl()))
      if (isSharedType(v->getType()) && !roots.count(d))
        block("it uses the shared variable '" + v->getName().str() + "'");
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *u) override {
    if (u->getOpcode() == UO_Deref && isPtsType(u->getSubExpr()->getType()))
      block("it dereferences a pointer-to-shared with '*'");
    if (u->isIncrementDecrementOp() && isPtsType(u->getSubExpr()->getType()) &&
        !refVar(u->getSubExpr()))
      block("it changes a pointer-to-shared through memory");
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *b) override {
    if (b->isAssignmentOp() && isPtsType(b->getLHS()->getType()) && !refVar(b->getLHS()))
      block("it changes a pointer-to-shared through memory");
    return true;
  }
  bool VisitMemberExpr(MemberExpr *m) override {
    if (m->isArrow() && isPtsType(m->getBase()->getType()))
      block("it uses '->' on a pointer-to-shared");
    return true;
  }
  bool VisitLabelStmt(LabelStmt *) override {
    block("it has labels");
    return true;
  }
  bool VisitVarDecl(VarDecl *v) override {
    if (v->isStaticLocal()) block("it declares a static variable");
    return true;
  }
};

// Does e mention one of the variables?
struct Mentions : upc::AstVisitor {
  const std::set<const VarDecl *> *vars;
  bool found = false;
  bool VisitDeclRefExpr(DeclRefExpr *d) override {
    if (const auto *v = dyn_cast<VarDecl>(d->getDecl()))
      if (vars->count(v)) found = true;
    return true;
  }
};

// The rows of one loop: accesses X[..][i + c] whose elements over the
// loop's range may lie in one block, grouped by row (the same object and
// index but for c).
struct RowFinder {
  PassState &st;
  LoopScope &scope;
  const LoopRange &range;
  unsigned ivAtom;
  std::vector<RowBase> rows;
  std::vector<PrivatizedAccess> found; // offset: c, until finish()
  RowFinder(PassState &s, LoopScope &sc, const LoopRange &r)
      : st(s), scope(sc), range(r), ivAtom(s.atoms.id(r.iv)) {}

  // Records acc as a row of loop, or says why it is not one (analysed:
  // whether its element index could be expressed in the loop's terms).
  std::string add(const ArraySubscriptExpr *acc, const ForStmt *loop, bool *analysed = nullptr) {
    if (analysed) *analysed = false;
    if (isStrictAccess(st.ctx, st.surface, acc->getType(), acc->getBeginLoc()))
      return "a strict access";
    scope.why.clear();
    auto ref = elementOfLValue(acc, st.atoms, scope, ivAtom);
    if (!ref) return scope.why.empty() ? "cannot analyse the access" : scope.why;
    if (analysed) *analysed = true;
    const SharedObject &o = ref->object;
    int T = st.plan.options.staticThreads;
    if (o.block == 1 && T != 1) return "a cyclic layout puts consecutive elements on different threads";
    LinearForm coef, rest;
    if (!lfSplit(ref->index, ivAtom, coef, rest) || !lfEqual(coef, lfConst(1)))
      return "its index does not move by one element per iteration of '" +
             range.iv->getName().str() + "'";
    auto constTerm = rest.terms.find(std::vector<unsigned>{});
    int64_t c = constTerm == rest.terms.end() ? 0 : constTerm->second;
    if (constTerm != rest.terms.end()) rest.terms.erase(constTerm);
    // The same row as an earlier access when both fit in one block (x-1,
    // x, x+1); z+1 and z-1 are other rows.
    bool blocked = o.block > 0 && T != 1;
    int64_t n = range.first && range.last ? *range.last - *range.first + 1 : 1;
    unsigned k = 0;
    for (; k < rows.size(); k++)
      if (rows[k].object == o && lfEqual(rows[k].index, rest) &&
          (!blocked || std::max(rows[k].hi, c) - std::min(rows[k].lo, c) + n <= (int64_t)o.block))
        break;
    int64_t lo = k < rows.size() ? std::min(rows[k].lo, c) : c;
    int64_t hi = k < rows.size() ? std::max(rows[k].hi, c) : c;
    if (blocked && n + (hi - lo) > (int64_t)o.block)
      return "the loop's " + std::to_string(n) + " iterations do not fit in a block of " +
             std::to_string(o.block);
    // Where the row starts in its block, when the layout says.
    std::optional<int64_t> rho =
        o.kind == SharedObject::StaticArray ? lfResidue(rest, o.block) : std::nullopt;
    if (blocked && rho && range.first && range.last) {
      int64_t B = o.block, a = *rho + lo + *range.first, z = *rho + hi + *range.last;
      if (z >= a && floorDiv(a, B) != floorDiv(z, B))
        return "its elements over the loop's range cross a block's edge";
    }
    if (k == rows.size()) {
      RowBase r;
      r.object = o;
      r.index = rest;
      rows.push_back(r);
    }
    rows[k].lo = lo;
    rows[k].hi = hi;
    PrivatizedAccess pa;
    pa.access = acc;
    pa.loop = loop;
    pa.versioned = pa.row = true;
    pa.baseIndex = k;
    pa.offset = c;
    found.push_back(pa);
    return "";
  }

  // Offsets relative to each row's first element, the rows' C text, and
  // which rows may be fetched when off the node (body: what the loop runs;
  // plain: its accesses the copy makes plain C besides the rows and what
  // the plan privatized).
  void finish(const std::vector<const Stmt *> &body, const std::vector<PrivatizedAccess> &plain = {}) {
    for (PrivatizedAccess &pa : found) pa.offset -= rows[pa.baseIndex].lo;
    for (RowBase &r : rows) r.indexText = lfText(lfAdd(r.index, lfConst(r.lo)), st.atoms);
    FetchScan fs(st);
    for (const PrivatizedAccess &pa : found) fs.plain.insert(pa.access);
    for (const PrivatizedAccess &pa : plain) fs.plain.insert(pa.access);
    WriteSet writes;
    for (const Stmt *b : body) {
      fs.TraverseStmt(const_cast<Stmt *>(b));
      writes.collect(b);
    }
    if (!fs.ok || writes.hasCalls) return;
    for (RowBase &r : rows) r.fetch = true;
    for (const PrivatizedAccess &pa : found)
      if (fs.written.count(pa.access)) rows[pa.baseIndex].fetch = false;
  }

  // Shared accesses a loop writes; ok: none strict, none written but
  // privatized ones and rows.
  struct FetchScan : upc::AstVisitor {
    PassState &st;
    explicit FetchScan(PassState &s) : st(s) {}
    bool ok = true;
    std::set<const Expr *> written, plain;
    void access(const Expr *e) {
      if (!isSharedType(e->getType()) || e->getType()->isArrayType()) return;
      if (isStrictAccess(st.ctx, st.surface, e->getType(), e->getBeginLoc())) ok = false;
      if (!isWrite(e)) return;
      written.insert(e);
      if (!plain.count(e) && !st.plan.isPlainAccess(e)) ok = false;
    }
    // e is assigned, updated, or its address escapes.
    bool isWrite(const Expr *e) {
      const Stmt *cur = e;
      for (const Stmt *p = parentStmt(st.ctx, cur); p; cur = p, p = parentStmt(st.ctx, p)) {
        if (isa<ParenExpr>(p)) continue;
        if (const auto *me = dyn_cast<MemberExpr>(p)) {
          if (me->getBase() == cur) continue;
          return false;
        }
        if (const auto *ase = dyn_cast<ArraySubscriptExpr>(p)) { // an array in the element
          if (ase->getBase()->IgnoreParenImpCasts() == cur) continue;
          return false;
        }
        if (const auto *ice = dyn_cast<ImplicitCastExpr>(p)) {
          if (ice->getCastKind() == CK_ArrayToPointerDecay) continue;
          return false;
        }
        if (const auto *b = dyn_cast<BinaryOperator>(p)) return b->isAssignmentOp() && b->getLHS() == cur;
        if (const auto *u = dyn_cast<UnaryOperator>(p))
          return u->isIncrementDecrementOp() || u->getOpcode() == UO_AddrOf;
        return false;
      }
      return false;
    }
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *e) override {
      access(e);
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *u) override {
      if (u->getOpcode() == UO_Deref) access(u);
      return true;
    }
    bool VisitMemberExpr(MemberExpr *m) override {
      if (m->isArrow()) access(m);
      return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *d) override { // a shared scalar
      access(d);
      return true;
    }
  };
};

struct LoopFinder : upc::AstVisitor {
  PassState &st;
  const FunctionFacts &facts;
  LoopFinder(PassState &s, const FunctionFacts &f) : st(s), facts(f) {}

  // Versions fs, or explains why not (remarks only for loops with accesses).
  bool tryLoop(ForStmt *fs) {
    LoopScan scan(st.ctx, st.plan);
    for (Stmt *part : {static_cast<Stmt *>(fs->getCond()), static_cast<Stmt *>(fs->getInc()),
                       fs->getBody()})
      if (part) scan.TraverseStmt(part);
    if (scan.accesses.empty() && scan.others.empty()) return false;
    LoopScan init(st.ctx, st.plan);
    if (fs->getInit()) init.TraverseStmt(fs->getInit());
    WriteSet writes;
    writes.collect(fs->getInit());
    writes.collect(fs->getCond());
    writes.collect(fs->getInc());
    writes.collect(fs->getBody());
    std::string why = scan.blocker;
    if (why.empty() && !(init.accesses.empty() && init.others.empty()))
      why = "its initialization accesses shared data";
    if (why.empty() && !init.blocker.empty()) why = init.blocker;
    if (why.empty() && writes.hasCalls) why = "it calls functions";
    std::set<const VarDecl *> varying(writes.written.begin(), writes.written.end());
    varying.insert(writes.declared.begin(), writes.declared.end());
    VersionedLoop vl;
    vl.loop = fs;
    std::vector<PrivatizedAccess> found;
    for (const ArraySubscriptExpr *acc : scan.accesses) {
      if (!why.empty()) break;
      const Expr *p = invariantIndefinitePointer(st.ctx, st.surface, indefiniteBase(acc), fs, why);
      if (!p) break;
      if (isStrictAccess(st.ctx, st.surface, acc->getType(), acc->getBeginLoc())) {
        why = sourceSnippet(st.ctx, acc, 40) + " is a strict access";
        break;
      }
      // A fixed element read again and again is how code waits for another
      // thread: left to the runtime, the read is repeated; as a plain load
      // the C compiler may hoist it.
      Mentions m;
      m.vars = &varying;
      m.TraverseStmt(const_cast<Expr *>(acc->getIdx()));
      if (!m.found) {
        why = sourceSnippet(st.ctx, acc, 40) + " has an index the loop does not change";
        break;
      }
      PrivatizedAccess pa;
      pa.access = acc;
      pa.loop = fs;
      pa.versioned = true;
      pa.baseIndex = baseIndex(st.ctx, vl.bases, p);
      found.push_back(pa);
    }
    // Every other access must be a row.
    LoopScope scope;
    std::string header;
    if (why.empty() && !scan.others.empty() &&
        !analyseLoopHeader(st.ctx, fs, facts, st.plan.options.staticThreads, st.atoms, vl.range,
                           scope, header))
      why = sourceSnippet(st.ctx, scan.others[0], 40) + " is not p[i] with p a 'shared []' pointer, " +
            "and the loop's range is not known: " + header;
    std::optional<RowFinder> rows;
    if (why.empty() && !scan.others.empty()) {
      rows.emplace(st, scope, vl.range);
      for (const ArraySubscriptExpr *acc : scan.others) {
        std::string no = rows->add(acc, fs);
        if (!no.empty()) {
          why = sourceSnippet(st.ctx, acc, 40) + " is not a row on one thread: " + no;
          break;
        }
      }
    }
    if (!why.empty()) {
      st.remarks.add(fs->getForLoc(), "loop not versioned: " + why, false);
      return false;
    }
    vl.id = st.plan.counts.loopsVersioned++;
    std::string names;
    for (const Expr *p : vl.bases)
      names += (names.empty() ? "'" : ", '") + sourceSnippet(st.ctx, p, 40) + "'";
    std::string when = names.empty() ? "" : names + (vl.bases.size() > 1 ? " point" : " points") + " to this node";
    if (rows) {
      rows->finish({fs->getCond(), fs->getInc(), fs->getBody()}, found);
      vl.rows = rows->rows;
      found.insert(found.end(), rows->found.begin(), rows->found.end());
      unsigned fetched = 0;
      for (const RowBase &r : vl.rows) fetched += r.fetch;
      std::string r = std::to_string(vl.rows.size()) + (vl.rows.size() > 1 ? " rows each lie" : " row lies") +
                      " in one block on this node" +
                      (fetched ? " (" + std::to_string(fetched) + " of them also on another node, read with one get)"
                               : "");
      when = when.empty() ? r : when + " and " + r;
    }
    st.remarks.add(fs->getForLoc(),
                   "loop versioned: " + std::to_string(found.size()) +
                       (found.size() > 1 ? " accesses are" : " access is") + " plain C when " + when,
                   true);
    for (const PrivatizedAccess &pa : found) st.plan.privatized[pa.access] = pa;
    st.plan.versioned[fs] = vl;
    return true;
  }

  // Outermost loops first; a versioned loop's inner loops are in its copy.
  bool TraverseForStmt(ForStmt *fs) override {
    if (!forallMarker(fs) && tryLoop(fs)) return true;
    return AstVisitor::TraverseForStmt(fs);
  }
};

// The rows among the accesses of an analysed upc_forall that privatization
// left: x±1 across a block's edge, another row of the grid.
void versionForall(PassState &st, ForallPlan &fp, const FunctionFacts &facts) {
  BodyAccesses body; // the body is copied: as for privatization
  body.TraverseStmt(const_cast<Stmt *>(fp.test->getThen()));
  if (body.hasLabel || body.hasStaticShared) return;
  std::vector<const ArraySubscriptExpr *> left;
  for (const ArraySubscriptExpr *acc : body.accesses)
    if (!st.plan.isPlainAccess(acc)) left.push_back(acc);
  if (left.empty()) return;
  VersionedLoop vl;
  vl.loop = fp.loop;
  LoopScope scope;
  std::string why;
  if (!analyseLoopHeader(st.ctx, fp.loop, facts, st.plan.options.staticThreads, st.atoms, vl.range,
                         scope, why))
    return;
  RowFinder rows(st, scope, vl.range);
  std::vector<PrivatizedAccess> through; // p[e], p a `shared []` pointer
  // By segments, pointers read at i / D keep their value over a segment and
  // are read before each; rows would need their range per segment.
  bool segmented = fp.shape == ForallPlan::Segmented;
  std::set<const DeclRefExpr *> segment = segmentRefs(fp.segmentOps);
  for (const ArraySubscriptExpr *acc : left) {
    std::string name = sourceSnippet(st.ctx, acc, 40);
    if (accessAddressTaken(st.ctx, acc)) continue; // privatization said so
    // the directory entry of a base already taken (`dir[t]` of `dir[t].chunk[k]`)
    if (std::any_of(vl.bases.begin(), vl.bases.end(), [&](const Expr *b) {
          return b->getSourceRange().fullyContains(acc->getSourceRange());
        }))
      continue;
    if (const Expr *b = indefiniteBase(acc)) {
      std::string no;
      if (isStrictAccess(st.ctx, st.surface, acc->getType(), acc->getBeginLoc()))
        no = "a strict access";
      else
        invariantIndefinitePointer(st.ctx, st.surface, b, fp.loop, no, // sets no when not
                                   segmented ? &segment : nullptr);
      if (!no.empty()) {
        st.remarks.add(acc->getBeginLoc(), name + " not versioned: " + no, false);
        continue;
      }
      PrivatizedAccess pa;
      pa.access = acc;
      pa.loop = fp.loop;
      pa.versioned = true;
      pa.baseIndex = baseIndex(st.ctx, vl.bases, b);
      through.push_back(pa);
      continue;
    }
    if (segmented) {
      st.remarks.add(acc->getBeginLoc(),
                     name + " not versioned: the upc_forall runs by segments, and rows are versioned over a whole loop",
                     false);
      continue;
    }
    bool analysed;
    std::string no = rows.add(acc, fp.loop, &analysed);
    if (!no.empty() && analysed) // else privatization said why (an inner loop may version it)
      st.remarks.add(acc->getBeginLoc(), name + " not versioned: " + no, false);
  }
  for (const PrivatizedAccess &pa : through)
    st.remarks.add(pa.access->getBeginLoc(),
                   sourceSnippet(st.ctx, pa.access, 40) + " versioned: plain C when '" +
                       sourceSnippet(st.ctx, vl.bases[pa.baseIndex], 40) + "' points to this node",
                   true);
  if (rows.found.empty() && through.empty()) return;
  rows.finish({fp.loop->getCond(), fp.loop->getInc(), fp.test->getThen()}, through);
  for (const PrivatizedAccess &pa : rows.found)
    st.remarks.add(pa.access->getBeginLoc(),
                   sourceSnippet(st.ctx, pa.access, 40) +
                       " versioned: plain C when its row lies in one block " +
                       (rows.rows[pa.baseIndex].fetch ? "(on this node, or read with one get from another)"
                                                      : "on this node"),
                   true);
  vl.rows = rows.rows;
  vl.id = st.plan.counts.loopsVersioned++;
  for (const PrivatizedAccess &pa : rows.found) st.plan.privatized[pa.access] = pa;
  for (const PrivatizedAccess &pa : through) st.plan.privatized[pa.access] = pa;
  st.plan.versioned[fp.loop] = vl;
}

} // namespace

class LoopVersioningPass : public Pass {
public:
  const char *name() const override { return "upc-loop-versioning"; }
  const char *description() const override {
    return "a loop over data on this node gets a plain-C copy, chosen by one test before it";
  }
  std::vector<std::string> needs() const override { return {"upc-forall-opt"}; }
  std::vector<std::string> after() const override { return {"upc-privatize", "upc-remote-update"}; }
  bool underChecking() const override { return false; }
  void run(PassState &st) override {
    for (const FunctionDecl *fd : st.functions) {
      FunctionFacts facts;
      facts.collect(fd->getBody());
      for (auto &entry : st.plan.foralls)
        if (fd->getBody()->getSourceRange().fullyContains(entry.second.loop->getSourceRange()))
          versionForall(st, entry.second, facts);
      LoopFinder lf(st, facts);
      lf.TraverseStmt(fd->getBody());
    }
  }
  std::string summary(const OptimizerPlan &plan) const override {
    return std::to_string(plan.counts.loopsVersioned) + " loops versioned";
  }
};
UPCC_REGISTER_PASS(LoopVersioningPass);

} // namespace upc::opt
