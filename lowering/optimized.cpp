// optimized.cpp — the lowered forms of what the optimizer decided, kind by
// kind of optimizer/plan.h: local accesses (plain C off this thread's part
// of the object), upc_forall loops that visit only this thread's
// iterations, privatized accesses (plain C off a base hoisted before the
// loop), versioned loops and remote updates (upcrt_update).  Everything else
// is the naive translation of the other rule files.
#include "lowerer.h"

#include "../optimizer/plan.h"

#include <clang/AST/ParentMapContext.h>
#include <clang/Lex/Lexer.h>

#include <algorithm>

using namespace clang;

namespace upc {

// Loop arithmetic the optimized foralls call, emitted once per translation
// unit (static inline: free after inlining).  Element g of a layout with
// block B > 0 lives on thread floor(g/B) mod THREADS at local index
// floor(g/(B*THREADS))*B + g mod B.
static const char *kForallHelpers = R"C(
static inline __attribute__((unused)) long long __upcc_fdiv(long long a, long long b) {
  long long q = a / b; return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q; }
static inline __attribute__((unused)) long long __upcc_fmod(long long a, long long b) {
  long long r = a % b; return r < 0 ? r + b : r; }
static inline __attribute__((unused)) long long __upcc_local(long long g, long long B) {
  return B == 0 ? g : __upcc_fdiv(g, B * upcrt_threads) * B + __upcc_fmod(g, B); }
static inline __attribute__((unused)) int __upcc_forall_strided(int ctl, long long L,
    long long s, long long coef, long long base, long long B, long long *start,
    long long *stride, long long *li, long long *lstep) {
  long long T = upcrt_threads, me = upcrt_mythread;
  if (!ctl) { *start = L; *stride = s; *li = 0; *lstep = 0; return 1; }
  long long g0 = coef * L + base, d = coef * s, q0 = __upcc_fdiv(g0, B), dq = d / B;
  long long o0 = __upcc_fmod(q0, T), dm = __upcc_fmod(dq, T), k0 = -1, p = T;
  if (dm == 0) { p = 1; if (o0 == me) k0 = 0; }
  else if (dm == 1) k0 = __upcc_fmod(me - o0, T);
  else {
    long long a = dm, b = T;
    while (b) { long long t = a % b; a = b; b = t; }
    p = T / a;
    for (long long k = 0; k < p; k++) if ((o0 + k * dm) % T == me) { k0 = k; break; }
  }
  if (k0 < 0) return 0;
  *start = L + k0 * s; *stride = p * s;
  *li = __upcc_local(g0 + k0 * d, B); *lstep = p * d / T;
  return 1; }
static inline __attribute__((unused)) int __upcc_forall_blocked(int ctl, long long L,
    long long base, long long B, long long *start, long long *jump) {
  long long T = upcrt_threads, me = upcrt_mythread;
  if (!ctl) { *start = L; *jump = 0; return 1; }
  long long q = __upcc_fdiv(L + base, B), o = __upcc_fmod(q, T);
  *start = o == me ? L : (q + __upcc_fmod(me - o, T)) * B - base;
  *jump = (T - 1) * B; return 1; }
static inline __attribute__((unused)) long long __upcc_block_enter(int ctl, long long i,
    long long base, long long B, long long *li) {
  if (!ctl) { *li = 0; return 0x7fffffffffffffffLL; }
  long long g = i + base; *li = __upcc_local(g, B);
  return i + (B - __upcc_fmod(g, B)); }
static inline __attribute__((unused)) long long __upcc_minll(long long a, long long b) {
  return a < b ? a : b; }
static inline __attribute__((unused)) int __upcc_forall_single(long long owner,
    long long base, long long B, long long *li) {
  if (B != 0) { owner = __upcc_fmod(__upcc_fdiv(base, B), upcrt_threads); *li = __upcc_local(base, B); }
  return owner == upcrt_mythread; }
)C";

// `if` of the plain-C copy: the expected branch, so that the C compiler
// lays out and allocates registers for the hot loop first.
static std::string ifLikely(const std::string &cond) { return "if (__builtin_expect(!!(" + cond + "), 1)) "; }

