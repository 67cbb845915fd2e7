// frontend.cpp — runFrontend: surface pass, Clang Sema through libTooling,
// the casts UPC implies where distinct address spaces would be rejected, the
// UPC checks, and diagnostics printed in the user's UPC spelling.
#include "internal.h"
#include "ast_visitor.h"

#include <chrono>
#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclGroup.h>
#include <clang/AST/TypeLoc.h>
#include <clang/Basic/DiagnosticSema.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/ASTUnit.h>
#include <clang/Lex/Lexer.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/ADT/APSInt.h>
#include <llvm/Support/PrettyStackTrace.h>
#include <llvm/Support/raw_ostream.h>

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <string>

using namespace clang;

namespace upc {

Consistency SurfaceInfo::defaultAt(unsigned offset) const {
  Consistency c = Consistency::Relaxed;
  for (const PragmaRegion &r : pragmas) {
    if (r.offset > offset) break;
    c = r.mode;
  }
  return c;
}

namespace fe {
std::string spell(QualType t) {
  LangOptions lo;
  lo.C11 = 1;
  PrintingPolicy pp(lo);
  std::string s = t.getAsString(pp);
  // Clang spells our qualifiers __attribute__((address_space(N))).
  static const std::string pre = "__attribute__((address_space(";
  size_t i;
  while ((i = s.find(pre)) != std::string::npos) {
    size_t j = i + pre.size();
    unsigned n = 0;
    while (j < s.size() && isdigit(static_cast<unsigned char>(s[j]))) n = n * 10 + unsigned(s[j++] - '0');
    if (s.compare(j, 3, ")))") != 0) break;
    s.replace(i, j + 3 - i, fe::sharedQualSpelling(n));
  }
  size_t k;
  while ((k = s.find("__upcc_THREADS_DIM")) != std::string::npos) s.replace(k, 18, "THREADS");
  return s;
}
} // namespace fe

std::string upcTypeSpelling(QualType t, const ASTContext &) { return fe::spell(t); }

namespace fe {
namespace {

// Replaces every address-space spelling in a Clang message by UPC's.
std::string respell(std::string s) {
  static const std::string pre = "__attribute__((address_space(";
  size_t i, from = 0;
  while ((i = s.find(pre, from)) != std::string::npos) {
    size_t j = i + pre.size();
    unsigned n = 0;
    while (j < s.size() && isdigit(static_cast<unsigned char>(s[j]))) n = n * 10 + unsigned(s[j++] - '0');
    if (s.compare(j, 3, ")))") != 0) { from = j; continue; }
    std::string r = sharedQualSpelling(n);
    s.replace(i, j + 3 - i, r);
    from = i + r.size();
  }
  size_t k;
  while ((k = s.find("__upcc_THREADS_DIM")) != std::string::npos) s.replace(k, 18, "THREADS");
  return s;
}

bool sharedPointee(QualType t, unsigned *as = nullptr) {
  const PointerType *p = t->getAs<PointerType>();
  if (!p) return false;
  LangAS a = p->getPointeeType().getAddressSpace();
  if (!isTargetAddressSpace(a)) return false;
  unsigned n = toTargetAddressSpace(a);
  if (!isShared(n)) return false;
  if (as) *as = n;
  return true;
}

bool isGenericShared(QualType t) {
  const PointerType *p = t->getAs<PointerType>();
  return p && sharedPointee(t) && p->getPointeeType()->isVoidType();
}

// UPC converts these implicitly: shared void * to and from any
// pointer-to-shared, and the same pointee with another strict/relaxed.
bool upcImplicitOK(QualType from, QualType to) {
  unsigned a, b;
  if (!sharedPointee(from, &a) || !sharedPointee(to, &b)) return false;
  if (isGenericShared(from) || isGenericShared(to)) return true;
  if (blockSize(a) != blockSize(b)) return false;
  QualType pf = from->getAs<PointerType>()->getPointeeType();
  QualType pt = to->getAs<PointerType>()->getPointeeType();
  // getTypePtr() drops every qualifier, the address space included.
  return pf.getCanonicalType().getTypePtr() == pt.getCanonicalType().getTypePtr();
}

// Pointers-to-shared that convert like incompatible C pointers: with a
// warning and the explicit cast's meaning (another block size resets the
// phase: upcrt_pts_reblock).
bool upcConvertsWithWarning(QualType from, QualType to) {
  return sharedPointee(from) && sharedPointee(to) && !upcImplicitOK(from, to);
}

bool declHasThreadsDim(const ValueDecl *vd);

class Consumer : public DiagnosticConsumer, public Reporter {
public:
  // fixWarnings: the warnings of conversions fixed in earlier rounds (their
  // diagnostics vanish once the cast is in the text); null: no such fixes.
  Consumer(const std::string &pp, const SourceMap &map, const EditedText &surface,
           const std::vector<EditedText> &layers, bool fixing,
           std::vector<std::string> *fixWarnings)
      : pp_(pp), map_(map), surface_(surface), layers_(layers), fixing_(fixing),
        fixWarnings_(fixWarnings) {}

  std::vector<Edit> fixes;
  std::vector<std::string> lines;
  unsigned errors = 0, warnings = 0;
  const SourceManager *sm = nullptr;
  const ASTContext *ctx = nullptr;
  bool live = false; // after runFrontend: print at once

  void HandleDiagnostic(DiagnosticsEngine::Level level, const Diagnostic &info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level == DiagnosticsEngine::Ignored) return;
    // `shared upc_lock_t *`: a repeated identical qualifier is allowed in C
    // (C11 6.7.3p5) and, with the same layout, says nothing new.
    if (info.getID() == diag::warn_attribute_address_multiple_identical_qualifiers) return;
    sm = &info.getSourceManager();
    if (level == DiagnosticsEngine::Note && (lastFixed_ || dropNotes_)) return;
    lastFixed_ = dropNotes_ = false;
    if (fixing_ && level >= DiagnosticsEngine::Error && tryFix(info)) {
      lastFixed_ = true;
      return;
    }
    SmallString<256> buf;
    info.FormatDiagnostic(buf);
    std::string msg = rephrase(info, respell(std::string(buf.str())));
    const char *lv = level == DiagnosticsEngine::Note      ? "note"
                     : level == DiagnosticsEngine::Remark  ? "remark"
                     : level == DiagnosticsEngine::Warning ? "warning"
                     : level == DiagnosticsEngine::Fatal   ? "fatal error"
                                                           : "error";
    if (level == DiagnosticsEngine::Note && boundsWarning_ != kNone &&
        info.getID() == diag::note_array_declared_here && threadsDimArray(info)) {
      // The warning and its note: the dimension is THREADS times larger.
      lines[boundsWarning_].clear();
      (boundsWarningIsError_ ? errors : warnings)--;
      boundsWarning_ = kNone;
      return;
    }
    if (level >= DiagnosticsEngine::Error) errors++;
    if (level == DiagnosticsEngine::Warning) warnings++;
    emit(info.getLocation(), lv, msg);
    if (live) return;
    if (level == DiagnosticsEngine::Note) {
      if (!assertDiags.empty() && assertDiags.back().open)
        assertDiags.back().lines.push_back(lines.size() - 1);
      return;
    }
    if (!assertDiags.empty()) assertDiags.back().open = false;
    boundsWarning_ = kNone;
    unsigned id = info.getID();
    if (id == diag::err_static_assert_failed || id == diag::err_static_assert_requirement_failed)
      assertDiags.push_back({info.getLocation(), {lines.size() - 1}, true});
    if (id == diag::warn_array_index_exceeds_bounds || id == diag::warn_ptr_arith_exceeds_bounds) {
      boundsWarning_ = lines.size() - 1;
      boundsWarningIsError_ = level >= DiagnosticsEngine::Error;
    }
  }

  // Clang decides a _Static_assert with its 8-byte pointer-to-shared; one
  // whose condition depends on the layout of a type holding one is decided
  // again with the lowered layout, in place of Clang's verdict (the
  // generated C checks it too).
  void resolveStaticAsserts(ASTContext &ctx);

  void report(SourceLocation loc, bool error, const std::string &msg) override {
    if (error) errors++;
    else warnings++;
    emit(loc, error ? "error" : "warning", msg);
  }

