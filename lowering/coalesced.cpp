// coalesced.cpp — a loop whose reads of shared data upc-coalesce gathers
// (optimizer/plan.h, CoalescedLoop).  Where some thread is reached through
// MPI (upcrt_coalesce_wanted) the loop runs in strips: each strip's
// inspector — the headers of the loops around the reads, with a
// upc_forall's affinity test — adds the reads' addresses to the loop's
// schedule until it holds UPCRT_COALESCE_LIMIT of them, upcrt_coalesce_fetch
// gets them, and the strip's iterations run with each read taking the next
// value of its slot.  Elsewhere the loop runs as written:
//
//   { static upcrt_coalesce_t S;
//     if (upcrt_coalesce_wanted()) {
//       INIT while (COND) {
//         T s = i; upcrt_coalesce_begin(&S, ...); <invariant reads>
//         <cursors opened>
//         do { <inspector of the body> INC; } while (COND && <entries> < limit);
//         <cursors closed> T e = i; upcrt_coalesce_fetch(&S);
//         for (i = s; i != e; INC) BODY'   <- reads from S's `at`
//       }
//     } else LOOP }
#include "lowerer.h"

#include "../optimizer/plan.h"

using namespace clang;

namespace upc {

bool Lowerer::coalescedHere(const Expr *e) const {
  if (activeCoalesced.empty()) return false;
  auto it = plan->coalescedReads.find(e);
  return it != plan->coalescedReads.end() &&
         std::find(activeCoalesced.begin(), activeCoalesced.end(), it->second.first) !=
             activeCoalesced.end();
}

// The names of slot k's inspector cursor, of where its values are (the
// slot's `at`, taken after the fetch) and of its next read's entry.
static std::string slotName(const char *what, const CoalescedLoop &cl, size_t k) {
  return std::string("__upcc_c") + what + std::to_string(cl.id) + "_" + std::to_string(k);
}
std::string Lowerer::cursorName(const CoalescedLoop &cl, size_t k) { return slotName("c", cl, k); }

// The next value of the read's slot (an invariant read's one value).
std::string Lowerer::emitCoalescedRead(const Expr *e) {
  auto [loop, slot] = plan->coalescedReads.find(e)->second;
  const CoalescedLoop &cl = *plan->coalescedLoop(loop);
  const CoalescedRead &r = cl.reads[slot];
  std::string at = r.kind == CoalescedRead::Invariant ? "0" : slotName("p", cl, slot) + "++";
  std::string index = r.kind == CoalescedRead::Inspected ? indexText(r) : "";
  std::string T = printLowered(e->getType().getUnqualifiedType()), A = slotName("a", cl, slot);
  std::string listed = A + "[" + at + "]";
  if (index.empty()) return "(*(const " + T + " *)" + listed + ")";
  // a window, or listed
  SharedAddr addr = addrOf(r.access);
  return "(*(const " + T + " *)(" + slotName("w", cl, slot) + " ? upcrt_coalesce_window_at(" + A +
         ", (unsigned long long)((long long)(" + index + ") - " + slotName("l", cl, slot) + "), " +
         std::to_string(addr.block) + ", sizeof(" + T + ")) : " + listed + "))";
}

// A read the inspector lists by index: the element index from the object
// (SharedAddr's linear part), or "" (listed by address).
std::string Lowerer::indexText(const CoalescedRead &r) {
  if (!r.byIndex) return "";
  SharedAddr a = addrOf(r.access);
  if (!a.bytes.empty()) return "";
  return a.linear.empty() ? "0" : a.linear;
}

// The elements of a read by index's object where they are known (a named
// shared array's, from its descriptor), or "".
std::string Lowerer::extentText(const CoalescedRead &r) {
  const Expr *b = r.access;
  while (const auto *s = dyn_cast<ArraySubscriptExpr>(b->IgnoreParenImpCasts())) b = s->getBase();
  const auto *d = dyn_cast<DeclRefExpr>(b->IgnoreParenImpCasts());
  const auto *v = d ? dyn_cast<VarDecl>(d->getDecl()) : nullptr;
  if (!v || !v->getType()->isArrayType() || !isSharedType(v->getType())) return "";
  return "upcrt_static_extent(&" + descriptorName(v) + ")";
}

// `T i = E;` or `i = E;`: the first clause of a loop of the nest
// (nestHeader in optimizer/coalesce.cpp accepts no other).
std::string Lowerer::loopInitText(const ForStmt *fs) {
  if (const auto *ds = dyn_cast<DeclStmt>(fs->getInit())) {
    const auto *v = cast<VarDecl>(ds->getSingleDecl());
    return printLowered(v->getType(), v->getName().str()) + " = " + emit(v->getInit()) + "; ";
  }
  return emit(cast<Expr>(fs->getInit()), false) + "; ";
}

// A upc_forall's test of its iterations where the inspector runs it, with
// `foralls` foralls that have an affinity around it there (UPC 1.3 6.6.2:
// inside one, every iteration runs); "" for a plain loop.
std::string Lowerer::forallFilter(const ForStmt *fs, int foralls) {
  const Expr *aff = nullptr;
  if (!isForall(fs, &aff) || !aff) return "";
  return "if (upcrt_forall_depth + " + std::to_string(foralls) + " > 0 || (" + affinityTest(aff) +
         ")) ";
}

static bool hasAffinity(const Lowerer &l, const ForStmt *fs) {
  const Expr *aff = nullptr;
  return l.isForall(fs, &aff) && aff;
}

// What the inspector runs for one iteration of nest node `node` (inside
// `foralls` foralls with an affinity): the adds of the reads in it, and its
// inner loops.
std::string Lowerer::coalesceInspector(const CoalescedLoop &cl, int node, int foralls,
                                      bool listing) {
  std::string cs = "__upcc_cs" + std::to_string(cl.id), out;
  for (size_t k = 0; k < cl.reads.size(); k++) {
    const CoalescedRead &r = cl.reads[k];
    if (r.nest != node || r.kind != CoalescedRead::Inspected) continue;
    std::string slot = "&" + cs + ", " + std::to_string(k) + ", &" + cursorName(cl, k) + ", ";
    std::string index = indexText(r);
    if (!index.empty() && listing)
      out += "if (!" + slotName("w", cl, k) + ") upcrt_coalesce_put_index(" + slot + "(long long)(" +
             index + ")); ";
    else if (!index.empty() && !extentText(r).empty())
      out += "upcrt_coalesce_count(&" + cursorName(cl, k) + "); ";
    else if (!index.empty())
      out += "upcrt_coalesce_span(&" + cursorName(cl, k) + ", (long long)(" + index + ")); ";
    else if (!listing)
      out += "upcrt_coalesce_put(" + slot + accessAddr(r.access, Access::Read) + "); ";
  }
  for (size_t n = 0; n < cl.nest.size(); n++) {
    if (cl.nest[n].parent != node) continue;
    const ForStmt *fs = cl.nest[n].loop;
    if (!cl.nest[n].emitted) { // only strided reads: their addresses, before it
      if (listing) continue;
      for (size_t k = 0; k < cl.reads.size(); k++) {
        const CoalescedRead &r = cl.reads[k];
        if (r.nest != int(n)) continue;
        std::string B = std::to_string(r.object.block), es = std::to_string(r.object.elemSize);
        std::string first = "(long long)(" + emit(r.range.lower) + ")";
        std::string last = "(long long)(" + emit(r.range.upper) + ")" +
                           (r.range.inclusive ? "" : " - 1");
        std::string count = "(" + last + " >= " + first + " ? (" + last + " - " + first + ") / " +
                            std::to_string(r.range.step) + " + 1 : 0)";
        out += "upcrt_coalesce_add_strided(&" + cs + ", " + std::to_string(k) + ", upcrt_pts_add(" +
               objectStart(r.object) + ", (" + r.restText + ") + (" + r.coefText + ") * " + first +
               ", " + B + ", " + es + "), " + count + ", " + r.strideText + ", " + B + ", " + es +
               "); ";
      }
      continue;
    }
    out += "{ " + loopInitText(fs) + "for (; " + emitCondition(fs->getCond()) + "; " +
           emit(fs->getInc(), false) + ") " + forallFilter(fs, foralls) + "{ " +
           coalesceInspector(cl, int(n), foralls + hasAffinity(*this, fs), listing) + "} } ";
  }
  return out;
}

bool Lowerer::lowerCoalescedLoop(ForStmt *fs) {
  if (!plan || coalescing.count(fs)) return false;
  const CoalescedLoop *found = plan->coalescedLoop(fs);
  if (!found) return false;
  const CoalescedLoop &cl = *found;
  std::string id = std::to_string(cl.id), cs = "__upcc_cs" + id;
  std::string iv = cl.iv->getName().str(), ivT = printLowered(cl.iv->getType().getUnqualifiedType());
  std::string s = cs + "s", e = cs + "e";
  std::string cond = emitCondition(fs->getCond()), inc = emit(fs->getInc(), false);
  // before the inspection: the invariant reads, the bases of reads by
  // index, the cursors; after it: the cursors closed; before the strip
  // runs: where each slot's values are, and its entries' counters
  std::string sizes, invariant, opens, closes, full = cs + ".total", counters;
  std::string reopens, recloses; // of the slots read by index, for the listing
  for (size_t k = 0; k < cl.reads.size(); k++) {
    const CoalescedRead &r = cl.reads[k];
    std::string kt = std::to_string(k), slot = "&" + cs + ", " + kt + ", ";
    sizes += (k ? ", " : "") + sizeofText(r.access->getType().getUnqualifiedType());
    if (r.kind == CoalescedRead::Invariant)
      invariant += "upcrt_coalesce_add(" + slot + accessAddr(r.access, Access::Read) + "); ";
    else
      counters += "size_t " + slotName("p", cl, k) + " = 0; ";
    counters += "const char *const *" + slotName("a", cl, k) + " = " + cs + ".slot[" + kt + "].at; ";
    if (r.kind != CoalescedRead::Inspected) continue;
    if (!indexText(r).empty()) {
      SharedAddr a = addrOf(r.access);
      std::string extent = extentText(r);
      invariant += "upcrt_coalesce_base(" + slot + a.base + ", " + std::to_string(a.block) + ", " +
                   (extent.empty() ? "0" : extent) + "); ";
    }
    std::string open = cursorName(cl, k) + " = upcrt_coalesce_open(&" + cs + ", " + kt + "); ";
    std::string close = "upcrt_coalesce_close(" + slot + cursorName(cl, k) + "); ";
    opens += "upcrt_coalesce_cursor_t " + open;
    closes += close;
    full += " + " + cursorName(cl, k) + ".n";
    if (indexText(r).empty()) continue;
    reopens += "const int " + slotName("w", cl, k) + " = " + cs + ".slot[" + kt + "].window; " + open;
    recloses += close;
    counters += "const int " + slotName("w", cl, k) + " = " + cs + ".slot[" + kt +
                "].window; const long long " + slotName("l", cl, k) + " = " + cs + ".slot[" + kt +
                "].wfirst; ";
  }
  const Expr *aff = nullptr;
  bool forall = isForall(fs, &aff);
  std::string test = forall && aff ? affinityTest(aff) : "";
  const Stmt *body = forall ? cast<IfStmt>(fs->getBody())->getThen() : fs->getBody();
  // the reads by index not in a window: listed by a second inspection of
  // the strip's iterations
  std::string listing;
  if (!reopens.empty())
    listing = "if (upcrt_coalesce_windows(&" + cs + ")) { " + reopens + "for (" + iv + " = " + s +
              "; " + iv + " != " + e + "; " + inc + ") " + forallFilter(fs, 0) + "{ " +
              coalesceInspector(cl, 0, !test.empty(), true) + "} " + recloses + "} ";

  // the strip's iterations, reading from the schedule: a forall's as the
  // unoptimized forall runs them (forall.cpp)
  activeCoalesced.push_back(fs);
  std::string run = walkToText(const_cast<Stmt *>(body));
  activeCoalesced.pop_back();
  std::string strip = "for (" + iv + " = " + s + "; " + iv + " != " + e + "; " + inc + ") ";
  if (!test.empty()) {
    std::string f = temp();
    strip = "{ const int " + f + " = upcrt_forall_depth++; " + strip + "if (" + f + " > 0 || (" +
            test + ")) " + run + " upcrt_forall_depth = " + f + "; }";
  } else {
    strip += run;
  }
  std::string pre =
      "{ static upcrt_coalesce_t " + cs + "; if (upcrt_coalesce_wanted()) { " + loopInitText(fs) +
      "while (" + cond + ") { " + ivT + " " + s + " = " + iv + "; upcrt_coalesce_begin(&" + cs +
      ", " + std::to_string(cl.reads.size()) + ", (const size_t[]){" + sizes + "}); " + invariant +
      opens + "do { " + forallFilter(fs, 0) + "{ " + coalesceInspector(cl, 0, !test.empty(), false) +
      "} " + inc + "; } while ((" + cond + ") && " + full + " < upcrt_coalesce_limit); " + closes +
      ivT + " " + e + " = " + iv + "; " + listing + "upcrt_coalesce_fetch(&" + cs + "); " +
      counters + strip + " } } else ";
  insert(offsetOf(fs->getForLoc()), pre);
  coalescing.insert(fs);
  walkStmt(fs);
  coalescing.erase(fs);
  insert(optStmtEnd(fs), " }");
  return true;
}

} // namespace upc