static std::string oneLine(std::string s) {
  std::replace(s.begin(), s.end(), '\n', ' ');
  return s;
}

// Where a statement really ends (its ';' is not in its source range).
static const Stmt *lastSub(const Stmt *s) {
  for (;;) {
    if (auto *i = dyn_cast<IfStmt>(s)) s = i->getElse() ? i->getElse() : i->getThen();
    else if (auto *f = dyn_cast<ForStmt>(s)) s = f->getBody();
    else if (auto *w = dyn_cast<WhileStmt>(s)) s = w->getBody();
    else if (auto *sw = dyn_cast<SwitchStmt>(s)) s = sw->getBody();
    else if (auto *l = dyn_cast<LabelStmt>(s)) s = l->getSubStmt();
    else if (auto *c = dyn_cast<CaseStmt>(s)) s = c->getSubStmt();
    else if (auto *d = dyn_cast<DefaultStmt>(s)) s = d->getSubStmt();
    else return s;
  }
}

unsigned Lowerer::optStmtEnd(const Stmt *s) const {
  StringRef buf = sm.getBufferData(sm.getMainFileID());
  const Stmt *last = lastSub(s);
  unsigned e = endOffsetOf(last->getEndLoc());
  if (isa<CompoundStmt>(last) || isa<NullStmt>(last) || isa<DeclStmt>(last)) return e;
  while (e < buf.size() && buf[e] != ';') ++e;
  return e < buf.size() ? e + 1 : e;
}

// Walks s like walkStmt, but returns its lowered text instead of leaving the
// edits in place (the privatized copy of a forall body).
std::string Lowerer::walkToText(Stmt *s) {
  size_t first = edits.size();
  walkStmt(s);
  unsigned b = offsetOf(s->getBeginLoc()), e = optStmtEnd(s);
  std::vector<Edit> mine(edits.begin() + first, edits.end());
  edits.resize(first);
  std::stable_sort(mine.begin(), mine.end(), [](const Edit &x, const Edit &y) {
    if (x.b != y.b) return x.b < y.b;
    bool ix = x.e == x.b, iy = y.e == y.b;
    if (ix != iy) return ix;
    return x.seq < y.seq;
  });
  StringRef buf = sm.getBufferData(sm.getMainFileID());
  std::string res;
  unsigned pos = b;
  for (const Edit &ed : mine) {
    if (ed.b < pos || ed.b > e) continue;
    res.append(buf.data() + pos, ed.b - pos);
    res += ed.t;
    pos = std::max(pos, ed.e);
  }
  if (pos < e) res.append(buf.data() + pos, e - pos);
  // The text moves before the loop: keep it on the lines it came from in
  // spirit, but without newlines that would shift the #line mapping.
  return oneLine(res);
}

// Is pa plain C in the text being emitted: its loop's body privatized and,
// for rows and versioned pointers, in the copy for data on this node?
bool Lowerer::plainHere(const PrivatizedAccess *pa) const {
  auto active = [&](const std::vector<const ForStmt *> &v) {
    return std::find(v.begin(), v.end(), pa->loop) != v.end();
  };
  return active(activePriv) && (!(pa->row || pa->versioned) || active(activeRows));
}

bool Lowerer::privatizedRoot(const Expr *e) const {
  if (plan && coalescedHere(e->IgnoreParens())) return true; // coalesced.cpp
  if (!plan || (activePriv.empty() && plan->local.empty())) return false;
  for (;;) {
    e = e->IgnoreParens();
    if (plan->localAccess(e) && !checking()) return true;
    if (const PrivatizedAccess *pa = plan->privatizedAccess(e); pa && plainHere(pa)) return true;
    if (auto *me = dyn_cast<MemberExpr>(e)) {
      if (me->isArrow()) return false;
      e = me->getBase();
      continue;
    }
    if (auto *ase = dyn_cast<ArraySubscriptExpr>(e)) {
      // An array inside one element (X[i].arr[j]): its base is that element.
      const Expr *base = ase->getBase()->IgnoreParenImpCasts();
      if (isa<MemberExpr>(base)) {
        e = base;
        continue;
      }
    }
    return false;
  }
}