  void emit(SourceLocation loc, const char *level, const std::string &msg) {
    Loc l = locate(loc);
    std::string s = formatDiag(l, level, msg);
    if (live) llvm::errs() << s;
    else lines.push_back(s);
  }

  Loc locate(SourceLocation loc) {
    if (!sm || loc.isInvalid()) return Loc();
    SourceLocation sl = sm->getFileLoc(loc);
    if (sm->getFileID(sl) == sm->getMainFileID()) return map_.locate(toPP(sm->getFileOffset(sl)));
    PresumedLoc p = sm->getPresumedLoc(sl);
    Loc l;
    if (p.isValid()) {
      l.file = p.getFilename();
      l.line = p.getLine();
      l.col = p.getColumn();
      l.valid = true;
    }
    return l;
  }

  unsigned toPP(unsigned off) const {
    for (auto it = layers_.rbegin(); it != layers_.rend(); ++it) off = it->toOriginal(off);
    return surface_.toOriginal(off);
  }

private:
  const std::string &pp_;
  const SourceMap &map_;
  const EditedText &surface_;
  const std::vector<EditedText> &layers_;
  bool fixing_;
  std::vector<std::string> *fixWarnings_;
  bool lastFixed_ = false;
  bool dropNotes_ = false; // the notes of a rephrased error point into the prelude
  // A failed _Static_assert's error and notes, in `lines`.
  struct AssertDiag {
    SourceLocation loc;
    std::vector<size_t> lines;
    bool open; // its notes may follow
  };
  std::vector<AssertDiag> assertDiags;
  // The last array-bounds warning, in `lines`: under dynamic THREADS Clang
  // takes a THREADS dimension for 1 (its note names the array).
  static constexpr size_t kNone = size_t(-1);
  size_t boundsWarning_ = kNone;
  bool boundsWarningIsError_ = false;

  bool threadsDimArray(const Diagnostic &info) {
    if (info.getNumArgs() < 1 || info.getArgKind(0) != DiagnosticsEngine::ak_nameddecl) return false;
    const auto *nd = reinterpret_cast<const NamedDecl *>(info.getRawArg(0));
    return declHasThreadsDim(dyn_cast_or_null<ValueDecl>(nd));
  }

  void conversionWarning(const Diagnostic &info, QualType src, QualType dst,
                         const std::string &when) {
    unsigned a, b;
    sharedPointee(src, &a);
    sharedPointee(dst, &b);
    std::string why = blockSize(a) != blockSize(b)
                          ? "changes the block size; the phase is reset, as by an explicit cast"
                          : "converts between incompatible pointer-to-shared types";
    fixWarnings_->push_back(formatDiag(locate(info.getLocation()), "warning",
                                       "implicit conversion from '" + spell(src) + "' to '" +
                                           spell(dst) + "'" + (when.empty() ? "" : " " + when) +
                                           " " + why));
  }

  QualType argType(const Diagnostic &info, unsigned i) {
    if (i >= info.getNumArgs() || info.getArgKind(i) != DiagnosticsEngine::ak_qualtype)
      return QualType();
    return QualType::getFromOpaquePtr(reinterpret_cast<void *>(info.getRawArg(i)));
  }

  std::string nameAt(SourceLocation loc) {
    if (!sm || loc.isInvalid()) return "";
    SourceLocation sl = sm->getFileLoc(loc);
    bool invalid = false;
    const char *p = sm->getCharacterData(sl, &invalid);
    if (invalid || !p) return "";
    std::string s;
    while (*p && (isalnum(static_cast<unsigned char>(*p)) || *p == '_')) s += *p++;
    return s;
  }

  // Whether the declaration at loc (a declarator's name) mentions THREADS
  // before its end: only dynamic THREADS leaves the identifier in a private
  // array's dimension (static THREADS is a number by then).
  bool mentionsThreads(SourceLocation loc) {
    if (!sm || loc.isInvalid()) return false;
    bool invalid = false;
    const char *p = sm->getCharacterData(sm->getFileLoc(loc), &invalid);
    if (invalid || !p) return false;
    std::string word;
    for (; *p && *p != ';' && *p != '{' && *p != '='; p++) {
      if (isalnum(static_cast<unsigned char>(*p)) || *p == '_') {
        word += *p;
        continue;
      }
      if (word == "THREADS" || word == "__upcc_THREADS_DIM") return true;
      word.clear();
    }
    return false;
  }

  static std::string actionText(int action) {
    static const char *verbs[] = {"in an assignment", "when passing an argument",
                                  "when returning", "", "in an initialization",
                                  "when passing an argument", "in a cast"};
    return action >= 0 && action < 7 ? verbs[action] : "";
  }

  bool castable(QualType t) {
    std::string s = t.getAsString();
    return s.find("(unnamed") == std::string::npos && s.find("(anonymous") == std::string::npos;
  }

  bool addCast(SourceRange r, QualType to) {
    if (!sm || r.isInvalid() || !castable(to)) return false;
    SourceLocation b = sm->getFileLoc(r.getBegin()), e = sm->getFileLoc(r.getEnd());
    if (sm->getFileID(b) != sm->getMainFileID() || sm->getFileID(e) != sm->getMainFileID())
      return false;
    unsigned bo = sm->getFileOffset(b);
    unsigned eo = sm->getFileOffset(e) + Lexer::MeasureTokenLength(e, *sm, LangOptions());
    if (eo < bo) return false;
    PrintingPolicy pol{LangOptions()};
    fixes.push_back({bo, 0, "((" + to.getAsString(pol) + ")(", unsigned(fixes.size())});
    fixes.push_back({eo, 0, "))", unsigned(fixes.size())});
    return true;
  }

  bool tryFix(const Diagnostic &info) {
    unsigned id = info.getID();
    if (id == diag::err_typecheck_incompatible_address_space) {
      QualType a = argType(info, 0), b = argType(info, 1);
      if (a.isNull() || b.isNull() || info.getNumRanges() == 0) return false;
      int action = int(info.getRawArg(2));
      bool dstFirst = action == 0 || action == 4; // assigning, initializing
      QualType dst = dstFirst ? a : b, src = dstFirst ? b : a;
      if (upcImplicitOK(src, dst)) return addCast(info.getRange(0).getAsRange(), dst);
      if (!fixWarnings_ || !upcConvertsWithWarning(src, dst) ||
          !addCast(info.getRange(0).getAsRange(), dst))
        return false;
      conversionWarning(info, src, dst, actionText(action));
      return true;
    }
    if (id == diag::err_typecheck_op_on_nonoverlapping_address_space_pointers) {
      QualType a = argType(info, 0), b = argType(info, 1);
      if (a.isNull() || b.isNull() || info.getNumRanges() < 2) return false;
      if (!upcImplicitOK(b, a)) {
        // c ? p : q with pointers-to-shared of other block sizes: q becomes
        // p's type, with a warning.
        if (int(info.getRawArg(2)) != 2 || !fixWarnings_ || !upcConvertsWithWarning(b, a) ||
            !addCast(info.getRange(1).getAsRange(), a))
          return false;
        conversionWarning(info, b, a, "in a conditional operator");
        return true;
      }
      // Convert the generic (or differently qualified) side to the other.
      if (isGenericShared(a) && !isGenericShared(b))
        return addCast(info.getRange(0).getAsRange(), b);
      return addCast(info.getRange(1).getAsRange(), a);
    }
    return false;
  }

