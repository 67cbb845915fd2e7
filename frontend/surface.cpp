// surface.cpp — the UPC surface pass: rewrites UPC syntax in the preprocessed
// token stream into C that stock Clang parses (see upc_encoding.h), keeping
// every newline where it was so Clang's locations stay on the user's lines.
// This file drives it: the tokens (surface_lex.cpp), `#pragma upc`, then
// each UPC construct to the file that rewrites it; the edits, diagnostics
// and constant requests it collects are the SurfaceOut.
#include "surface_internal.h"

#include <algorithm>

namespace upc::fe {

const std::unordered_set<std::string> kTypeKeywords = {
    "void", "char", "short", "int", "long", "float", "double", "signed", "unsigned",
    "_Bool", "_Complex", "_Imaginary", "__int128", "__signed__", "__signed",
    "_Float128", "__float128", "_Float16", "_Float32", "_Float64", "__fp16",
    "__builtin_va_list", "__int128_t", "__uint128_t", "_Decimal32", "_Decimal64",
    "_Decimal128", "__bf16"};
const std::unordered_set<std::string> kOtherSpecKeywords = {
    "typedef", "extern", "static", "auto", "register", "_Thread_local", "__thread",
    "const", "volatile", "restrict", "__restrict", "__restrict__", "__const",
    "__volatile", "__volatile__", "inline", "__inline", "__inline__", "_Noreturn",
    "__extension__", "shared", "strict", "relaxed"};
const std::unordered_set<std::string> kParenSpecKeywords = {
    "__attribute__", "__attribute", "_Alignas", "__declspec", "__typeof__", "typeof",
    "__typeof", "_Atomic", "__asm__", "__asm", "asm"};
const std::unordered_set<std::string> kPtrQualKeywords = {
    "const", "volatile", "restrict", "__restrict", "__restrict__", "__const",
    "__volatile", "__volatile__", "_Nonnull", "_Nullable", "shared", "strict",
    "relaxed"};

bool Surface::isKeyword(const std::string &s) const {
  return kTypeKeywords.count(s) || kOtherSpecKeywords.count(s) ||
         kParenSpecKeywords.count(s) || s == "struct" || s == "union" || s == "enum" ||
         s == "sizeof" || s == "return" || s == "if" || s == "else" || s == "for" ||
         s == "while" || s == "do" || s == "switch" || s == "case" || s == "default" ||
         s == "goto" || s == "break" || s == "continue" || s == "_Alignof" ||
         s == "__alignof__" || s == "_Static_assert" || s == "_Generic";
}

// ---------------------------------------------------------------- diagnostics

void Surface::error(int tok, const std::string &msg) {
  // Like the -ferror-limit=50 Clang gets: each error prints its whole source
  // line, so one per token of a long macro-expanded line took minutes.
  static const size_t kLimit = 50;
  if (out.errors.size() > kLimit) return;
  unsigned off = tok >= 0 && tok < int(T.size()) ? T[tok].off : unsigned(pp_.size());
  if (out.errors.size() == kLimit) {
    out.errors.push_back(formatDiag(map_.locate(off), "fatal error",
                                    "too many errors emitted, stopping now"));
    return;
  }
  out.errors.push_back(formatDiag(map_.locate(off), "error", msg));
}

void Surface::warning(int tok, const std::string &msg) {
  unsigned off = tok >= 0 && tok < int(T.size()) ? T[tok].off : unsigned(pp_.size());
  out.warnings.push_back(formatDiag(map_.locate(off), "warning", msg));
}

// Index of the token matching the bracket at i, or -1.
int Surface::match(int i) const {
  char open = pp_[T[i].off], close = open == '(' ? ')' : open == '[' ? ']' : '}';
  int depth = 0;
  for (int j = i; j < int(T.size()); j++) {
    if (T[j].kind != Tok::Punct || T[j].len != 1) continue;
    char c = pp_[T[j].off];
    if (c == open) depth++;
    else if (c == close && --depth == 0) return j;
  }
  return -1;
}

// ---------------------------------------------------------------- pragmas

// The '#' of the directive line at b: clang -E moves it to column 1.
Loc Surface::pragmaLoc(size_t b) const {
  Loc loc = map_.locate(unsigned(b));
  size_t h = loc.srcLine.find('#');
  if (loc.valid && h != std::string::npos) loc.col = unsigned(h + 1);
  return loc;
}

// "#pragma upc strict|relaxed|upc_code|c_code": the directive line goes,
// a consistency region starts.
void Surface::pragma(const Directive &d) {
  auto tx = [&](size_t k) {
    return k < d.toks.size() ? tokenSpelling(pp_, d.toks[k]) : std::string();
  };
  if (tx(0) != "pragma" || tx(1) != "upc") return;
  std::string what = tx(2);
  Loc loc = pragmaLoc(d.begin);
  bool known = what == "strict" || what == "relaxed" || what == "upc_code" || what == "c_code";
  if (known && d.toks.size() > 3)
    out.warnings.push_back(formatDiag(loc, "warning", "extra tokens at end of '#pragma upc " +
                                                          what + "' ignored"));
  if (what == "strict" || what == "relaxed") {
    out.pragmasPP.push_back({d.begin, what == "strict" ? Consistency::Strict : Consistency::Relaxed});
  } else if (what == "upc_code" || what == "c_code") {
    // Accepted for Berkeley compatibility; no effect.
  } else if (what.empty()) {
    out.warnings.push_back(formatDiag(loc, "warning",
        "'#pragma upc' without a directive ignored (expected strict, relaxed, upc_code or c_code)"));
  } else {
    out.warnings.push_back(formatDiag(loc, "warning",
        "unknown '#pragma upc " + what + "' ignored (expected strict, relaxed, upc_code or c_code)"));
  }
  edits.push_back({d.begin, d.end - d.begin, std::string(), seq++});
}

// The consistency regions of the '#pragma upc' lines outside system headers.
// Pragmas inside a compound statement hold until its closing brace.
void Surface::pragmaRegions(const std::vector<Directive> &directives) {
  std::vector<int> braceAt(T.size() + 1, 0);
  int depth = 0;
  for (size_t k = 0; k < T.size(); k++) {
    braceAt[k] = depth;
    if (is(int(k), "{")) depth++;
    else if (is(int(k), "}")) depth--;
  }
  braceAt[T.size()] = depth;
  Consistency current = Consistency::Relaxed;
  for (const Directive &dir : directives) {
    if (dir.sys) continue;
    size_t before = out.pragmasPP.size();
    pragma(dir);
    if (out.pragmasPP.size() == before) continue;
    Consistency prev = current;
    current = out.pragmasPP.back().mode;
    size_t tk = dir.nextTok;
    int d = braceAt[tk];
    // UPC 1.3 6.7.1: outside external declarations, or before every
    // declaration and statement of a compound statement.
    if (d > 0 && tk > 0 && !is(int(tk) - 1, "{"))
      out.warnings.push_back(formatDiag(pragmaLoc(dir.begin), "warning",
          "'#pragma upc " + std::string(current == Consistency::Strict ? "strict" : "relaxed") +
          "' after declarations or statements of a block; UPC allows it only outside "
          "declarations or at the start of a compound statement (it applies from here "
          "to the end of the block)"));
    if (d > 0) {
      // Find the '}' closing the enclosing block.
      int dd = 0;
      for (size_t k = tk; k < T.size(); k++) {
        if (is(int(k), "{")) dd++;
        else if (is(int(k), "}") && dd-- == 0) {
          out.pragmasPP.push_back({T[k].off, prev});
          current = prev;
          break;
        }
      }
    }
  }
  std::stable_sort(out.pragmasPP.begin(), out.pragmasPP.end(),
                   [](const SurfaceInfo::PragmaRegion &a, const SurfaceInfo::PragmaRegion &b) {
                     return a.offset < b.offset;
                   });
}

// ---------------------------------------------------------------- the pass

SurfaceOut Surface::run() {
  LexedText lexed = lexPreprocessed(pp_);
  T = std::move(lexed.toks);
  spliced_ = std::move(lexed.splicedSpellings);
  done.assign(T.size(), 0);
  pragmaRegions(lexed.directives);

  for (int i = 0; i < int(T.size()); i++) {
    if (done[i] || T[i].kind != Tok::Ident) continue;
    if (T[i].sys) {
      if (is(i, "typedef")) {
        int b;
        int s = declStart(i, &b);
        analyzeDeclaration(s, b);
      }
      continue;
    }
    std::string t = text(i);
    if (t == "shared" || t == "strict" || t == "relaxed") {
      // A qualifier is followed by a type, another qualifier, a declarator
      // or a layout; otherwise it is an ordinary identifier (a parameter
      // named `strict` in a C header).
      // After '*' it may also end an abstract declarator: the type name of
      // a cast or sizeof, an unnamed parameter (`(shared int *shared)`).
      int q = i - 1;
      while (q >= 0 && kPtrQualKeywords.count(text(q))) q--;
      bool afterStar = q >= 0 && is(q, "*");
      if (isIdent(i + 1) || is(i + 1, "*") || is(i + 1, "(") || (t == "shared" && is(i + 1, "[")) ||
          (afterStar && (is(i + 1, ")") || is(i + 1, ","))))
        handleQualifiers(i);
    } else if (t == "typedef") {
      int b;
      int s = declStart(i, &b);
      analyzeDeclaration(s, b);
    } else if (t == "upc_forall") {
      handleForall(i);
    } else if (t == "upc_barrier") {
      handleBarrier(i, "__upcc_barrier");
    } else if (t == "upc_notify") {
      handleBarrier(i, "__upcc_notify");
    } else if (t == "upc_wait") {
      handleBarrier(i, "__upcc_wait");
    } else if (t == "upc_fence") {
      handleFence(i);
    } else if (t == "upcx_async" && is(i + 1, "(")) {
      handleAsync(i);
    } else if (t == "upc_localsizeof") {
      handleSizeof(i, "__upcc_localsizeof");
    } else if (t == "upc_blocksizeof") {
      handleSizeof(i, "__upcc_blocksizeof");
    } else if (t == "upc_elemsizeof") {
      handleSizeof(i, "__upcc_elemsizeof");
    } else if (sharedTypedefs.count(t)) {
      int b;
      int s = declStart(i, &b);
      if (!(b >= 0 && is(b, "*"))) analyzeDeclaration(s, b);
    }
  }
  out.out = EditedText(pp_, std::move(edits));
  return std::move(out);
}

SurfaceOut surfacePass(const std::string &pp, const SourceMap &map,
                       const FrontendOptions &opts,
                       const std::map<unsigned, long long> &known) {
  Surface s(pp, map, opts, known);
  return s.run();
}

std::string sharedQualSpelling(unsigned as) {
  if (!isShared(as)) return "__attribute__((address_space(" + std::to_string(as) + ")))";
  std::string s;
  switch (consistency(as)) {
  case Consistency::Strict: s = "strict "; break;
  case Consistency::Relaxed: s = "relaxed "; break;
  default: break;
  }
  s += "shared";
  unsigned b = blockSize(as);
  if (b == 0) s += " []";
  else if (b != 1) s += " [" + std::to_string(b) + "]";
  return s;
}

} // namespace upc::fe