std::string Lowerer::emitRemoteUpdate(const RemoteUpdate &ru) {
  QualType t = ru.target->getType().getUnqualifiedType();
  std::string ct = printLowered(t);
  std::string v = ru.operand ? "(" + ct + ")(" + emit(ru.operand) + ")"
                             : "(" + ct + ")" + std::to_string(ru.constOperand);
  if (ru.negate) v = "-" + v;
  // Numbers, not the macro names: the emitted C is already preprocessed.
  return "upcrt_update(" + accessAddr(ru.target, Access::Update) + ", " + std::to_string(ru.typeValue) +
         ", " + std::to_string(ru.opValue) + " /* " + ru.op + " */, &(" + ct + "){" + v + "})";
}

bool Lowerer::emitOptimized(const Expr *e, bool used, std::string &out) {
  if (!plan) return false;
  if (!segmentText.empty())
    if (auto it = segmentText.find(e); it != segmentText.end()) {
      out = it->second;
      return true;
    }
  if (coalescedHere(e)) {
    out = emitCoalescedRead(e);
    return true;
  }
  if (const LocalAccess *la = plan->localAccess(e); la && !checking()) {
    std::string idx = std::to_string(la->offset) + "LL";
    for (auto &[x, coef] : la->terms)
      idx += " + " + std::to_string(coef) + "LL * (long long)(" + emit(x) + ")";
    out = "((upcrt_see_own_updates(), " + privateBase(la->object) + ")[" + idx + "])";
    return true;
  }
  if (!activePriv.empty())
    if (const PrivatizedAccess *pa = plan->privatizedAccess(e); pa && plainHere(pa)) {
      if (pa->row) {
        const VersionedLoop *vl = plan->versionedLoop(pa->loop);
        std::string id = std::to_string(vl->id);
        out = "(__upcc_vr" + id + "_" + std::to_string(pa->baseIndex) + "[(long long)" +
              vl->range.iv->getNameAsString() + " - __upcc_vx" + id + " + " +
              std::to_string(pa->offset) + "LL])";
        return true;
      }
      if (pa->versioned) {
        auto *ase = cast<ArraySubscriptExpr>(pa->access);
        out = "(__upcc_vb" + std::to_string(plan->versionedLoop(pa->loop)->id) + "_" +
              std::to_string(pa->baseIndex) + "[" + emit(ase->getIdx()) + "])";
        return true;
      }
      const ForallPlan *fp = plan->forall(pa->loop);
      std::string id = std::to_string(fp->id);
      std::string idx = pa->indexText.empty() ? "__upcc_li" + id : pa->indexText;
      if (pa->offset) idx += " + " + std::to_string(pa->offset) + "LL";
      out = "(__upcc_pb" + id + "_" + std::to_string(pa->baseIndex) + "[" + idx + "])";
      if (checking()) {
        // Still checked: the element's address as the naive form computes
        // it (for a named array only the index compare survives).
        Access k = Access::Read;
        auto ps = ctx.getParents(*e);
        if (!ps.empty()) {
          if (auto *bo = ps[0].get<BinaryOperator>())
            if (bo->getLHS()->IgnoreParens() == e)
              k = bo->isAssignmentOp() && !bo->isCompoundAssignmentOp() ? Access::Write
                  : bo->isCompoundAssignmentOp()                        ? Access::Update
                                                                        : Access::Read;
          if (auto *uo = ps[0].get<UnaryOperator>())
            if (uo->isIncrementDecrementOp()) k = Access::Update;
        }
        out = "(*({ (void)" + accessAddr(e, k) + "; &" + out + "; }))";
      }
      return true;
    }
  if (!used)
    if (const RemoteUpdate *ru = plan->update(e); ru && !privatizedRoot(ru->target)) {
      out = emitRemoteUpdate(*ru);
      // privatized accesses in this loop are plain loads that must see it
      if (!activePriv.empty()) out = "(" + out + ", upcrt_see_own_updates())";
      return true;
    }
  return false;
}