  std::string rephrase(const Diagnostic &info, const std::string &msg) {
    unsigned id = info.getID();
    if (id == diag::err_as_qualified_auto_decl) {
      std::string n = nameAt(info.getLocation());
      return "'" + n + "' is declared shared but has automatic storage duration; "
             "shared variables must be static or declared at file scope";
    }
    if (id == diag::err_field_with_address_space) {
      std::string n = nameAt(info.getLocation());
      return "member '" + n + "' may not be shared-qualified; declare the whole "
             "structure object shared instead";
    }
    if (id == diag::err_arg_with_address_space) {
      std::string n = nameAt(info.getLocation());
      return "parameter '" + n + "' may not be shared-qualified; pass a pointer-to-shared instead";
    }
    if ((id == diag::err_vla_decl_in_file_scope || id == diag::err_vla_decl_has_static_storage ||
         id == diag::err_vla_decl_has_extern_linkage || id == diag::err_vm_decl_in_file_scope ||
         id == diag::err_typecheck_field_variable_size) &&
        mentionsThreads(info.getLocation())) {
      std::string n = nameAt(info.getLocation());
      return "'" + n + "' has THREADS in a dimension but is not a shared array: THREADS is not a "
             "constant under dynamic THREADS, so only shared arrays may have it there (compile "
             "with upcc -T N for static THREADS)";
    }
    if (id == diag::err_typecheck_assign_const) {
      for (const char *v : {"MYTHREAD", "THREADS"})
        if (msg.find(std::string("variable '") + v + "'") != std::string::npos) {
          dropNotes_ = true;
          return std::string("cannot assign to '") + v + "': " + v +
                 " is a value, not a variable";
        }
      return msg;
    }
    if (id == diag::err_attribute_address_function_type)
      return "a function type may not be shared-qualified";
    if (id == diag::err_attribute_address_multiple_qualifiers)
      return "conflicting shared qualifiers: the type is already shared-qualified "
             "(through a typedef) with a different layout or consistency";
    if (id == diag::err_compound_literal_with_address_space)
      return "a compound literal in a function may not be shared-qualified";
    if (id == diag::err_typecheck_incompatible_address_space) {
      QualType a = argType(info, 0), b = argType(info, 1);
      if (a.isNull() || b.isNull()) return msg;
      int action = int(info.getRawArg(2));
      bool dstFirst = action == 0 || action == 4;
      QualType dst = dstFirst ? a : b, src = dstFirst ? b : a;
      std::string ss = "'" + spell(src) + "'";
      std::string ds = "'" + spell(dst) + "'";
      std::string when = actionText(action);
      std::string v = "cannot convert";
      bool fs = sharedPointee(src), ts = sharedPointee(dst);
      if (fs && !ts)
        return v + " " + ss + " to " + ds + (when.empty() ? "" : " " + when) + ": implicit conversion from a pointer-to-shared "
               "to a private pointer is not allowed (use an explicit cast; valid only for data "
               "with affinity to this thread)";
      if (!fs && ts)
        return v + " " + ss + " to " + ds + (when.empty() ? "" : " " + when) + ": implicit conversion from a private pointer "
               "to a pointer-to-shared is not allowed";
      if (fs && ts)
        return v + " " + ss + " to " + ds + (when.empty() ? "" : " " + when) + ": conversion between pointers-to-shared with "
               "different block sizes or types requires an explicit cast";
      return msg;
    }
    if (id == diag::err_typecheck_op_on_nonoverlapping_address_space_pointers) {
      QualType a = argType(info, 0), b = argType(info, 1);
      if (a.isNull() || b.isNull()) return msg;
      int what = int(info.getRawArg(2));
      static const char *ops[] = {"comparison", "arithmetic", "conditional operator"};
      std::string o = what >= 0 && what < 3 ? ops[what] : "operation";
      std::string sa = "'" + spell(a) + "'", sb = "'" + spell(b) + "'";
      if (sharedPointee(a) != sharedPointee(b))
        return o + " between a pointer-to-shared and a private pointer (" + sa + " and " + sb + ")";
      return o + " between pointers-to-shared with different block sizes or types (" + sa +
             " and " + sb + "); cast one of them";
    }
    return msg;
  }
};

// file:line:col as Clang presumes it in the text it parsed (the surface
// pass's output, then the fixes of each round: all keep the preprocessed
// text's lines), in the user's terms; with no position (the end of the
// input), the last token of the preprocessed text.
Loc locatePresumed(const std::string &pp, const SourceMap &map, const EditedText &surface,
                   const std::vector<EditedText> &layers, const std::string &file,
                   unsigned line, unsigned col) {
  const std::string &text = layers.empty() ? surface.text() : layers.back().text();
  int k = file.empty() ? -1 : map.lineIndex(file, line);
  if (k < 0) {
    size_t e = pp.find_last_not_of(" \t\r\n");
    while (e != std::string::npos) {
      size_t b = pp.rfind('\n', e);
      b = b == std::string::npos ? 0 : b + 1;
      size_t f = pp.find_first_not_of(" \t", b);
      if (pp[f] != '#') {
        std::vector<Tok> toks = lexLine(pp.substr(b, e + 1 - b));
        return map.locate(unsigned(b + (toks.empty() ? e - b : toks.back().off)));
      }
      e = b == 0 ? std::string::npos : pp.find_last_not_of(" \t\r\n", b - 1);
    }
    return Loc();
  }
  size_t off = 0;
  for (int n = 0; n < k; n++) {
    off = text.find('\n', off);
    if (off == std::string::npos) return Loc();
    off++;
  }
  size_t end = text.find('\n', off);
  if (end == std::string::npos) end = text.size();
  unsigned o = unsigned(std::min(off + (col > 0 ? col - 1 : 0), end));
  for (auto it = layers.rbegin(); it != layers.rend(); ++it) o = it->toOriginal(o);
  return map.locate(surface.toOriginal(o));
}

// What a crash is located with: the texts of the parse under way.
struct CrashContext {
  const std::string *pp = nullptr;
  const SourceMap *map = nullptr;
  const EditedText *surface = nullptr;
  const std::vector<EditedText> *layers = nullptr;
};

// Clang 19 itself crashes on a few invalid programs (e.g. a function name
// converted to a pointer-to-shared: Sema::DiagnoseAssignmentResult).  While
// Sema runs, a fatal signal becomes a located error and exit status 1.
Consumer *gActive = nullptr;
CrashContext gCrash;
struct sigaction gOld[5];
const int kSignals[5] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
char gAltStack[1 << 16];

void writeErr(const std::string &s) {
  size_t off = 0;
  while (off < s.size()) {
    ssize_t n = ::write(2, s.data() + off, s.size() - off);
    if (n <= 0) break;
    off += size_t(n);
  }
}

void onFatalSignal(int) {
  if (gActive)
    for (auto &l : gActive->lines) writeErr(l);
  // The parser's current token, from Clang's pretty stack trace: file:line:col
  // of the parsed text, mapped back to the user's column (at the end of the
  // input there is none: the last token then).
  std::string where;
  for (auto *e = static_cast<const llvm::PrettyStackTraceEntry *>(llvm::SavePrettyStackState());
       e; e = e->getNextEntry()) {
    std::string t;
    llvm::raw_string_ostream os(t);
    e->print(os);
    os.flush();
    size_t k = t.find(": current parser token");
    if (k != std::string::npos) {
      where = t.substr(0, k);
      break;
    }
  }
  std::string file;
  unsigned line = 0, col = 0;
  size_t c2 = where.rfind(':');
  size_t c1 = c2 == std::string::npos || c2 == 0 ? std::string::npos : where.rfind(':', c2 - 1);
  if (c1 != std::string::npos) {
    file = where.substr(0, c1);
    line = unsigned(std::strtoul(where.c_str() + c1 + 1, nullptr, 10));
    col = unsigned(std::strtoul(where.c_str() + c2 + 1, nullptr, 10));
  }
  Loc loc = gCrash.pp ? locatePresumed(*gCrash.pp, *gCrash.map, *gCrash.surface, *gCrash.layers,
                                       file, line, col)
                      : Loc();
  writeErr(formatDiag(loc, "error",
                      "invalid conversion the C front end cannot diagnose before this point "
                      "(for example a function name used where a pointer-to-shared is expected)"));
  ::_exit(1);
}

struct CrashGuard {
  CrashGuard(Consumer *c, const CrashContext &where) {
    gActive = c;
    gCrash = where;
    stack_t ss{};
    ss.ss_sp = gAltStack;
    ss.ss_size = sizeof gAltStack;
    sigaltstack(&ss, &oldStack);
    struct sigaction sa{};
    sa.sa_handler = onFatalSignal;
    sa.sa_flags = SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    for (int k = 0; k < 5; k++) sigaction(kSignals[k], &sa, &gOld[k]);
  }
  ~CrashGuard() {
    for (int k = 0; k < 5; k++) sigaction(kSignals[k], &gOld[k], nullptr);
    // the thread's own alternate stack back (AddressSanitizer unmaps the
    // one in place when the thread ends, and this one is static)
    sigaltstack(&oldStack, nullptr);
    gActive = nullptr;
    gCrash = CrashContext();
  }
  stack_t oldStack{};
};

// Clang's arguments for the surface text.
const char *const kLegacyWarnings[] = {"implicit-function-declaration", "implicit-int",
                                       "incompatible-function-pointer-types", "int-conversion"};

// allErrors: no error limit (a round that fixes conversions must see them all).
std::vector<std::string> semaArgs(const FrontendOptions &opts, bool allErrors = false) {
  std::vector<std::string> args = {"-x", "c", "-std=gnu11", "-fsyntax-only",
                                   "-Wno-deprecated-non-prototype", "-Wno-empty-body",
                                   allErrors ? "-ferror-limit=0" : "-ferror-limit=50",
                                   "-fno-color-diagnostics"};
  // What C89/gnu89 allowed and Clang 16+ rejects by default is a warning, as
  // with the GCC-based UPC compilers; the user's -Werror=... or
  // -pedantic-errors (after these) makes it an error again.
  for (const char *w : kLegacyWarnings) args.push_back(std::string("-Wno-error=") + w);
  args.push_back("-Wno-gnu-line-marker"); // the preprocessor's, not the user's
  for (auto &a : opts.clangArgs) args.push_back(a);
  return args;
}

std::string virtualName(const FrontendOptions &opts) {
  return (opts.inputName.empty() ? std::string("input.upc") : opts.inputName) + ".surface.c";
}

// Whether t holds a pointer-to-shared, so that its layout in the lowered C
// differs from Clang's.
bool holdsPts(const ASTContext &ctx, QualType t) {
  t = t.getCanonicalType();
  if (const auto *pt = t->getAs<PointerType>()) {
    LangAS as = pt->getPointeeType().getAddressSpace();
    return isTargetAddressSpace(as) && isShared(toTargetAddressSpace(as));
  }
  if (const ArrayType *at = ctx.getAsArrayType(t)) return holdsPts(ctx, at->getElementType());
  if (const auto *rt = t->getAs<RecordType>())
    if (const RecordDecl *rd = rt->getDecl()->getDefinition())
      for (const FieldDecl *f : rd->fields())
        if (holdsPts(ctx, f->getType())) return true;
  return false;
}

bool loweredLayout(const ASTContext &ctx, QualType t, uint64_t &size, uint64_t &align);

// Layout of record rd as the lowered C lays it out; with `field`, also its
// offset.  False for what this does not model (bit-fields, packing).
bool loweredRecord(const ASTContext &ctx, const RecordDecl *rd, uint64_t &size, uint64_t &align,
                   const FieldDecl *field = nullptr, uint64_t *fieldOffset = nullptr) {
  if (!rd || rd->hasAttr<PackedAttr>()) return false;
  uint64_t off = 0, a = 1;
  for (const FieldDecl *f : rd->fields()) {
    uint64_t fs, fa;
    if (f->isBitField() || !loweredLayout(ctx, f->getType(), fs, fa)) return false;
    fa = std::max<uint64_t>(fa, ctx.toCharUnitsFromBits(f->getMaxAlignment()).getQuantity());
    a = std::max(a, fa);
    uint64_t at = rd->isUnion() ? 0 : (off + fa - 1) / fa * fa;
    if (f == field && fieldOffset) *fieldOffset = at;
    off = rd->isUnion() ? std::max(off, fs) : at + fs;
  }
  QualType t = ctx.getRecordType(rd);
  align = std::max<uint64_t>(a, ctx.getTypeAlignInChars(t).getQuantity());
  size = (off + align - 1) / align * align;
  return true;
}

// Size and alignment of t as the lowered C lays it out: a pointer-to-shared
// is a 16-byte upcrt_pts_t there, not the 8-byte pointer Clang sees.  False
// for what this does not model (bit-fields and packing around such a
// pointer, incomplete types, VLAs).
bool loweredLayout(const ASTContext &ctx, QualType t, uint64_t &size, uint64_t &align) {
  t = t.getCanonicalType();
  if (!holdsPts(ctx, t)) {
    if (t->isIncompleteType() || t->isDependentType() || t->isVariableArrayType()) return false;
    size = ctx.getTypeSizeInChars(t).getQuantity();
    align = ctx.getTypeAlignInChars(t).getQuantity();
    return true;
  }
  if (t->isPointerType()) {
    size = 16;
    align = 8;
    return true;
  }
  if (const auto *at = ctx.getAsConstantArrayType(t)) {
    if (!loweredLayout(ctx, at->getElementType(), size, align)) return false;
    size *= at->getSize().getZExtValue();
    return true;
  }
  if (const auto *rt = t->getAs<RecordType>())
    return loweredRecord(ctx, rt->getDecl()->getDefinition(), size, align);
  return false;
}

// Whether size expression e mentions THREADS (__upcc_THREADS_DIM).
struct ThreadsDimFinder : upc::AstVisitor {
  bool found = false;
  bool VisitDeclRefExpr(DeclRefExpr *d) override {
    if (d->getDecl()->getName() == "__upcc_THREADS_DIM") found = true;
    return true;
  }
};

// Whether a dimension of variable vd was written with THREADS: the type
// forgets (__upcc_THREADS_DIM is 1), the declarator (or its typedef) keeps it.
bool declHasThreadsDim(const ValueDecl *vd) {
  const auto *dd = dyn_cast_or_null<DeclaratorDecl>(vd);
  if (!dd || !dd->getTypeSourceInfo()) return false;
  TypeLoc tl = dd->getTypeSourceInfo()->getTypeLoc();
  for (int guard = 0; guard < 64 && !tl.isNull(); ++guard) {
    tl = tl.getUnqualifiedLoc();
    if (auto pl = tl.getAs<ParenTypeLoc>()) tl = pl.getInnerLoc();
    else if (auto al = tl.getAs<AttributedTypeLoc>()) tl = al.getModifiedLoc();
    else if (auto ml = tl.getAs<MacroQualifiedTypeLoc>()) tl = ml.getInnerLoc();
    else if (auto el = tl.getAs<ElaboratedTypeLoc>()) tl = el.getNamedTypeLoc();
    else if (auto tdl = tl.getAs<TypedefTypeLoc>()) {
      TypeSourceInfo *ts = tdl.getTypedefNameDecl()->getTypeSourceInfo();
      if (!ts) return false;
      tl = ts->getTypeLoc();
    } else if (auto arl = tl.getAs<ArrayTypeLoc>()) {
      ThreadsDimFinder f;
      if (arl.getSizeExpr()) f.TraverseStmt(arl.getSizeExpr());
      if (f.found) return true;
      tl = arl.getElementLoc();
    } else {
      return false;
    }
  }
  return false;
}

// The value of upc_blocksizeof (kind 1), upc_elemsizeof (2) or
// upc_localsizeof (3) of an operand of type t (operand: the expression, or
// null for a type name), when it is an integer constant.  localsizeof is
// the lowering's formula (lowering/sync.cpp), constant under static THREADS
// and for arrays with a THREADS dimension, where ceil(ceil(k*T/b)/T) is
// ceil(k/b) whatever T is.
std::optional<long long> sizeofValue(const ASTContext &ctx, int kind, QualType t,
                                     const Expr *operand, int staticThreads) {
  if (operand && operand->refersToBitField()) return std::nullopt; // runChecks reports it
  t = t.getCanonicalType();
  QualType base = ctx.getBaseElementType(t);
  LangAS as = base.getAddressSpace();
  if (!isTargetAddressSpace(as) || !isShared(toTargetAddressSpace(as))) return std::nullopt;
  // Left unfolded, an operand of incomplete type reaches runChecks' error.
  if (base->isIncompleteType()) return std::nullopt;
  unsigned b = blockSize(toTargetAddressSpace(as));
  if (kind == 1) return b;
  uint64_t es, align;
  if (!loweredLayout(ctx, base, es, align)) return std::nullopt;
  if (kind == 2) return (long long)es;
  if (!ctx.getAsArrayType(t)) {
    uint64_t size;
    if (!loweredLayout(ctx, t, size, align)) return std::nullopt;
    return (long long)size;
  }
  uint64_t k = 1;
  for (QualType e = t; const ArrayType *a = ctx.getAsArrayType(e); e = a->getElementType()) {
    const auto *cat = dyn_cast<ConstantArrayType>(a);
    if (!cat) return std::nullopt;
    k *= cat->getSize().getZExtValue();
  }
  if (b == 0) return (long long)(k * es);
  if (staticThreads > 0) {
    uint64_t blocks = (k + b - 1) / b, T = staticThreads;
    return (long long)((blocks + T - 1) / T * b * es);
  }
  const ValueDecl *vd = nullptr;
  if (operand)
    if (auto *dre = dyn_cast<DeclRefExpr>(operand->IgnoreParenImpCasts())) vd = dre->getDecl();
  if (!declHasThreadsDim(vd)) return std::nullopt; // depends on THREADS
  return (long long)((k + b - 1) / b * b * es);
}

// Integer constants as the lowered C computes them.  Clang's evaluator lays
// a pointer-to-shared out as its 8-byte pointer; sizeof, _Alignof and
// offsetof of a type holding one take the lowered layout here, and the
// operators around them are folded with C's conversions.  Expressions that
// do not depend on such a layout are Clang's to evaluate.
class LoweredFolder {
public:
  explicit LoweredFolder(const ASTContext &ctx) : ctx_(ctx) {}

  // Whether e's value depends on the layout of a type holding a
  // pointer-to-shared (directly or through an enumeration constant).
  // Remembered per node: fold asks again at every level of the tree.
  bool dependsOnLayout(const Expr *e) {
    if (!e) return false;
    e = e->IgnoreParens();
    auto known = exprDepends_.find(e);
    if (known != exprDepends_.end()) return known->second;
    bool d = false;
    if (const auto *u = dyn_cast<UnaryExprOrTypeTraitExpr>(e)) {
      d = isLayoutQuery(u->getKind()) && holdsPts(ctx_, u->getTypeOfArgument());
    } else if (const auto *o = dyn_cast<OffsetOfExpr>(e);
               o && holdsPts(ctx_, o->getTypeSourceInfo()->getType())) {
      d = true;
    } else if (const auto *r = dyn_cast<DeclRefExpr>(e);
               r && isa<EnumConstantDecl>(r->getDecl())) {
      d = enumDepends(cast<EnumConstantDecl>(r->getDecl()));
    } else {
      for (const Stmt *c : e->children())
        if (const auto *ce = dyn_cast_or_null<Expr>(c); ce && dependsOnLayout(ce)) {
          d = true;
          break;
        }
    }
    exprDepends_[e] = d;
    return d;
  }

  // e's value, or nothing when it is not an integer constant this models.
  std::optional<llvm::APSInt> fold(const Expr *e) {
    if (!e || e->isValueDependent()) return std::nullopt;
    if (!dependsOnLayout(e)) {
      Expr::EvalResult r;
      if (e->EvaluateAsInt(r, ctx_)) return r.Val.getInt();
      return std::nullopt;
    }
    QualType ty = e->getType();
    e = e->IgnoreParens();
    if (const auto *f = dyn_cast<FullExpr>(e)) return fold(f->getSubExpr());
    if (const auto *c = dyn_cast<CastExpr>(e)) {
      if (!ty->isIntegralOrEnumerationType()) return std::nullopt;
      auto v = fold(c->getSubExpr());
      return v ? std::optional(convert(*v, ty)) : std::nullopt;
    }
    if (const auto *u = dyn_cast<UnaryOperator>(e)) {
      auto v = fold(u->getSubExpr());
      if (!v) return std::nullopt;
      switch (u->getOpcode()) {
      case UO_Plus: return convert(*v, ty);
      case UO_Minus: return convert(-*v, ty);
      case UO_Not: return convert(~*v, ty);
      case UO_LNot: return boolean(!v->getBoolValue(), ty);
      default: return std::nullopt;
      }
    }
    if (const auto *b = dyn_cast<BinaryOperator>(e)) return binary(b, ty);
    if (const auto *c = dyn_cast<ConditionalOperator>(e)) {
      auto v = fold(c->getCond());
      if (!v) return std::nullopt;
      auto r = fold(v->getBoolValue() ? c->getTrueExpr() : c->getFalseExpr());
      return r ? std::optional(convert(*r, ty)) : std::nullopt;
    }
    if (const auto *u = dyn_cast<UnaryExprOrTypeTraitExpr>(e)) {
      uint64_t size, align;
      if (!isLayoutQuery(u->getKind()) || !loweredLayout(ctx_, u->getTypeOfArgument(), size, align))
        return std::nullopt;
      return convert(llvm::APSInt::getUnsigned(u->getKind() == UETT_SizeOf ? size : align), ty);
    }
    if (const auto *o = dyn_cast<OffsetOfExpr>(e)) return offsetOf(o, ty);
    if (const auto *d = dyn_cast<DeclRefExpr>(e))
      if (const auto *ec = dyn_cast<EnumConstantDecl>(d->getDecl())) {
        auto v = enumValue(ec);
        return v ? std::optional(convert(*v, ty)) : std::nullopt;
      }
    return std::nullopt;
  }

private:
  const ASTContext &ctx_;
  std::map<const Expr *, bool> exprDepends_;
  std::map<const EnumConstantDecl *, bool> depends_;
  std::map<const EnumConstantDecl *, std::optional<llvm::APSInt>> values_;