// A pointer-to-shared to where an object's layout starts: a static array's
// element 0, or the pointer itself.
std::string Lowerer::objectStart(const SharedObject &o) {
  return o.kind == SharedObject::StaticArray ? "upcrt_static_pts(&" + descriptorName(o.var) + ")"
                                             : o.var->getNameAsString();
}

// Local address of element 0 of this thread's part of an object's layout.
std::string Lowerer::privateBase(const SharedObject &o) {
  std::string et = printLowered(o.elemType);
  std::string me = "upcrt_node_base[upcrt_mythread]";
  if (o.kind == SharedObject::StaticArray)
    return "(" + et + " *)(" + me + " + " + descriptorName(o.var) + ".offset)";
  std::string p = o.var->getNameAsString();
  if (o.block == 0) return "(" + et + " *)(" + me + " + " + p + ".offset)";
  return "(" + et + " *)(" + me + " + " + p + ".offset - (uint64_t)" + p + ".phase * sizeof(" +
         et + "))";
}

// Before a versioned loop: each `shared []` pointer's local address
// (upcrt_pts_to_local: NULL off this node, and for a null pointer, whose
// accesses the naive copy reports; it completes this thread's updates
// first); with rows, the range of the induction variable (first, count)
// and each row's local address when its elements over the range lie in one
// block of a thread on this node (or, for a row the plan lets fetch, of a
// private copy of a row elsewhere).  Returns the declarations; test is the
// condition under which the plain-C copy runs.
std::string Lowerer::versionSetup(const VersionedLoop &vl, std::string &test) {
  std::string id = std::to_string(vl.id), decls, bases;
  for (size_t k = 0; k < vl.bases.size(); k++) {
    const Expr *p = vl.bases[k];
    QualType pointee = p->getType()->getAs<PointerType>()->getPointeeType();
    std::string et = printLowered(pointee.getUnqualifiedType());
    std::string b = "__upcc_vb" + id + "_" + std::to_string(k);
    decls += et + " *" + b + " = (" + et + " *)upcrt_pts_to_local(" + emit(p) + "); ";
    bases += (k ? " && " : "") + b;
  }
  if (vl.rows.empty()) {
    test = bases.empty() ? "1" : bases;
    return decls;
  }
  std::string rows;
  decls += rowsSetup(vl, rows);
  test = bases.empty() ? rows : bases + " && (" + rows + ")";
  return decls;
}

// The rows' part of versionSetup.
std::string Lowerer::rowsSetup(const VersionedLoop &vl, std::string &test) {
  std::string id = std::to_string(vl.id), x = "__upcc_vx" + id, n = "__upcc_vn" + id;
  const LoopRange &r = vl.range;
  auto bound = [&](const Expr *e, int adjust) {
    return "(long long)(" + emit(e) + ")" + (adjust ? " + " + std::to_string(adjust) + "LL" : "");
  };
  std::string decls = "long long " + x + " = " + bound(r.firstExpr(), r.firstAdjust()) + "; long long " +
                      n + " = " + bound(r.lastExpr(), r.lastAdjust()) + " - " + x + " + 1; ";
  std::string all;
  for (size_t k = 0; k < vl.rows.size(); k++) {
    const RowBase &row = vl.rows[k];
    const SharedObject &o = row.object;
    std::string et = printLowered(o.elemType);
    std::string v = "__upcc_vr" + id + "_" + std::to_string(k);
    std::string base = objectStart(o);
    std::string B = std::to_string(o.block);
    decls += et + " *" + v + " = 0; ";
    if (o.kind == SharedObject::Pointer) all += "!upcrt_pts_isnull(" + base + ") && ";
    std::string first = "upcrt_pts_add(" + base + ", " + row.indexText + " + " + x + ", " + B + ", " +
                        std::to_string(o.elemSize) + ")";
    std::string count = n + " + " + std::to_string(row.hi - row.lo) + "LL";
    if (row.fetch) {
      // the private copy's buffer lives on from one execution to the next
      std::string buf = "__upcc_rb" + id + "_" + std::to_string(k);
      decls += "static void *" + buf + "; static size_t " + buf + "n; ";
      all += "(" + v + " = (" + et + " *)upcrt_row_fetch(" + first + ", " + count + ", " + B + ", " +
             std::to_string(o.elemSize) + ", &" + buf + ", &" + buf + "n)) && ";
    } else {
      all += "(" + v + " = (" + et + " *)upcrt_row_local(" + first + ", " + count + ", " + B + ")) && ";
    }
  }
  test = n + " <= 0 || (" + all + "1)";
  return decls;
}