  static bool isLayoutQuery(UnaryExprOrTypeTrait k) {
    return k == UETT_SizeOf || k == UETT_AlignOf || k == UETT_PreferredAlignOf;
  }

  // The enumerator before ec in its enumeration (an implicit value is one more).
  static const EnumConstantDecl *previous(const EnumConstantDecl *ec) {
    const auto *ed = dyn_cast<EnumDecl>(ec->getDeclContext());
    if (!ed) return nullptr;
    const EnumConstantDecl *prev = nullptr;
    for (const EnumConstantDecl *x : ed->enumerators()) {
      if (x == ec) return prev;
      prev = x;
    }
    return nullptr;
  }

  bool enumDepends(const EnumConstantDecl *ec) {
    auto [it, fresh] = depends_.try_emplace(ec, false); // false while in progress
    if (!fresh) return it->second;
    bool d = ec->getInitExpr() ? dependsOnLayout(ec->getInitExpr())
                               : previous(ec) && enumDepends(previous(ec));
    depends_[ec] = d;
    return d;
  }

  std::optional<llvm::APSInt> enumValue(const EnumConstantDecl *ec) {
    if (!enumDepends(ec)) return ec->getInitVal();
    auto [it, fresh] = values_.try_emplace(ec, std::nullopt);
    if (!fresh) return it->second;
    std::optional<llvm::APSInt> v;
    if (ec->getInitExpr()) v = fold(ec->getInitExpr());
    else if (auto p = enumValue(previous(ec))) v = *p + 1;
    if (v) v = convert(*v, ec->getType());
    values_[ec] = v;
    return v;
  }

  llvm::APSInt convert(const llvm::APSInt &v, QualType ty) const {
    if (ty->isBooleanType()) return boolean(v.getBoolValue(), ty);
    llvm::APSInt r = v.extOrTrunc(ctx_.getIntWidth(ty));
    r.setIsUnsigned(ty->isUnsignedIntegerOrEnumerationType());
    return r;
  }

  llvm::APSInt boolean(bool b, QualType ty) const {
    return convert(llvm::APSInt::get(b ? 1 : 0), ty->isBooleanType() ? ctx_.IntTy : ty);
  }

  std::optional<llvm::APSInt> binary(const BinaryOperator *b, QualType ty) {
    BinaryOperatorKind op = b->getOpcode();
    auto l = fold(b->getLHS());
    if (!l) return std::nullopt;
    if (op == BO_LAnd || op == BO_LOr) {
      if (l->getBoolValue() == (op == BO_LOr)) return boolean(op == BO_LOr, ty);
      auto r = fold(b->getRHS());
      return r ? std::optional(boolean(r->getBoolValue(), ty)) : std::nullopt;
    }
    auto r = fold(b->getRHS());
    if (!r) return std::nullopt;
    if (op == BO_Shl || op == BO_Shr) {
      if (r->isNegative() || r->getZExtValue() >= l->getBitWidth()) return std::nullopt;
      unsigned n = unsigned(r->getZExtValue());
      return convert(op == BO_Shl ? *l << n : *l >> n, ty);
    }
    // The usual arithmetic conversions are in the AST: both sides have the
    // operands' common type.
    if (l->getBitWidth() != r->getBitWidth() || l->isUnsigned() != r->isUnsigned())
      return std::nullopt;
    switch (op) {
    case BO_Mul: return convert(*l * *r, ty);
    case BO_Div: return *r == 0 ? std::nullopt : std::optional(convert(*l / *r, ty));
    case BO_Rem: return *r == 0 ? std::nullopt : std::optional(convert(*l % *r, ty));
    case BO_Add: return convert(*l + *r, ty);
    case BO_Sub: return convert(*l - *r, ty);
    case BO_LT: return boolean(*l < *r, ty);
    case BO_GT: return boolean(*l > *r, ty);
    case BO_LE: return boolean(*l <= *r, ty);
    case BO_GE: return boolean(*l >= *r, ty);
    case BO_EQ: return boolean(*l == *r, ty);
    case BO_NE: return boolean(*l != *r, ty);
    case BO_And: return convert(*l & *r, ty);
    case BO_Xor: return convert(*l ^ *r, ty);
    case BO_Or: return convert(*l | *r, ty);
    default: return std::nullopt;
    }
  }

  std::optional<llvm::APSInt> offsetOf(const OffsetOfExpr *o, QualType ty) {
    QualType cur = o->getTypeSourceInfo()->getType();
    uint64_t off = 0;
    for (unsigned i = 0; i < o->getNumComponents(); i++) {
      const OffsetOfNode &n = o->getComponent(i);
      if (n.getKind() == OffsetOfNode::Field) {
        const FieldDecl *f = n.getField();
        uint64_t size, align, at = 0;
        if (!loweredRecord(ctx_, f->getParent(), size, align, f, &at)) return std::nullopt;
        off += at;
        cur = f->getType();
      } else if (n.getKind() == OffsetOfNode::Array) {
        const ArrayType *a = ctx_.getAsArrayType(cur);
        auto idx = fold(o->getIndexExpr(n.getArrayExprIndex()));
        uint64_t size, align;
        if (!a || !idx || !loweredLayout(ctx_, a->getElementType(), size, align))
          return std::nullopt;
        off += uint64_t(idx->getExtValue()) * size;
        cur = a->getElementType();
      } else {
        return std::nullopt;
      }
    }
    return convert(llvm::APSInt::getUnsigned(off), ty);
  }
};

void Consumer::resolveStaticAsserts(ASTContext &ctx) {
  struct Finder : upc::AstVisitor {
    std::vector<const StaticAssertDecl *> found;
    bool VisitStaticAssertDecl(StaticAssertDecl *d) override {
      found.push_back(d);
      return true;
    }
  } finder;
  finder.TraverseDecl(ctx.getTranslationUnitDecl());
  LoweredFolder folder(ctx);
  for (const StaticAssertDecl *d : finder.found) {
    const Expr *cond = d->getAssertExpr();
    if (!folder.dependsOnLayout(cond)) continue;
    auto holds = folder.fold(cond);
    if (!holds) continue;
    SourceLocation b = sm->getFileLoc(d->getBeginLoc()), e = sm->getFileLoc(d->getEndLoc());
    AssertDiag *clangs = nullptr;
    for (AssertDiag &a : assertDiags) {
      SourceLocation l = sm->getFileLoc(a.loc);
      if (!sm->isBeforeInTranslationUnit(l, b) && !sm->isBeforeInTranslationUnit(e, l))
        clangs = &a;
    }
    if (clangs) { // its notes show Clang's values
      for (size_t i : clangs->lines) lines[i].clear();
      errors--;
    }
    if (!holds->getBoolValue()) {
      std::string msg = "static assertion failed";
      if (const auto *m = dyn_cast_or_null<StringLiteral>(d->getMessage()))
        msg += ": " + m->getString().str();
      report(cond->getBeginLoc(), true, msg);
    }
  }
}

// UPC 1.3 6.4.4 (Semantics 1): `&` of a shared structure element of type T
// has type `shared [] T *` — the whole structure lives on one thread, so
// arithmetic on the address stays there.  Clang gives the member the
// structure's own layout qualifier; the casts this finds give the address
// the indefinite layout in the text, so that Sema, the optimizer and the
// lowering all see UPC's type (the cast resets the phase, which an
// indefinite pointer does not have).  A member array used as a value decays
// to the same type; subscripting one (`s.a[i]`) stays an access.
struct MemberAddressFinder : upc::AstVisitor {
  ASTContext &ctx;
  std::vector<std::pair<const Expr *, QualType>> found; // expression, its UPC type
  std::set<const Expr *> settled; // already converted to shared [] by a cast
  std::set<const Expr *> subscripted;
  explicit MemberAddressFinder(ASTContext &ctx) : ctx(ctx) {}