// Two copies of the loop: plain C off the pointers' and rows' local
// addresses when all of them are on this node, else the naive loop.
bool Lowerer::lowerVersionedLoop(ForStmt *fs) {
  if (!plan || versioning.count(fs)) return false;
  const VersionedLoop *found = plan->versionedLoop(fs);
  if (!found) return false;
  const VersionedLoop &vl = *found;
  std::string all;
  std::string pre = "{ " + versionSetup(vl, all);
  versioning.insert(fs);
  activePriv.push_back(fs);
  activeRows.push_back(fs);
  std::string fast = walkToText(fs);
  activeRows.pop_back();
  activePriv.pop_back();
  insert(offsetOf(fs->getForLoc()), pre + ifLikely(all) + "{ " + fast + " } else ");
  walkStmt(fs);
  versioning.erase(fs);
  insert(optStmtEnd(fs), " }");
  return true;
}

bool Lowerer::lowerOptimizedForall(ForStmt *fs, const Expr *aff) {
  if (!plan) return false;
  const ForallPlan *fp = plan->forall(fs);
  if (!fp) return false;
  const VersionedLoop *rows = plan->versionedLoop(fs); // rows privatization left
  // conditions tested before the loop need the naive loop beside it
  bool priv = !fp->privatized.empty() || rows || !fp->congruent.empty() || fp->phaseZero;
  if (!fp->removeTest && !priv) return false;
  usesForall = true;
  if (!optHelpersEmitted && curFunction) {
    insert(offsetOf(curFunction->getOuterLocStart()), oneLine(kForallHelpers));
    optHelpersEmitted = true;
  }
  if (fp->shape == ForallPlan::Segmented) return lowerSegmentedForall(fs, aff, *fp);
  auto *is = cast<IfStmt>(fs->getBody());
  StringRef buf = sm.getBufferData(sm.getMainFileID());
  std::string id = std::to_string(fp->id);
  std::string F = "__upcc_fd" + id, ctl = "(" + F + " == 0)";
  std::string iv = fp->iv->getNameAsString();
  std::string ivTy = printLowered(fp->iv->getType().getUnqualifiedType());
  std::string L = emit(fp->lower);
  // i != U becomes i < U (i > U counting down): the loop may step over U.
  std::string cond = fp->range.notEqual && fp->removeTest
                         ? iv + (fp->step > 0 ? " < " : " > ") + "(" + emit(fp->range.upper) + ")"
                         : emitCondition(fs->getCond());
  std::string B = std::to_string(fp->block) + "LL";
  std::string base = fp->baseText, coef = fp->coefText;
  std::string li = "__upcc_li" + id;

  // L and U as long long, U exclusive (U + 1 for <=, U - 1 for >=): the
  // loop runs at all when L < U (L > U counting down).
  const LoopRange &r = fp->range;
  std::string l = "(long long)(" + L + ")", u = "(long long)(" + emit(r.upper) + ")";
  if (r.inclusive) u = "(" + u + (r.step > 0 ? " + 1" : " - 1") + ")";
  std::string runs = l + (r.step > 0 ? " < " : " > ") + u;

  // The loop that visits this thread's iterations: declarations, a guard,
  // the header(s), and what opens the body.
  std::string decls, guard, header, bodyPre, bodyPost;
  auto init = [&](const std::string &start) {
    bool isDecl = isa<DeclStmt>(fs->getInit());
    return (isDecl ? ivTy + " " : std::string()) + iv + " = (" + ivTy + ")(" + start + ")";
  };
  if (fp->removeTest) {
    switch (fp->shape) {
    case ForallPlan::Strided:
      decls = "long long __upcc_s" + id + ", __upcc_st" + id + ", " + li + ", __upcc_ls" + id + "; ";
      guard = "if (__upcc_forall_strided(" + ctl + ", (long long)(" + L + "), " +
              std::to_string(fp->step) + "LL, " + coef + ", " + base + ", " + B + ", &__upcc_s" +
              id + ", &__upcc_st" + id + ", &" + li + ", &__upcc_ls" + id + ")) ";
      header = "for (" + init("__upcc_s" + id) + "; " + cond + "; " + iv + " += (" + ivTy +
               ")__upcc_st" + id + ", " + li + " += __upcc_ls" + id + ")";
      break;
    case ForallPlan::Blocked: {
      // The inner loop runs to the end of the block or of the loop, whichever
      // comes first: one exit test per iteration, as in the plain loop.
      std::string end = "(long long)(" + emit(fp->range.upper) + ")" + (fp->range.inclusive ? " + 1" : "");
      decls = "long long __upcc_s" + id + ", __upcc_j" + id + ", __upcc_e" + id + ", " + li + "; ";
      guard = "if (__upcc_forall_blocked(" + ctl + ", (long long)(" + L + "), " + base + ", " + B +
              ", &__upcc_s" + id + ", &__upcc_j" + id + ")) ";
      header = "for (" + init("__upcc_s" + id) + "; " + cond + "; " + iv + " += (" + ivTy +
               ")__upcc_j" + id + ") for (__upcc_e" + id + " = __upcc_minll(__upcc_block_enter(" +
               ctl + ", (long long)" + iv + ", " + base + ", " + B + ", &" + li + "), " + end + "); " +
               iv + " < __upcc_e" + id + "; " + iv + "++, " + li + "++)";
      break;
    }
    case ForallPlan::OneBlock:
      decls = "long long " + li + " = 0; ";
      guard = "if (!" + ctl + " || __upcc_forall_single(0LL, (long long)(" + L + ") + " + base + ", " +
              B + ", &" + li + ")) ";
      header = "for (" + init(L) + "; " + cond + "; " + emit(fs->getInc(), false) + ", " + li + "++)";
      break;
    case ForallPlan::Segmented: // lowerSegmentedForall
    case ForallPlan::Single: {
      decls = "long long " + li + " = 0; ";
      std::string owner = fp->ownerText.empty() ? std::string("0LL") : fp->ownerText;
      if (fp->ownerPointer) // read only when the loop runs at all (the loop would read it then)
        owner = "(" + runs + " ? (long long)(" + emit(fp->ownerPointer) + ").thread : -1LL)";
      guard = "if (!" + ctl + " || __upcc_forall_single(" + owner + ", " + base + ", " + B + ", &" +
              li + ")) ";
      header = "for (" + init(L) + "; " + cond + "; " + emit(fs->getInc(), false) + ")";
      break;
    }
    }
  } else {
    // Pass 1 off: the test stays; the local index is computed per iteration.
    decls = "long long " + li + " = 0; ";
    header = "for (" + init(L) + "; " + cond + "; " + emit(fs->getInc(), false) + ") if (" +
             affinityTest(aff) + ")";
    if (fp->block != 0 || fp->integerAffinity) {
      bodyPre = "{ " + li + " = __upcc_local(" + coef + " * (long long)" + iv + " + " + base + ", " +
                (fp->integerAffinity ? std::string("1LL") : B) + "); ";
      bodyPost = " }";
    }
  }

  // The value the whole loop leaves in iv (it skipped other threads'
  // iterations): the first of L, L+s, ... that fails the condition.
  std::string exitValue;
  if (fp->removeTest && fp->exitValue) {
    std::string a = std::to_string(r.step > 0 ? r.step : -r.step) + "LL"; // |step|
    std::string n = r.step > 0 ? "(" + u + " - " + l + " + " + a + " - 1) / " + a  // iterations
                               : "(" + l + " - " + u + " + " + a + " - 1) / " + a;
    exitValue = " " + iv + " = (" + ivTy + ")(" + runs + " ? " + l + (r.step > 0 ? " + " : " - ") +
                n + " * " + a + " : " + l + ");";
  }
  std::string pre = "{ const int " + F + " = upcrt_forall_depth++; " + decls;
  forallSaves.push_back(F);
  if (!priv) {
    // One loop, lowered in place.
    insert(offsetOf(fs->getForLoc()), pre + guard);
    unsigned ib = offsetOf(fs->getInit()->getBeginLoc());
    unsigned ie = isa<DeclStmt>(fs->getInit()) ? endOffsetOf(fs->getInit()->getEndLoc())
                                               : endOffsetOf(fs->getInit()->getEndLoc());
    bool whole = fp->shape == ForallPlan::Single || fp->shape == ForallPlan::OneBlock;
    std::string initText = init(whole ? L : "__upcc_s" + id);
    if (ie > ib && buf[ie - 1] == ';') initText += ";";
    replace(ib, ie, initText);
    if (fp->range.notEqual) replace(fs->getCond()->getSourceRange(), cond);
    else lowerCondInPlace(fs->getCond());
    if (whole) {
      lowerExprInPlace(fs->getInc(), false);
      replace(offsetOf(is->getIfLoc()), endOffsetOf(is->getRParenLoc()), "");
    } else if (fp->shape == ForallPlan::Strided) {
      replace(fs->getInc()->getSourceRange(),
              iv + " += (" + ivTy + ")__upcc_st" + id + ", " + li + " += __upcc_ls" + id);
      replace(offsetOf(is->getIfLoc()), endOffsetOf(is->getRParenLoc()), "");
    } else {
      replace(fs->getInc()->getSourceRange(), iv + " += (" + ivTy + ")__upcc_j" + id);
      replace(offsetOf(is->getIfLoc()), endOffsetOf(is->getRParenLoc()),
              header.substr(header.find(") for (") + 2));
    }
    walkStmt(is->getThen());
    forallSaves.pop_back();
    insert(optStmtEnd(fs), exitValue + " upcrt_forall_depth = " + F + "; }");
    return true;
  }

  // Privatized: the optimized loop with the privatized body runs when this
  // forall controls; nested in another forall (through a call) every
  // iteration runs, so the original loop with the naive body is kept for that.
  // Plain loads and stores follow: this thread's updates must be complete.
  pre += "upcrt_see_own_updates(); ";
  for (size_t k = 0; k < fp->bases.size(); k++)
    pre += printLowered(fp->bases[k].elemType) + " *__upcc_pb" + id + "_" + std::to_string(k) +
           " = " + privateBase(fp->bases[k]) + "; ";
  activePriv.push_back(fs);
  std::string loop = header + " " + bodyPre + walkToText(is->getThen()) + bodyPost;
  if (rows) {
    // ... and with the rows as plain C when they are on this node.
    activeRows.push_back(fs);
    std::string fast = header + " " + bodyPre + walkToText(is->getThen()) + bodyPost, test;
    activeRows.pop_back();
    std::string decls = versionSetup(*rows, test);
    loop = "{ " + decls + ifLikely(test) + "{ " + fast + " } else { " + loop + " } }";
  }
  activePriv.pop_back();
  // Objects privatized off another's start: on their own thread and phase;
  // the affinity's pointer at phase 0 where the plan assumes it.
  std::string same;
  if (fp->phaseZero) same = " && (" + fp->phaseZero->getNameAsString() + ").phase == 0";
  for (const SharedObject &o : fp->congruent) {
    std::string a = objectStart(o), b = fp->object ? objectStart(*fp->object) : ""; // `e / c`: thread 0, phase 0
    same += " && " + (o.kind == SharedObject::Pointer ? "!upcrt_pts_isnull(" + a + ") && " : "") + "(" +
            a + ").thread == " + (b.empty() ? "0" : "(" + b + ").thread") + " && (" + a + ").phase == " +
            (b.empty() ? "0" : "(" + b + ").phase");
  }
  insert(offsetOf(fs->getForLoc()), pre + ifLikely(ctl + same) + "{ " + guard + loop + " } else ");
  if (auto *ds = dyn_cast_or_null<DeclStmt>(fs->getInit())) {
    std::vector<Decl *> g(ds->decl_begin(), ds->decl_end());
    lowerDeclGroup(g, true, true);
  } else if (auto *ie = dyn_cast_or_null<Expr>(fs->getInit())) {
    lowerExprInPlace(ie, false);
  }
  lowerCondInPlace(fs->getCond());
  lowerExprInPlace(fs->getInc(), false);
  // Nested in another forall every iteration runs; controlling (where the
  // objects did not start alike) this thread's.
  replace(offsetOf(is->getIfLoc()), endOffsetOf(is->getRParenLoc()),
          same.empty() ? "" : "if (!" + ctl + " || (" + affinityTest(aff) + "))");
  walkStmt(is->getThen());
  forallSaves.pop_back();
  insert(optStmtEnd(fs), exitValue + " upcrt_forall_depth = " + F + "; }");
  return true;
}