  static bool sharedLValue(const Expr *e) {
    LangAS as = e->getType().getAddressSpace();
    return isTargetAddressSpace(as) && isShared(toTargetAddressSpace(as));
  }
  // Whether lvalue e lies inside one element of a shared structure.
  static bool inStruct(const Expr *e) {
    e = e->IgnoreParens();
    if (!sharedLValue(e)) return false;
    if (isa<MemberExpr>(e)) return true;
    if (const auto *ase = dyn_cast<ArraySubscriptExpr>(e))
      if (const auto *ice = dyn_cast<ImplicitCastExpr>(ase->getBase()->IgnoreParens()))
        return ice->getCastKind() == CK_ArrayToPointerDecay && inStruct(ice->getSubExpr());
    return false;
  }
  void consider(const Expr *e) { consider(e, e->getType()); }
  // e of (pointer) type t, or an array e that decays to t.
  void consider(const Expr *e, QualType t) {
    unsigned as;
    if (settled.count(e) || !sharedPointee(t, &as) || blockSize(as) == 0) return;
    QualType pointee = ctx.removeAddrSpaceQualType(t->getPointeeType());
    LangAS indefinite = getLangASFromTargetAS(encodeShared(0, consistency(as)));
    found.push_back({e, ctx.getPointerType(ctx.getAddrSpaceQualType(pointee, indefinite))});
  }
  bool VisitExplicitCastExpr(ExplicitCastExpr *c) override {
    unsigned as;
    if (sharedPointee(c->getType(), &as) && blockSize(as) == 0)
      settled.insert(c->getSubExpr()->IgnoreParens());
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *e) override {
    subscripted.insert(e->getBase()->IgnoreParens());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *u) override {
    if (u->getOpcode() == UO_AddrOf && inStruct(u->getSubExpr())) consider(u);
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *c) override {
    if (c->getCastKind() == CK_ArrayToPointerDecay && !subscripted.count(c) &&
        inStruct(c->getSubExpr()))
      consider(c);
    return true;
  }
  // A conversion Sema rejected (the frontend fixes it in a later round)
  // keeps its operand undecayed: `shared [] T *p = s.arr;`.
  bool VisitRecoveryExpr(RecoveryExpr *r) override {
    for (Expr *e : r->subExpressions()) // recovery may leave an operand without a type
      if (e && !e->getType().isNull() && e->getType()->isArrayType() && inStruct(e))
        consider(e->IgnoreParens(), ctx.getArrayDecayedType(e->getType()));
    return true;
  }
};

// The casts that give the addresses of shared structure elements UPC's type
// (MemberAddressFinder), as edits of the text ctx was parsed from.
std::vector<Edit> memberAddressFixes(ASTContext &ctx) {
  MemberAddressFinder f(ctx);
  f.TraverseDecl(ctx.getTranslationUnitDecl());
  std::vector<Edit> edits;
  const SourceManager &sm = ctx.getSourceManager();
  PrintingPolicy pol{LangOptions()};
  for (auto &[e, t] : f.found) {
    SourceLocation b = sm.getFileLoc(e->getBeginLoc()), end = sm.getFileLoc(e->getEndLoc());
    if (sm.getFileID(b) != sm.getMainFileID() || sm.getFileID(end) != sm.getMainFileID())
      continue;
    unsigned bo = sm.getFileOffset(b);
    unsigned eo = sm.getFileOffset(end) + Lexer::MeasureTokenLength(end, sm, LangOptions());
    if (eo < bo) continue;
    // A type without a name cannot be spelled in a cast (the lowering
    // rejects accesses to such members' insides anyway).
    std::string ts = t.getAsString(pol);
    if (ts.find("(unnamed") != std::string::npos || ts.find("(anonymous") != std::string::npos)
      continue;
    edits.push_back({bo, 0, "((" + ts + ")(", unsigned(edits.size())});
    edits.push_back({eo, 0, "))", unsigned(edits.size())});
  }
  return edits;
}

// One past the ')' matching the '(' at i of a C text, or npos.
size_t matchParen(const std::string &s, size_t i) {
  int depth = 0;
  for (; i < s.size(); i++) {
    char c = s[i];
    if (c == '"' || c == '\'') {
      for (i++; i < s.size() && s[i] != c; i++)
        if (s[i] == '\\') i++;
    } else if (c == '(') {
      depth++;
    } else if (c == ')' && --depth == 0) {
      return i + 1;
    }
  }
  return std::string::npos;
}

// The sizeof expressions standing for the upc_*sizeof constructs, by offset.
struct SizeofFinder : upc::AstVisitor {
  SourceManager &sm;
  const std::map<unsigned, size_t> &at;
  std::map<size_t, const UnaryExprOrTypeTraitExpr *> found;
  SizeofFinder(SourceManager &sm, const std::map<unsigned, size_t> &at) : sm(sm), at(at) {}
  bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *e) override {
    if (e->getKind() != UETT_SizeOf || !e->isArgumentType()) return true;
    SourceLocation l = sm.getSpellingLoc(e->getOperatorLoc());
    if (!sm.isInMainFile(l)) return true;
    auto it = at.find(sm.getFileOffset(l));
    if (it != at.end()) found[it->second] = e;
    return true;
  }
};

// Values of block sizes / dimensions the surface pass could not compute,
// from a parse with the expressions appended as constants.  The operand of
// a upc_*sizeof construct is typed where it stands (it may name locals):
// the construct becomes `(sizeof(__typeof__(OPERAND) *) * 0 + K)` there, an
// integer constant in any context, whose type the parse tells.  (A construct inside
// another one's operand is asked at file scope instead.)
// atFileScope: the constructs to ask at file scope; *lost gets those asked in
// place whose declaration Clang dropped (a bit-field of 0x3f3f0000 bits).
void evaluateRequestsOnce(const std::string &pp, const SourceMap &map, const EditedText &out,
                          const std::vector<ConstRequest> &reqs, const FrontendOptions &opts,
                          std::map<unsigned, long long> &known,
                          const std::vector<bool> &atFileScope, std::vector<bool> &lost) {
  const std::string &text = out.text();
  struct Span { size_t b, e, ob, oe, k; };
  std::vector<Span> spans;
  for (size_t k = 0; k < reqs.size(); k++) {
    if (reqs[k].kind == 0) continue;
    // The operand's last character maps into the text; its end may not
    // (a ')' the surface pass inserted right after it).
    size_t ob = out.fromOriginal(reqs[k].ppBegin), oe = out.fromOriginal(reqs[k].ppEnd - 1) + 1;
    size_t b = out.fromOriginal(reqs[k].key);
    size_t lp = text.find('(', b);
    size_t e = lp == std::string::npos ? lp : matchParen(text, lp);
    if (oe < ob || oe > text.size() || e == std::string::npos || ob < b || oe > e) continue;
    spans.push_back({b, e, ob, oe, k});
  }
  std::sort(spans.begin(), spans.end(), [](const Span &x, const Span &y) { return x.b < y.b; });
  std::string code;
  std::map<unsigned, size_t> at; // offset of an inserted `sizeof` -> request
  std::vector<bool> inPlace(reqs.size(), false);
  size_t pos = 0;
  for (const Span &sp : spans) {
    if (sp.b < pos) continue; // inside another construct's operand
    std::string operand = text.substr(sp.ob, sp.oe - sp.ob);
    if (operand.find("\n#") != std::string::npos) continue; // a line marker stays a line
    if (atFileScope[sp.k]) continue;
    // The construct on one line, its line breaks after it: the lines keep
    // their numbers.
    std::replace(operand.begin(), operand.end(), '\n', ' ');
    code.append(text, pos, sp.b - pos);
    code += "(";
    at[unsigned(code.size())] = sp.k;
    // A value of its own: equal ones would be duplicate case labels.
    code += "sizeof(__typeof__(" + operand + ") *) * 0 + " + std::to_string(0x3f3f0000 + sp.k) + ")";
    code.append(size_t(std::count(text.begin() + sp.b, text.begin() + sp.e, '\n')), '\n');
    pos = sp.e;
    inPlace[sp.k] = true;
  }
  code.append(text, pos, std::string::npos);
  code += "\n";
  for (size_t k = 0; k < reqs.size(); k++) {
    if (reqs[k].kind == 0) {
      code += "static const long long __upcc_ce_" + std::to_string(k) + " = (" + reqs[k].expr + ");\n";
    } else if (!inPlace[k]) {
      unsigned b = out.fromOriginal(reqs[k].ppBegin), e = out.fromOriginal(reqs[k].ppEnd - 1) + 1;
      if (e < b || e > text.size()) continue;
      std::string operand = text.substr(b, e - b);
      for (char &c : operand)
        if (c == '\n') c = ' ';
      code += "static __typeof__(" + operand + ") *__upcc_ce_" + std::to_string(k) + ";\n";
    }
  }
  IgnoringDiagConsumer ignore;
  static const std::vector<EditedText> noLayers;
  CrashGuard guard(nullptr, {&pp, &map, &out, &noLayers});
  std::unique_ptr<ASTUnit> ast = tooling::buildASTFromCodeWithArgs(
      code, semaArgs(opts), virtualName(opts), "upcc",
      std::make_shared<PCHContainerOperations>(), tooling::getClangStripDependencyFileAdjuster(),
      tooling::FileContentMappings(), &ignore);
  known[UINT_MAX] = 0; // marks the second round: unknown values are errors now
  if (!ast) return;
  // upc_blocksizeof(*&s.m): the operands with the members' UPC types.  In
  // rounds, as in runFrontend: an earlier conversion Sema rejects (fixed by
  // this round's casts) can hide the next round's members from it.
  std::string fixedCode = code;
  for (int round = 0; round < 8; round++) {
    std::vector<Edit> members = memberAddressFixes(ast->getASTContext());
    if (members.empty()) break;
    EditedText fixed(fixedCode, members);
    std::map<unsigned, size_t> moved;
    for (auto &[off, k] : at) moved[fixed.fromOriginal(off)] = k;
    at = moved;
    fixedCode = fixed.text();
    ast = tooling::buildASTFromCodeWithArgs(
        fixedCode, semaArgs(opts), virtualName(opts), "upcc",
        std::make_shared<PCHContainerOperations>(), tooling::getClangStripDependencyFileAdjuster(),
        tooling::FileContentMappings(), &ignore);
    if (!ast) return;
  }
  ASTContext &ctx = ast->getASTContext();
  auto answer = [&](size_t k, QualType t, const Expr *operand) {
    if (auto v = sizeofValue(ctx, reqs[k].kind, t, operand, opts.staticThreads))
      known[reqs[k].key] = *v;
  };
  SizeofFinder finder(ast->getSourceManager(), at);
  finder.TraverseDecl(ctx.getTranslationUnitDecl());
  for (size_t k = 0; k < reqs.size(); k++)
    if (inPlace[k] && !finder.found.count(k)) lost[k] = true;
  for (auto &[k, e] : finder.found) {
    const PointerType *pt = e->getArgumentType()->getAs<PointerType>();
    if (!pt) continue;
    QualType t = pt->getPointeeType();
    const Expr *operand = nullptr;
    if (auto *toe = dyn_cast<TypeOfExprType>(t.getTypePtr())) operand = toe->getUnderlyingExpr();
    // A type operand arrives as `(T *)0`: its type is T.
    if (auto *cs = operand ? dyn_cast<CStyleCastExpr>(operand->IgnoreParens()) : nullptr) {
      const Expr *z = cs->getSubExpr()->IgnoreParenImpCasts();
      if (auto *il = dyn_cast<IntegerLiteral>(z))
        if (il->getValue() == 0 && cs->getType()->isPointerType()) {
          t = cs->getType()->getPointeeType();
          operand = nullptr;
        }
    }
    answer(k, t, operand);
  }
  LoweredFolder folder(ctx);
  for (Decl *d : ctx.getTranslationUnitDecl()->decls()) {
    auto *vd = dyn_cast<VarDecl>(d);
    if (!vd || !vd->getIdentifier()) continue;
    StringRef n = vd->getName();
    if (!n.starts_with("__upcc_ce_")) continue;
    unsigned k = 0;
    if (n.drop_front(10).getAsInteger(10, k) || k >= reqs.size()) continue;
    if (reqs[k].kind != 0) {
      const PointerType *pt = vd->getType()->getAs<PointerType>();
      if (!pt || vd->isInvalidDecl()) continue;
      QualType t = pt->getPointeeType();
      const Expr *operand = nullptr;
      if (auto *toe = dyn_cast<TypeOfExprType>(t.getTypePtr())) operand = toe->getUnderlyingExpr();
      answer(k, t, operand);
      continue;
    }
    if (reqs[k].ifLayout && !folder.dependsOnLayout(vd->getInit())) continue;
    if (auto v = folder.fold(vd->getInit())) known[reqs[k].key] = v->getExtValue();
  }
}

void evaluateRequests(const std::string &pp, const SourceMap &map, const EditedText &out,
                      const std::vector<ConstRequest> &reqs,
                      const FrontendOptions &opts, std::map<unsigned, long long> &known) {
  std::vector<bool> none(reqs.size(), false), lost(reqs.size(), false);
  evaluateRequestsOnce(pp, map, out, reqs, opts, known, none, lost);
  if (std::find(lost.begin(), lost.end(), true) != lost.end()) {
    std::vector<bool> again(reqs.size(), false);
    evaluateRequestsOnce(pp, map, out, reqs, opts, known, lost, again);
  }
}

} // namespace
} // namespace fe

FrontendResult runFrontend(const std::string &pp, const FrontendOptions &opts) {
  using namespace fe;
  FrontendResult res;
  // The source map keeps a reference: hold the text for the AST's lifetime.
  auto ppHold = std::make_shared<std::string>(pp);
  auto map = std::make_shared<SourceMap>(*ppHold);
  std::map<unsigned, long long> known;
  auto clock = std::chrono::steady_clock::now();
  auto lap = [&clock] {
    auto now = std::chrono::steady_clock::now();
    double d = std::chrono::duration<double>(now - clock).count();
    clock = now;
    return d;
  };
  auto s = std::make_shared<SurfaceOut>(surfacePass(*ppHold, *map, opts, known));
  if (!s->requests.empty()) {
    evaluateRequests(*ppHold, *map, s->out, s->requests, opts, known);
    bool consts = false, sizeofs = false;
    for (auto &r : s->requests) (r.kind == 0 ? consts : sizeofs) = true;
    if (consts && sizeofs)
      for (auto &r : s->requests)
        if (r.kind != 0) known.erase(r.key);
    *s = surfacePass(*ppHold, *map, opts, known);
    if (consts && sizeofs) {
      // upc_blocksizeof(a) of an `a` whose block size was just computed:
      // the first answer saw the placeholder block size.  Ask again, of a
      // text with the block sizes in it.
      std::vector<ConstRequest> again;
      for (auto &r : s->requests)
        if (r.kind != 0) again.push_back(r);
      if (!again.empty()) {
        evaluateRequests(*ppHold, *map, s->out, again, opts, known);
        *s = surfacePass(*ppHold, *map, opts, known);
      }
    }
  }
  // -w silences warnings; -Werror keeps the conversion warnings errors.
  bool noWarn = false, werror = false;
  for (auto &a : opts.clangArgs) {
    noWarn |= a == "-w";
    werror |= a == "-Werror";
  }
  res.surfaceSeconds = lap();
  if (!noWarn)
    for (auto &w : s->warnings) llvm::errs() << w;
  if (!s->errors.empty()) {
    for (auto &e : s->errors) llvm::errs() << e;
    llvm::errs() << s->errors.size() << (s->errors.size() == 1 ? " error" : " errors")
                 << " generated.\n";
    return res;
  }

  auto layers = std::make_shared<std::vector<EditedText>>();
  std::string text = s->out.text();
  // The consumer outlives the AST that reports to it (declared first).
  std::shared_ptr<Consumer> consumer;
  std::unique_ptr<ASTUnit> ast;
  std::vector<std::string> fixWarnings;
  bool limitErrors = false; // a last round that reports at most 50 errors
  for (int round = 0;; round++) {
    bool fixing = round < 8 && !limitErrors;
    size_t warningsBefore = fixWarnings.size();
    ast.reset();
    consumer = std::make_shared<Consumer>(*ppHold, *map, s->out, *layers, fixing,
                                          werror ? nullptr : &fixWarnings);
    {
      CrashGuard guard(consumer.get(), {ppHold.get(), map.get(), &s->out, layers.get()});
      ast = tooling::buildASTFromCodeWithArgs(
          text, semaArgs(opts, fixing), virtualName(opts), "upcc",
          std::make_shared<PCHContainerOperations>(), tooling::getClangStripDependencyFileAdjuster(),
          tooling::FileContentMappings(), consumer.get());
    }
    std::vector<Edit> fixes = consumer->fixes;
    if (ast && consumer->errors == 0 && fixing) {
      // The members' addresses first: the conversions fixed after them
      // then speak of their UPC types.
      std::vector<Edit> members = memberAddressFixes(ast->getASTContext());
      if (!members.empty()) {
        fixes = members;
        fixWarnings.resize(warningsBefore);
      }
    }
    if (!fixes.empty() && fixing) {
      layers->push_back(EditedText(text, fixes));
      text = layers->back().text();
      continue;
    }
    if (fixing && consumer->errors > 50) {
      fixWarnings.resize(warningsBefore);
      limitErrors = true;
      continue;
    }
    break;
  }
  if (ast) {
    consumer->ctx = &ast->getASTContext();
    consumer->sm = &ast->getSourceManager();
    consumer->resolveStaticAsserts(ast->getASTContext());
    if (consumer->errors == 0) runChecks(ast->getASTContext(), *consumer);
  }
  res.semaSeconds = lap();
  if (!noWarn) {
    for (auto &w : fixWarnings) llvm::errs() << w;
    consumer->warnings += unsigned(fixWarnings.size() + s->warnings.size());
  }
  for (auto &l : consumer->lines) llvm::errs() << l;
  consumer->lines.clear();
  consumer->live = true;
  unsigned nerr = consumer->errors;
  if (!ast && nerr == 0) {
    llvm::errs() << "upcc: error: the C front end failed on " << opts.inputName << "\n";
    nerr = 1;
  }
  if (nerr || consumer->warnings) {
    if (consumer->warnings)
      llvm::errs() << consumer->warnings << (consumer->warnings == 1 ? " warning" : " warnings")
                   << (nerr ? " and " : " generated.\n");
    if (nerr) llvm::errs() << nerr << (nerr == 1 ? " error" : " errors") << " generated.\n";
  }
  res.surfaceText = text;
  // Pragma regions in the final text's offsets.
  for (auto &r : s->pragmasPP) {
    unsigned off = s->out.fromOriginal(r.offset);
    for (auto &l : *layers) off = l.fromOriginal(off);
    res.info.pragmas.push_back({off, r.mode});
  }
  if (nerr) return res;
  // Keep what the consumer refers to alive with the AST (lowering may report
  // through the AST's diagnostics engine later).
  static std::vector<std::shared_ptr<void>> keep;
  keep.push_back(ppHold);
  keep.push_back(map);
  keep.push_back(s);
  keep.push_back(layers);
  keep.push_back(consumer);
  Consumer *c = consumer.get();
  res.info.userLocation = [c](SourceLocation l) {
    Loc x = c->locate(l);
    return x.valid ? x.file + ":" + std::to_string(x.line) + ":" + std::to_string(x.col)
                   : std::string("<unknown>");
  };
  res.ast = std::move(ast);
  return res;
}

} // namespace upc