// A Segmented forall: runs of D iterations with one owner each, read once
// per run; in a run i / D is its number q and i % D is i - q * D.  The
// run's `shared []` pointers (VersionedLoop::bases) are read before it too,
// and its plain-C copy runs where they all point to this node.  Nested in
// another forall, or where D > 0 and L >= 0 do not hold, the loop runs as
// it was.  The loop leaves i where the original does: at the first value
// the condition fails.
bool Lowerer::lowerSegmentedForall(ForStmt *fs, const Expr *aff, const ForallPlan &fp) {
  std::string id = std::to_string(fp.id), F = "__upcc_fd" + id, q = "__upcc_q" + id,
              q0 = "__upcc_qs" + id, dv = "__upcc_dv" + id, u = "__upcc_u" + id, se = "__upcc_se" + id;
  std::string iv = fp.iv->getNameAsString(), ivTy = printLowered(fp.iv->getType().getUnqualifiedType());
  const LoopRange &r = fp.range;
  std::string L = emit(fp.lower);
  std::string U = "(long long)(" + emit(r.upper) + ")" + (r.inclusive ? " + 1" : "");
  for (const BinaryOperator *b : fp.segmentOps) {
    std::string t = printLowered(b->getType().getUnqualifiedType());
    segmentText[b] = b->getOpcode() == BO_Div ? "((" + t + ")" + q + ")"
                                              : "((" + t + ")((long long)" + iv + " - " + q0 + "))";
  }
  forallSaves.push_back(F);
  std::string owner = emit(fp.ownerPointer);
  Stmt *body = cast<IfStmt>(fs->getBody())->getThen();
  std::string inner = "for (; (long long)" + iv + " < " + se + "; " + iv + "++) ";
  std::string run = inner + "{ " + walkToText(body) + " }";
  if (const VersionedLoop *vl = plan->versionedLoop(fs)) {
    std::string test, decls = versionSetup(*vl, test);
    activePriv.push_back(fs);
    activeRows.push_back(fs);
    std::string fast = walkToText(body);
    activeRows.pop_back();
    activePriv.pop_back();
    run = "{ " + decls + ifLikely(test) + inner + "{ " + fast + " } else " + run + " }";
  }
  forallSaves.pop_back();
  segmentText.clear();
  std::string decl = isa<DeclStmt>(fs->getInit()) ? ivTy + " " : "";
  insert(offsetOf(fs->getForLoc()),
         "{ const int " + F + " = upcrt_forall_depth; long long " + dv + " = (long long)(" +
             emit(fp.divisor) + "); if (" + F + " == 0 && " + dv + " > 0 && (long long)(" + L +
             ") >= 0) { upcrt_forall_depth++; long long " + u + " = " + U + ", " + q + ", " + q0 + ", " +
             se + "; for (" + decl + iv + " = (" + ivTy + ")(" + L + "); (long long)" + iv + " < " + u +
             "; ) { " + q + " = (long long)" + iv + " / " + dv + "; " + q0 + " = " + q + " * " + dv +
             "; " + se + " = __upcc_minll(" + q0 + " + " + dv + ", " + u + "); if ((long long)(" + owner +
             ").thread == upcrt_mythread) " + run + " else " + iv + " = (" + ivTy + ")" + se +
             "; } upcrt_forall_depth = " + F + "; } else ");
  naiveForalls.insert(fs);
  lowerForall(fs, aff);
  naiveForalls.erase(fs);
  insert(optStmtEnd(fs), " }");
  return true;
}

} // namespace upc
