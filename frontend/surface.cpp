// surface.cpp — the UPC surface pass: rewrites UPC syntax in the preprocessed
// token stream into C that stock Clang parses (see upc_encoding.h), keeping
// every newline where it was so Clang's locations stay on the user's lines.
#include "internal.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <optional>
#include <set>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

namespace upc::fe {

// ---------------------------------------------------------------- lexing

static bool isIdStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$' ||
         (static_cast<unsigned char>(c) >= 0x80);
}
static bool isIdChar(char c) {
  return isIdStart(c) || std::isdigit(static_cast<unsigned char>(c));
}

static const char *const kPuncts[] = {
    "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=",
    "&&", "||", "*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##", "<:", ":>",
    "<%", "%>"};

// Lexes one token at s[i] (i < end, not whitespace).  Returns its length.
static unsigned lexOne(const std::string &s, size_t i, size_t end, Tok::Kind &kind) {
  char c = s[i];
  size_t j = i;
  auto quoted = [&](char q) {
    j = i;
    while (j < end && s[j] != q) j++; // prefix (L, u8, ...)
    j++;
    while (j < end && s[j] != q && s[j] != '\n') {
      if (s[j] == '\\' && j + 1 < end) j++;
      j++;
    }
    if (j < end && s[j] == q) j++;
    return unsigned(j - i);
  };
  if (isIdStart(c)) {
    while (j < end && isIdChar(s[j])) j++;
    // String/char literal prefixes.
    std::string id = s.substr(i, j - i);
    if (j < end && (s[j] == '"' || s[j] == '\'') &&
        (id == "L" || id == "u" || id == "U" || id == "u8")) {
      kind = s[j] == '"' ? Tok::String : Tok::Char;
      return quoted(s[j]);
    }
    kind = Tok::Ident;
    return unsigned(j - i);
  }
  if (std::isdigit(static_cast<unsigned char>(c)) ||
      (c == '.' && i + 1 < end && std::isdigit(static_cast<unsigned char>(s[i + 1])))) {
    j = i + 1;
    while (j < end) {
      char d = s[j];
      if ((d == '+' || d == '-') &&
          (s[j - 1] == 'e' || s[j - 1] == 'E' || s[j - 1] == 'p' || s[j - 1] == 'P')) {
        j++;
        continue;
      }
      if (isIdChar(d) || d == '.') { j++; continue; }
      break;
    }
    kind = Tok::Number;
    return unsigned(j - i);
  }
  if (c == '"') { kind = Tok::String; return quoted('"'); }
  if (c == '\'') { kind = Tok::Char; return quoted('\''); }
  kind = Tok::Punct;
  for (const char *p : kPuncts) {
    size_t n = std::strlen(p);
    if (i + n <= end && s.compare(i, n, p) == 0) return unsigned(n);
  }
  return 1;
}

// Lexes s; directive lines are handed to onDirective(begin, end) instead.
static void lexText(const std::string &s, std::vector<Tok> &out,
                    const std::function<void(size_t, size_t)> &onDirective,
                    const std::function<bool()> &sysNow) {
  size_t i = 0, end = s.size();
  bool lineStart = true;
  while (i < end) {
    char c = s[i];
    if (c == '\n') { lineStart = true; i++; continue; }
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') { i++; continue; }
    if (c == '\\' && i + 1 < end && s[i + 1] == '\n') { i += 2; continue; }
    if (c == '/' && i + 1 < end && s[i + 1] == '/') {
      while (i < end && s[i] != '\n') i++;
      continue;
    }
    if (c == '/' && i + 1 < end && s[i + 1] == '*') {
      size_t e = s.find("*/", i + 2);
      i = e == std::string::npos ? end : e + 2;
      continue;
    }
    if (lineStart && c == '#') {
      size_t e = i;
      while (e < end && s[e] != '\n') {
        if (s[e] == '\\' && e + 1 < end && s[e + 1] == '\n') e++;
        e++;
      }
      onDirective(i, e);
      i = e;
      continue;
    }
    lineStart = false;
    Tok t;
    t.off = unsigned(i);
    t.len = lexOne(s, i, end, t.kind);
    t.sys = sysNow();
    out.push_back(t);
    i += t.len;
  }
}

std::vector<Tok> lexLine(const std::string &line) {
  std::vector<Tok> out;
  lexText(line, out, [](size_t, size_t) {}, [] { return false; });
  return out;
}

// ---------------------------------------------------------------- edits

EditedText::EditedText(const std::string &src, std::vector<Edit> edits) {
  std::stable_sort(edits.begin(), edits.end(), [](const Edit &a, const Edit &b) {
    if (a.off != b.off) return a.off < b.off;
    if ((a.len == 0) != (b.len == 0)) return a.len == 0; // insertions first
    return a.seq < b.seq;
  });
  unsigned pos = 0;
  text_.reserve(src.size() + src.size() / 8);
  for (const Edit &e : edits) {
    if (e.off < pos || e.off + e.len > src.size()) continue; // overlapping: drop
    text_.append(src, pos, e.off - pos);
    Seg sg;
    sg.newOff = unsigned(text_.size());
    sg.origOff = e.off;
    sg.origLen = e.len;
    text_ += e.text;
    for (unsigned k = e.off; k < e.off + e.len; k++)
      if (src[k] == '\n') text_ += '\n';
    sg.newLen = unsigned(text_.size()) - sg.newOff;
    segs_.push_back(sg);
    pos = e.off + e.len;
  }
  text_.append(src, pos, std::string::npos);
}

unsigned EditedText::toOriginal(unsigned off) const {
  // Last segment starting at or before off.
  auto it = std::upper_bound(segs_.begin(), segs_.end(), off,
                             [](unsigned o, const Seg &s) { return o < s.newOff; });
  if (it == segs_.begin()) return off;
  const Seg &s = *(it - 1);
  if (off < s.newOff + s.newLen) return s.origOff;
  return off - (s.newOff + s.newLen) + (s.origOff + s.origLen);
}

unsigned EditedText::fromOriginal(unsigned off) const {
  auto it = std::upper_bound(segs_.begin(), segs_.end(), off,
                             [](unsigned o, const Seg &s) { return o < s.origOff; });
  if (it == segs_.begin()) return off;
  const Seg &s = *(it - 1);
  if (off < s.origOff + s.origLen) return s.newOff;
  return off - (s.origOff + s.origLen) + (s.newOff + s.newLen);
}

// ---------------------------------------------------------------- locations

SourceMap::SourceMap(const std::string &pp) : pp_(pp) {
  int file = -1;
  unsigned line = 1;
  std::unordered_map<std::string, int> ids;
  size_t i = 0;
  while (i <= pp.size()) {
    size_t e = pp.find('\n', i);
    if (e == std::string::npos) e = pp.size();
    // A line marker: # N "file" flags  (or #line N "file").
    size_t k = i;
    while (k < e && (pp[k] == ' ' || pp[k] == '\t')) k++;
    bool marker = false;
    if (k < e && pp[k] == '#') {
      size_t m = k + 1;
      while (m < e && pp[m] == ' ') m++;
      if (pp.compare(m, 4, "line") == 0) { m += 4; while (m < e && pp[m] == ' ') m++; }
      if (m < e && std::isdigit(static_cast<unsigned char>(pp[m]))) {
        unsigned n = 0;
        while (m < e && std::isdigit(static_cast<unsigned char>(pp[m])))
          n = n * 10 + unsigned(pp[m++] - '0');
        while (m < e && pp[m] == ' ') m++;
        if (m < e && pp[m] == '"') {
          size_t q = m + 1;
          std::string name;
          while (q < e && pp[q] != '"') {
            if (pp[q] == '\\' && q + 1 < e) q++;
            name += pp[q++];
          }
          auto it = ids.find(name);
          if (it == ids.end()) {
            it = ids.emplace(name, int(files_.size())).first;
            files_.push_back(name);
          }
          file = it->second;
        }
        lines_.push_back({unsigned(i), file, n});
        line = n;
        marker = true;
      }
    }
    if (!marker) lines_.push_back({unsigned(i), file, line++});
    else lines_.back().line = 0; // the marker line itself
    if (e == pp.size()) break;
    i = e + 1;
  }
}

const std::vector<std::string> *SourceMap::fileLines(int file) const {
  if (file < 0) return nullptr;
  auto it = cache_.find(file);
  if (it != cache_.end()) return it->second.empty() ? nullptr : &it->second;
  std::vector<std::string> lines;
  std::ifstream in(files_[file], std::ios::binary);
  if (in) {
    std::string l;
    while (std::getline(in, l)) lines.push_back(l);
  }
  auto &slot = cache_[file] = std::move(lines);
  return slot.empty() ? nullptr : &slot;
}

Loc SourceMap::locate(unsigned off) const {
  Loc loc;
  if (lines_.empty()) return loc;
  if (off > pp_.size()) off = unsigned(pp_.size());
  auto it = std::upper_bound(lines_.begin(), lines_.end(), off,
                             [](unsigned o, const LineInfo &l) { return o < l.start; });
  if (it == lines_.begin()) return loc;
  const LineInfo &li = *(it - 1);
  if (li.file < 0 || li.line == 0) return loc;
  size_t lineEnd = pp_.find('\n', li.start);
  if (lineEnd == std::string::npos) lineEnd = pp_.size();
  std::string ppLine = pp_.substr(li.start, lineEnd - li.start);
  loc.file = files_[li.file];
  loc.line = li.line;
  loc.col = off - li.start + 1;
  loc.srcLine = ppLine;
  loc.valid = true;
  // clang -E keeps the indentation but not the spacing between tokens: find
  // the same token in the user's line when the lines agree up to it.
  const auto *fl = fileLines(li.file);
  if (!fl || li.line > fl->size()) return loc;
  const std::string &orig = (*fl)[li.line - 1];
  std::vector<Tok> a = lexLine(ppLine), b = lexLine(orig);
  unsigned rel = off - li.start;
  size_t k = 0;
  while (k < a.size() && a[k].off + a[k].len <= rel) k++;
  bool ok = k < a.size() && k < b.size() && a[k].off <= rel;
  for (size_t m = 0; ok && m <= k; m++)
    ok = ppLine.compare(a[m].off, a[m].len, orig, b[m].off, b[m].len) == 0;
  if (ok) {
    loc.col = b[k].off + (rel - a[k].off) + 1;
    loc.srcLine = orig;
  } else if (k >= a.size() && a.size() == b.size()) {
    loc.srcLine = orig; // past the last token: keep pp column
  }
  return loc;
}

int SourceMap::lineIndex(const std::string &file, unsigned line) const {
  for (size_t k = 0; k < lines_.size(); k++)
    if (lines_[k].line == line && lines_[k].file >= 0 && files_[lines_[k].file] == file)
      return int(k);
  return -1;
}

std::string formatDiag(const Loc &loc, const char *level, const std::string &msg) {
  std::string s;
  if (loc.valid)
    s += loc.file + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.col) + ": ";
  else
    s += "upcc: ";
  s += level;
  s += ": ";
  s += msg;
  s += "\n";
  if (loc.valid && !loc.srcLine.empty()) {
    std::string line = loc.srcLine;
    for (char &c : line)
      if (c == '\t') c = ' ';
    char buf[16];
    std::snprintf(buf, sizeof buf, "%5u | ", loc.line);
    s += buf + line + "\n";
    s += "      | " + std::string(loc.col > 0 ? loc.col - 1 : 0, ' ') + "^\n";
  }
  return s;
}

// ---------------------------------------------------------------- the pass

namespace {

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

struct Dim { int lb, rb; }; // token indices of [ and ]

struct Level {
  bool ptr = false;
  bool func = false;
  std::vector<Dim> dims;
};

struct Declarator {
  int name = -1;              // token index of the declared name, -1 if abstract
  std::vector<Level> levels;  // outermost first
  int first = -1, last = -1;  // token range of the declarator (inclusive)
};

// base: the typedef's type without its UPC qualifiers, when it is a plain
// name (so `strict T x` can be written as one qualifier set on it).
// star: `typedef shared [*] U NAME;` — each object declared with NAME gets
// the block size [*] computes for it (U is then base).
struct SharedTypedef { unsigned block; Consistency cons; std::string base; bool star = false; };

class Surface {
public:
  Surface(const std::string &pp, const SourceMap &map, const FrontendOptions &opts,
          const std::map<unsigned, long long> &known)
      : pp_(pp), map_(map), opts_(opts), known_(known) {}

  SurfaceOut run();

private:
  const std::string &pp_;
  const SourceMap &map_;
  const FrontendOptions &opts_;
  const std::map<unsigned, long long> &known_;
  std::vector<Tok> T;
  std::vector<char> done;   // token already rewritten by a construct
  std::vector<Edit> edits;
  unsigned seq = 0;
  SurfaceOut out;
  std::unordered_set<std::string> typedefs;
  std::unordered_map<std::string, SharedTypedef> sharedTypedefs;
  std::set<int> analyzedDecls;
  bool dynamicThreads() const { return opts_.staticThreads == 0; }

  std::string text(int i) const {
    if (i < 0 || i >= int(T.size())) return std::string();
    return pp_.substr(T[i].off, T[i].len);
  }
  bool is(int i, const char *s) const {
    if (i < 0 || i >= int(T.size())) return false;
    size_t n = std::strlen(s);
    return T[i].len == n && pp_.compare(T[i].off, n, s) == 0;
  }
  bool isIdent(int i) const { return i >= 0 && i < int(T.size()) && T[i].kind == Tok::Ident; }
  bool isUpcQual(int i) const { return is(i, "shared") || is(i, "strict") || is(i, "relaxed"); }
  bool isKeyword(const std::string &s) const {
    return kTypeKeywords.count(s) || kOtherSpecKeywords.count(s) ||
           kParenSpecKeywords.count(s) || s == "struct" || s == "union" || s == "enum" ||
           s == "sizeof" || s == "return" || s == "if" || s == "else" || s == "for" ||
           s == "while" || s == "do" || s == "switch" || s == "case" || s == "default" ||
           s == "goto" || s == "break" || s == "continue" || s == "_Alignof" ||
           s == "__alignof__" || s == "_Static_assert" || s == "_Generic";
  }

  void edit(int tok, std::string repl) {
    edits.push_back({T[tok].off, T[tok].len, std::move(repl), seq++});
  }
  void insertAfter(int tok, std::string s) {
    edits.push_back({T[tok].off + T[tok].len, 0, std::move(s), seq++});
  }
  void insertBefore(int tok, std::string s) {
    edits.push_back({T[tok].off, 0, std::move(s), seq++});
  }
  void error(int tok, const std::string &msg) {
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
  void warning(int tok, const std::string &msg) {
    unsigned off = tok >= 0 && tok < int(T.size()) ? T[tok].off : unsigned(pp_.size());
    out.warnings.push_back(formatDiag(map_.locate(off), "warning", msg));
  }

  // Index of the token matching the bracket at i, or -1.
  int match(int i) const {
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
  // Removes the layout qualifier `[...]` after the `shared` at q (parseLayout
  // has reported one without its ']').
  void dropLayout(int q) {
    if (!is(q, "shared") || !is(q + 1, "[")) return;
    int rb = match(q + 1);
    if (rb >= 0) edits.push_back({T[q + 1].off, T[rb].off + T[rb].len - T[q + 1].off, "", seq++});
  }
  bool isOpen(int i) const { return is(i, "(") || is(i, "[") || is(i, "{"); }
  bool isClose(int i) const { return is(i, ")") || is(i, "]") || is(i, "}"); }

  // Skips a statement starting at i; returns the index after it (or -1).
  int skipStatement(int i, int depth = 0) const;

  std::optional<long long> evaluate(int b, int e, bool *usedThreads, bool *failed);
  std::optional<long long> constant(int b, int e, bool *usedThreads);
  std::string requestText(int b, int e) const;

  void pragma(size_t b, size_t e, int braceDepth);
  bool statementPosition(int i);
  Loc pragmaLoc(size_t b) const;
  void handleQualifiers(int i);
  void pointerGroup(int i);
  void threadsDims(const std::vector<Dim> &dims, const std::string &name, bool indefinite);
  bool parameterList(int boundary) const;
  void attributesBeforeDeclarator(const Declarator &d);
  void adjustArrayParameter(const Declarator &d, bool &pointer);
  void analyzeDeclaration(int start, int boundary);
  Declarator parseDeclarator(int &i, int stop, int depth = 0);
  bool parseLayout(int sharedTok, unsigned &block, bool &star, bool &indefinite);
  void handleForall(int i);
  void handleBarrier(int i, const char *fn);
  void handleSizeof(int i, const char *fn);
  void handleAsync(int i);
  int unaryEnd(int i, int depth = 0) const;
  bool startsTypeName(int i) const;
  int declStart(int i, int *boundary) const;
};

int Surface::skipStatement(int i, int depth) const {
  if (depth > 200 || i < 0 || i >= int(T.size())) return -1;
  if (is(i, "{")) {
    int m = match(i);
    return m < 0 ? -1 : m + 1;
  }
  if (is(i, "if")) {
    if (!is(i + 1, "(")) return -1;
    int m = match(i + 1);
    if (m < 0) return -1;
    int j = skipStatement(m + 1, depth + 1);
    if (j >= 0 && is(j, "else")) j = skipStatement(j + 1, depth + 1);
    return j;
  }
  if (is(i, "for") || is(i, "while") || is(i, "switch") || is(i, "upc_forall")) {
    if (!is(i + 1, "(")) return -1;
    int m = match(i + 1);
    return m < 0 ? -1 : skipStatement(m + 1, depth + 1);
  }
  if (is(i, "do")) {
    int j = skipStatement(i + 1, depth + 1);
    if (j < 0 || !is(j, "while") || !is(j + 1, "(")) return -1;
    int m = match(j + 1);
    return m < 0 || !is(m + 1, ";") ? -1 : m + 2;
  }
  if (isIdent(i) && is(i + 1, ":") && !is(i, "default")) // label
    return skipStatement(i + 2, depth + 1);
  if (is(i, "case") || is(i, "default")) {
    int j = i;
    while (j < int(T.size()) && !is(j, ":")) j++;
    return skipStatement(j + 1, depth + 1);
  }
  for (int j = i; j < int(T.size()); j++) {
    if (is(j, ";")) return j + 1;
    if (isOpen(j)) {
      int m = match(j);
      if (m < 0) return -1;
      j = m;
    } else if (isClose(j)) {
      return -1;
    }
  }
  return -1;
}

// ---- integer constant expressions (what layout qualifiers and dimensions use)

struct Eval {
  const Surface *s;
  const std::string &pp;
  const std::vector<Tok> &T;
  int i, e;
  bool dynThreads;
  bool usedThreads = false;
  bool fail = false;
  int depth = 0; // nesting guard for pathological input
  bool atEnd() const { return i >= e; }
  std::string tx(int k) const { return pp.substr(T[k].off, T[k].len); }
  bool peek(const char *p) const { return !atEnd() && tx(i) == p; }
  long long primary() {
    if (atEnd()) { fail = true; return 0; }
    std::string t = tx(i);
    if (++depth > 512) { fail = true; i = e; return 0; }
    struct Leave { int &d; ~Leave() { d--; } } leave{depth};
    if (t == "(") {
      i++;
      long long v = cond();
      if (!peek(")")) fail = true;
      i++;
      return v;
    }
    if (t == "-") { i++; return (long long)(0ull - (unsigned long long)unary()); }
    if (t == "+") { i++; return unary(); }
    if (t == "~") { i++; return ~unary(); }
    if (t == "!") { i++; return !unary(); }
    if (T[i].kind == Tok::Number) {
      i++;
      const char *p = t.c_str();
      char *end = nullptr;
      unsigned long long v = std::strtoull(p, &end, 0);
      while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L') end++;
      if (*end) fail = true;
      return (long long)v;
    }
    if (T[i].kind == Tok::Char && t.size() == 3) {
      i++;
      return (long long)(signed char)t[1];
    }
    if (t == "THREADS" && dynThreads) {
      i++;
      usedThreads = true;
      return 1;
    }
    fail = true;
    i = e;
    return 0;
  }
  long long unary() { return primary(); }
  long long bin(int level) {
    static const std::vector<std::vector<std::string>> ops = {
        {"||"}, {"&&"}, {"|"}, {"^"}, {"&"}, {"==", "!="}, {"<", ">", "<=", ">="},
        {"<<", ">>"}, {"+", "-"}, {"*", "/", "%"}};
    if (level == int(ops.size())) return unary();
    long long v = bin(level + 1);
    for (;;) {
      if (atEnd()) return v;
      std::string t = tx(i);
      if (std::find(ops[level].begin(), ops[level].end(), t) == ops[level].end()) return v;
      i++;
      long long r = bin(level + 1);
      if (t == "||") v = v || r;
      else if (t == "&&") v = v && r;
      else if (t == "|") v |= r;
      else if (t == "^") v ^= r;
      else if (t == "&") v &= r;
      else if (t == "==") v = v == r;
      else if (t == "!=") v = v != r;
      else if (t == "<") v = v < r;
      else if (t == ">") v = v > r;
      else if (t == "<=") v = v <= r;
      else if (t == ">=") v = v >= r;
      else if (t == "<<") v = (r >= 0 && r < 63) ? (long long)((unsigned long long)v << r) : 0;
      else if (t == ">>") v = (r >= 0 && r < 63) ? v >> r : 0;
      // Wrapping arithmetic: overflow is the user's error, not a trap here.
      else if (t == "+") v = (long long)((unsigned long long)v + (unsigned long long)r);
      else if (t == "-") v = (long long)((unsigned long long)v - (unsigned long long)r);
      else if (t == "*") v = (long long)((unsigned long long)v * (unsigned long long)r);
      else if (t == "/" || t == "%") {
        if (r == 0) { fail = true; return 0; }
        if (r == -1) v = t == "/" ? (long long)(0ull - (unsigned long long)v) : 0;
        else v = t == "/" ? v / r : v % r;
      }
    }
  }
  long long cond() {
    long long c = bin(0);
    if (peek("?")) {
      i++;
      long long a = cond();
      if (!peek(":")) { fail = true; return 0; }
      i++;
      long long b = cond();
      return c ? a : b;
    }
    return c;
  }
};

// Value of tokens [b, e) with THREADS counted as 1 (dynamic THREADS), or
// nullopt with *failed set when it needs Clang (sizeof, enumerators, ...).
std::optional<long long> Surface::evaluate(int b, int e, bool *usedThreads, bool *failed) {
  Eval ev{this, pp_, T, b, e, dynamicThreads()};
  long long v = ev.cond();
  if (usedThreads) *usedThreads = ev.usedThreads;
  if (ev.fail || ev.i != e) {
    *failed = true;
    return std::nullopt;
  }
  *failed = false;
  return v;
}

// evaluate(), falling back to a value Clang computed in an earlier round or
// a request for one.
std::optional<long long> Surface::constant(int b, int e, bool *usedThreads) {
  bool failed = false;
  auto v = evaluate(b, e, usedThreads, &failed);
  if (!failed) return v;
  if (usedThreads) {
    *usedThreads = false;
    for (int k = b; k < e; k++)
      if (is(k, "THREADS") && dynamicThreads()) *usedThreads = true;
  }
  unsigned key = T[b].off;
  auto it = known_.find(key);
  if (it != known_.end()) return it->second;
  out.requests.push_back({key, requestText(b, e)});
  return std::nullopt;
}

// Tokens [b, e) as an expression for Clang, THREADS counted as 1 (dynamic THREADS).
std::string Surface::requestText(int b, int e) const {
  std::string expr;
  for (int k = b; k < e; k++) {
    if (k > b) expr += ' ';
    expr += is(k, "THREADS") && dynamicThreads() ? std::string("__upcc_THREADS_DIM") : text(k);
  }
  return expr;
}

// ---- pragmas

// The '#' of the directive line at b: clang -E moves it to column 1.
Loc Surface::pragmaLoc(size_t b) const {
  Loc loc = map_.locate(unsigned(b));
  size_t h = loc.srcLine.find('#');
  if (loc.valid && h != std::string::npos) loc.col = unsigned(h + 1);
  return loc;
}

void Surface::pragma(size_t b, size_t e, int) {
  // "#pragma upc strict|relaxed|upc_code|c_code"
  std::string line = pp_.substr(b, e - b);
  line = line.substr(line.find('#') + 1);
  std::vector<Tok> toks = lexLine(line);
  auto tx = [&](size_t k) {
    return k < toks.size() ? line.substr(toks[k].off, toks[k].len) : std::string();
  };
  if (tx(0) != "pragma" || tx(1) != "upc") return;
  std::string what = tx(2);
  Loc loc = pragmaLoc(b);
  bool known = what == "strict" || what == "relaxed" || what == "upc_code" || what == "c_code";
  if (known && toks.size() > 3)
    out.warnings.push_back(formatDiag(loc, "warning", "extra tokens at end of '#pragma upc " +
                                                          what + "' ignored"));
  if (what == "strict" || what == "relaxed") {
    out.pragmasPP.push_back({unsigned(b), what == "strict" ? Consistency::Strict : Consistency::Relaxed});
  } else if (what == "upc_code" || what == "c_code") {
    // Accepted for Berkeley compatibility; no effect.
  } else if (what.empty()) {
    out.warnings.push_back(formatDiag(loc, "warning",
        "'#pragma upc' without a directive ignored (expected strict, relaxed, upc_code or c_code)"));
  } else {
    out.warnings.push_back(formatDiag(loc, "warning",
        "unknown '#pragma upc " + what + "' ignored (expected strict, relaxed, upc_code or c_code)"));
  }
  edits.push_back({unsigned(b), unsigned(e - b), std::string(), seq++});
}

// ---- layout qualifiers and declarations

// Parses the optional [..] after `shared` at sharedTok.
bool Surface::parseLayout(int s, unsigned &block, bool &star, bool &indefinite) {
  block = 1;
  star = indefinite = false;
  if (!is(s + 1, "[")) return true;
  int rb = match(s + 1);
  if (rb < 0) {
    error(s + 1, "expected ']' to end the layout qualifier");
    return false;
  }
  done[s + 1] = done[rb] = 1;
  for (int k = s + 2; k < rb; k++) done[k] = 1;
  if (rb == s + 2) { block = 0; indefinite = true; return true; }
  if (rb == s + 3 && is(s + 2, "*")) { star = true; return true; }
  bool used = false;
  auto v = constant(s + 2, rb, &used);
  if (used) {
    error(s + 2, "THREADS may not appear in a layout qualifier under dynamic THREADS");
    return false;
  }
  if (!v) return !known_.empty() ? (error(s + 2, "block size is not an integer constant expression"), false) : true;
  if (*v < 0) {
    error(s + 2, "block size " + std::to_string(*v) + " is negative");
    return false;
  }
  if (*v > (long long)kMaxBlockSize) {
    error(s + 2, "block size " + std::to_string(*v) +
                     " exceeds UPC_MAX_BLOCK_SIZE (" + std::to_string(kMaxBlockSize) + ")");
    return false;
  }
  block = unsigned(*v);
  indefinite = block == 0;
  return true;
}

static std::string attr(unsigned as) {
  return "__attribute__((address_space(" + std::to_string(as) + ")))";
}

// Start of the declaration containing the specifier at i; *boundary is the
// token before it (-1 at the start of the file).
int Surface::declStart(int i, int *boundary) const {
  int j = i - 1;
  while (j >= 0) {
    if (isIdent(j)) { j--; continue; }
    if (is(j, "]")) {
      // A layout qualifier: shared [..]
      int depth = 0, k = j;
      for (; k >= 0; k--) {
        if (is(k, "]")) depth++;
        else if (is(k, "[") && --depth == 0) break;
      }
      if (k > 0 && is(k - 1, "shared")) { j = k - 1; continue; }
      break;
    }
    if (is(j, ")")) {
      // __attribute__((...)) and friends among the specifiers.
      int depth = 0, k = j;
      for (; k >= 0; k--) {
        if (is(k, ")")) depth++;
        else if (is(k, "(") && --depth == 0) break;
      }
      if (k > 0 && kParenSpecKeywords.count(text(k - 1))) { j = k - 1; continue; }
      break;
    }
    break;
  }
  *boundary = j;
  return j + 1;
}

void Surface::handleQualifiers(int i) {
  int boundary;
  int start = declStart(i, &boundary);
  // Qualifiers after '*' (possibly after other qualifiers) qualify the pointer.
  int k = i - 1;
  while (k >= 0 && (kPtrQualKeywords.count(text(k)) || (is(k, "]") && false))) k--;
  if (k >= 0 && is(k, "*")) {
    pointerGroup(i);
    return;
  }
  if (boundary >= 0 && is(boundary, "*")) {
    pointerGroup(i);
    return;
  }
  analyzeDeclaration(start, boundary);
  if (!done[i]) pointerGroup(i); // not a declaration we understood: treat locally
}

// UPC qualifiers at i.. qualifying a pointer (or an isolated type).
void Surface::pointerGroup(int i) {
  bool sh = false, st = false, rl = false, star = false;
  unsigned block = 1;
  int first = -1;
  int j = i;
  while (j < int(T.size()) && kPtrQualKeywords.count(text(j))) {
    if (isUpcQual(j) && !done[j]) {
      if (first < 0) first = j;
      done[j] = 1;
      if (is(j, "shared")) {
        bool s2, ind;
        unsigned b;
        if (sh && is(j + 1, "[")) error(j, "duplicate 'shared' qualifier");
        if (!parseLayout(j, b, s2, ind)) { j++; continue; }
        if (is(j + 1, "[")) j = match(j + 1);
        sh = true;
        block = b;
        star = s2;
      } else if (is(j, "strict")) {
        st = true;
      } else {
        rl = true;
      }
    }
    j++;
  }
  if (first < 0) return;
  if (st && rl) error(first, "'strict' and 'relaxed' cannot both qualify a type");
  if (!sh) {
    error(first, std::string("'") + (st ? "strict" : "relaxed") +
                     "' qualifier requires a shared-qualified type");
    edit(first, "");
    for (int k = first + 1; k < j; k++)
      if (is(k, "strict") || is(k, "relaxed")) edit(k, "");
    return;
  }
  if (star) {
    error(first, "layout qualifier '[*]' is not allowed in a pointer type");
    block = 1;
  }
  Consistency c = st ? Consistency::Strict : rl ? Consistency::Relaxed : Consistency::Default;
  // `T *shared name[THREADS]`: an array of shared pointers; its dimensions
  // are shared array dimensions.
  if (dynamicThreads() && isIdent(j) && !isKeyword(text(j)) && is(j + 1, "[")) {
    std::vector<Dim> dims;
    int k = j + 1;
    while (is(k, "[")) {
      int m = match(k);
      if (m < 0) break;
      dims.push_back({k, m});
      k = m + 1;
    }
    threadsDims(dims, "'" + text(j) + "'", block == 0);
  }
  // The end of an abstract declarator: the pointer's own qualifier in a
  // cast, sizeof or an unnamed parameter (`(shared int *shared)`).  C drops
  // it from a cast's value and from a parameter's type in the function's
  // type, and sizeof/_Alignof do not depend on it: so is it dropped here
  // (Clang rejects an address space on a parameter).
  int before = first - 1;
  while (before >= 0 && kPtrQualKeywords.count(text(before))) before--;
  bool topLevelOfTypeName = before >= 0 && is(before, "*") && (is(j, ")") || is(j, ","));
  // `T *shared x __attribute__((unused))`: a shared object, whose
  // declarator the lowering replaces: its attributes go before the '*'.
  if (isIdent(j) && !isKeyword(text(j)) && before >= 0) {
    int k = j + 1;
    while (is(k, "[") && match(k) > k) k = match(k) + 1;
    int ptrStart = before;
    while (ptrStart >= 0 && (is(ptrStart, "*") || kPtrQualKeywords.count(text(ptrStart)))) ptrStart--;
    while ((is(k, "__attribute__") || is(k, "__attribute")) && is(k + 1, "(") && match(k + 1) > k) {
      int m = match(k + 1);
      unsigned b = T[k].off, e = T[m].off + T[m].len;
      std::string a = pp_.substr(b, e - b);
      std::replace(a.begin(), a.end(), '\n', ' ');
      edits.push_back({b, e - b, std::string(), seq++});
      insertBefore(ptrStart + 1, a + " ");
      k = m + 1;
    }
  }
  bool firstDone = topLevelOfTypeName;
  for (int k = first; k < j; k++) {
    if (!(is(k, "shared") || is(k, "strict") || is(k, "relaxed"))) continue;
    if (!firstDone) { edit(k, attr(encodeShared(block, c))); firstDone = true; }
    else edit(k, "");
    dropLayout(k);
  }
}

Declarator Surface::parseDeclarator(int &i, int stop, int depth) {
  Declarator d;
  d.first = i;
  if (depth > 256) { // Clang rejects such nesting anyway; do not recurse
    i = stop;
    d.last = stop - 1;
    d.levels.push_back(Level());
    return d;
  }
  Level lv;
  // Pointers and their qualifiers.
  while (i < stop) {
    if (is(i, "*")) { lv.ptr = true; i++; continue; }
    if (kPtrQualKeywords.count(text(i))) {
      if (is(i, "shared") && is(i + 1, "[")) {
        int rb = match(i + 1);
        i = rb < 0 ? stop : rb + 1;
      } else {
        i++;
      }
      continue;
    }
    if (kParenSpecKeywords.count(text(i)) && is(i + 1, "(")) {
      int m = match(i + 1);
      i = m < 0 ? stop : m + 1;
      continue;
    }
    break;
  }
  std::vector<Level> inner;
  // Direct declarator.
  if (i < stop && is(i, "(")) {
    bool grouping = is(i + 1, "*") || is(i + 1, "(") || is(i + 1, "^") ||
                    (isIdent(i + 1) && !isKeyword(text(i + 1)) && !typedefs.count(text(i + 1)));
    if (grouping) {
      int m = match(i);
      if (m < 0 || m > stop) { i = stop; return d; }
      int j = i + 1;
      Declarator in = parseDeclarator(j, m, depth + 1);
      d.name = in.name;
      inner = in.levels;
      i = m + 1;
    }
  } else if (i < stop && isIdent(i) && !isKeyword(text(i))) {
    d.name = i;
    i++;
  }
  // Suffixes.
  while (i < stop) {
    if (is(i, "[")) {
      int m = match(i);
      if (m < 0 || m >= stop) { i = stop; break; }
      lv.dims.push_back({i, m});
      i = m + 1;
    } else if (is(i, "(")) {
      int m = match(i);
      if (m < 0 || m >= stop) { i = stop; break; }
      lv.func = true;
      i = m + 1;
    } else if (kParenSpecKeywords.count(text(i)) && is(i + 1, "(")) {
      int m = match(i + 1);
      i = m < 0 ? stop : m + 1;
    } else {
      break;
    }
  }
  d.levels.push_back(lv);
  for (auto &l : inner) d.levels.push_back(l);
  d.last = i - 1;
  return d;
}

void Surface::analyzeDeclaration(int start, int boundary) {
  if (!analyzedDecls.insert(start).second) return;
  bool inParens = boundary >= 0 && (is(boundary, "(") || is(boundary, ","));
  // Where the declaration can end.
  int limit = int(T.size());
  {
    int depth = 0;
    for (int j = start; j < int(T.size()); j++) {
      if (isOpen(j)) {
        if (is(j, "{") && depth == 0) {
          // struct body in the specifiers, or a function body
          bool body = j > start && (is(j - 1, ")"));
          if (body) { limit = j; break; }
        }
        depth++;
      } else if (isClose(j)) {
        if (depth == 0) { limit = j; break; }
        depth--;
      } else if (depth == 0 && is(j, ";")) {
        limit = j;
        break;
      }
    }
  }
  // Specifiers.
  bool isTypedef = false, sawType = false;
  std::vector<int> quals; // UPC qualifier tokens among the specifiers
  const SharedTypedef *viaTypedef = nullptr;
  int typedefTok = -1;
  int i = start;
  while (i < limit) {
    std::string t = text(i);
    if (!isIdent(i)) break;
    if (t == "typedef") { isTypedef = true; i++; continue; }
    if ((t == "shared" || t == "strict" || t == "relaxed") &&
        (isIdent(i + 1) || is(i + 1, "*") || is(i + 1, "(") || (t == "shared" && is(i + 1, "[")))) {
      quals.push_back(i);
      if (t == "shared" && is(i + 1, "[")) {
        int m = match(i + 1);
        if (m < 0) break;
        i = m + 1;
      } else {
        i++;
      }
      continue;
    }
    if (kTypeKeywords.count(t)) { sawType = true; i++; continue; }
    if (kOtherSpecKeywords.count(t)) { i++; continue; }
    if (kParenSpecKeywords.count(t)) {
      if (t == "__typeof__" || t == "typeof" || t == "__typeof") sawType = true;
      if (t == "_Atomic" && !is(i + 1, "(")) { i++; continue; }
      if (!is(i + 1, "(")) { i++; continue; }
      int m = match(i + 1);
      if (m < 0) return;
      i = m + 1;
      continue;
    }
    if (t == "struct" || t == "union" || t == "enum") {
      sawType = true;
      i++;
      while (i < limit && (is(i, "__attribute__") || is(i, "__attribute"))) {
        int m = is(i + 1, "(") ? match(i + 1) : -1;
        if (m < 0) return;
        i = m + 1;
      }
      if (isIdent(i)) i++;
      if (is(i, "{")) {
        int m = match(i);
        if (m < 0) return;
        i = m + 1;
      }
      continue;
    }
    if (!sawType && !isKeyword(t)) {
      sawType = true;
      auto it = sharedTypedefs.find(t);
      if (it != sharedTypedefs.end()) {
        viaTypedef = &it->second;
        typedefTok = i;
      }
      i++;
      continue;
    }
    break;
  }
  int specEnd = i;

  // The specifiers' UPC qualifiers, combined.
  bool sh = false, st = false, rl = false, star = false, indefinite = false;
  unsigned block = 1;
  for (int q : quals) {
    done[q] = 1;
    if (is(q, "shared")) {
      unsigned b;
      bool s2, ind;
      if (sh && is(q + 1, "[")) error(q, "more than one layout qualifier in a declaration");
      if (parseLayout(q, b, s2, ind)) {
        if (!sh || is(q + 1, "[")) { block = b; star = s2; indefinite = ind; }
      }
      sh = true;
    } else if (is(q, "strict")) {
      st = true;
    } else {
      rl = true;
    }
  }
  if (isTypedef && star) {
    // UPC 1.3 6.5.1.1 (spec issue 71): '[*]' computes a block size for an
    // object being declared; a typedef declares none.  Block size 1 from
    // here on, so that no error follows from this one.
    int at = quals.empty() ? start : quals[0];
    for (int q : quals)
      if (is(q, "shared") && is(q + 1, "[") && is(q + 2, "*")) at = q + 2;
    error(at, "layout qualifier '[*]' is not allowed in a typedef; write it in the "
              "declaration of each shared array");
    star = false;
    block = 1;
  }
  if (!quals.empty() && st && rl) error(quals[0], "'strict' and 'relaxed' cannot both qualify a type");
  if (!quals.empty() && !sh && !viaTypedef) {
    error(quals[0], std::string("'") + text(quals[0]) + "' qualifier requires a shared-qualified type");
  }
  Consistency cons = st ? Consistency::Strict : rl ? Consistency::Relaxed : Consistency::Default;
  if (!quals.empty() && viaTypedef && viaTypedef->cons != Consistency::Default &&
      cons != Consistency::Default && cons != viaTypedef->cons) {
    // UPC 1.3 6.5: not both strict and relaxed, even through a typedef.
    error(quals[0], std::string("'") + (cons == Consistency::Strict ? "strict" : "relaxed") +
                        "' conflicts with the '" +
                        (cons == Consistency::Strict ? "relaxed" : "strict") + "' of typedef '" +
                        text(typedefTok) + "'");
    return;
  }
  if (!quals.empty() && !sh && viaTypedef) {
    if (viaTypedef->base.empty() || typedefTok < 0 || viaTypedef->star) {
      error(quals[0], std::string("'") + text(quals[0]) +
                          "' cannot be added to this shared typedef; write the qualifiers in the typedef");
    } else {
      // `strict T x` with `typedef shared [B] U T`: one address space on U.
      edit(typedefTok, viaTypedef->base);
      bool first = true;
      for (int q : quals) {
        edit(q, first ? attr(encodeShared(viaTypedef->block, cons)) : std::string());
        first = false;
      }
      quals.clear();
    }
  }
  bool sharedDecl = sh || viaTypedef;

  // Declarators.
  struct Info { Declarator d; std::vector<Dim> sharedDims; bool ptrOuter; };
  std::vector<Info> decls;
  i = specEnd;
  while (i < limit) {
    int before = i;
    Declarator d = parseDeclarator(i, limit);
    Info inf;
    inf.d = d;
    inf.ptrOuter = false;
    for (size_t l = 0; l < d.levels.size(); l++) {
      if (d.levels[l].ptr) { inf.ptrOuter = true; break; }
      for (auto &dm : d.levels[l].dims) inf.sharedDims.push_back(dm);
      if (d.levels[l].func) { inf.ptrOuter = true; break; }
    }
    decls.push_back(inf);
    // Initializer / bit-field width up to the next declarator.
    int depth = 0;
    while (i < limit) {
      if (isOpen(i)) depth++;
      else if (isClose(i)) depth--;
      else if (depth == 0 && is(i, ",")) break;
      i++;
    }
    if (i < limit && is(i, ",")) {
      if (inParens) break;
      i++;
    }
    if (i == before) break;
  }

  if (sharedDecl && inParens && !isTypedef && parameterList(boundary))
    for (auto &inf : decls) adjustArrayParameter(inf.d, inf.ptrOuter);
  if (sharedDecl && !isTypedef)
    for (auto &inf : decls)
      if (!inf.ptrOuter) attributesBeforeDeclarator(inf.d);

  if (isTypedef) {
    for (auto &inf : decls) {
      if (inf.d.name < 0) continue;
      std::string n = text(inf.d.name);
      typedefs.insert(n);
      if (sharedDecl && !inf.ptrOuter) {
        SharedTypedef st2{viaTypedef ? viaTypedef->block : block, viaTypedef ? viaTypedef->cons : cons,
                          std::string()};
        // A plain `typedef <quals> U NAME;`: remember U.
        bool plain = !viaTypedef && decls.size() == 1 && inf.d.name == specEnd &&
                     inf.d.last == specEnd;
        for (int k = start; plain && k < specEnd; k++) {
          if (is(k, "typedef") || isUpcQual(k)) {
            if (is(k, "shared") && is(k + 1, "[")) k = match(k + 1); // its layout
            if (k < 0) { plain = false; break; }
            continue;
          }
          if (T[k].kind == Tok::Punct) { plain = false; break; } // struct bodies etc.
          st2.base += (st2.base.empty() ? "" : " ") + text(k);
        }
        if (!plain) st2.base.clear();
        st2.star = star && plain;
        if (star && !plain && inf.sharedDims.empty())
          error(quals.empty() ? inf.d.name : quals[0],
                "layout qualifier '[*]' in a typedef needs an array type or a plain type name "
                "('typedef shared [*] int T;')");
        sharedTypedefs[n] = st2;
      } else {
        sharedTypedefs.erase(n);
      }
    }
  }
  if (!sharedDecl) return;

  // THREADS in shared array dimensions (dynamic THREADS).
  for (auto &inf : decls) {
    if (inf.ptrOuter) continue;
    std::string name = inf.d.name >= 0 ? "'" + text(inf.d.name) + "'" : "the shared array";
    threadsDims(inf.sharedDims, name, indefinite && !viaTypedef);
  }

  // [*] per declarator: the block size UPC 1.3 6.5.1.1 gives the array
  // being distributed, (elements + THREADS - 1) / THREADS; 1 on error.
  auto starBlock = [&](const Info &inf, int errTok) -> unsigned {
    std::string name = inf.d.name >= 0 ? "'" + text(inf.d.name) + "'" : "the type";
    if (inf.ptrOuter) {
      error(errTok, "layout qualifier '[*]' is not allowed in a pointer type");
      return 1;
    }
    long long total = 1;
    bool threads = false;
    for (auto &dm : inf.sharedDims) {
      if (dm.rb == dm.lb + 1) {
        error(dm.lb, "layout qualifier '[*]' is not allowed on an array of unknown size (" +
                         name + ")");
        return 1;
      }
      bool used = false;
      auto v = constant(dm.lb + 1, dm.rb, &used);
      if (!v) {
        if (!known_.empty()) error(dm.lb + 1, "array dimension is not an integer constant expression");
        return 1;
      }
      threads |= used;
      total *= *v;
    }
    long long bl;
    if (threads) bl = total;
    else if (!dynamicThreads()) bl = (total + opts_.staticThreads - 1) / opts_.staticThreads;
    else if (total <= 1) bl = 1;
    else {
      // UPC 1.3 6.5.2.1 (constraint 1): under dynamic THREADS a shared
      // array with a definite block size has THREADS in one dimension.
      error(errTok, "layout qualifier '[*]' on " + name + " (" + std::to_string(total) +
                        " elements) needs THREADS in one dimension when THREADS is dynamic "
                        "(UPC 1.3 6.5.2.1): its block size, " + std::to_string(total) +
                        " / THREADS rounded up, would not be a compile-time constant; "
                        "write the dimension as a multiple of THREADS or compile with -T N");
      return 1;
    }
    if (bl > (long long)kMaxBlockSize) {
      error(errTok, "block size " + std::to_string(bl) + " computed for '[*]' on " + name +
                        " exceeds UPC_MAX_BLOCK_SIZE (" + std::to_string(kMaxBlockSize) + ")");
      return 1;
    }
    return unsigned(bl < 1 ? 1 : bl);
  };

  // `NAME x[...]` with `typedef shared [*] U NAME`: U with x's block size.
  if (quals.empty() && viaTypedef && viaTypedef->star && !isTypedef) {
    std::vector<unsigned> blocks;
    for (auto &inf : decls) blocks.push_back(starBlock(inf, typedefTok));
    bool same = true;
    for (unsigned b : blocks) same = same && b == blocks[0];
    Consistency c = viaTypedef->cons;
    if (same) {
      edit(typedefTok, viaTypedef->base + " " + attr(encodeShared(blocks.empty() ? 1 : blocks[0], c)));
      return;
    }
    edit(typedefTok, viaTypedef->base);
    for (size_t k = 0; k < decls.size(); k++)
      if (decls[k].d.last >= decls[k].d.first && decls[k].d.last >= 0)
        insertAfter(decls[k].d.last, " " + attr(encodeShared(blocks[k], c)));
    return;
  }

  if (quals.empty()) return; // shared via typedef: nothing more to rewrite

  if (!star) {
    bool first = true;
    for (int q : quals) {
      edit(q, first ? attr(encodeShared(block, cons)) : std::string());
      first = false;
      dropLayout(q);
    }
    return;
  }

  // shared [*]: a block size per declarator.  One block size for all of
  // them goes in the specifiers as usual; otherwise the address space goes
  // after each declarator.
  // A typedef of an array type gets the array's block size; a typedef of
  // the element type (no dimensions) is resolved per declared object.
  std::vector<unsigned> blocks;
  for (auto &inf : decls)
    blocks.push_back(isTypedef && inf.sharedDims.empty() && !inf.ptrOuter ? 1u
                                                                          : starBlock(inf, quals[0]));
  bool same = true;
  for (unsigned b : blocks) same = same && b == blocks[0];
  bool first = true;
  for (int q : quals) {
    edit(q, first && same ? attr(encodeShared(blocks.empty() ? 1 : blocks[0], cons)) : std::string());
    first = false;
    dropLayout(q);
  }
  if (same) return;
  for (size_t k = 0; k < decls.size(); k++) {
    const auto &inf = decls[k];
    if (inf.d.last >= inf.d.first && inf.d.last >= 0)
      insertAfter(inf.d.last, " " + attr(encodeShared(blocks[k], cons)));
  }
}

// Whether the '(' or ',' at boundary is in the parameter list of a function
// declarator (not the parentheses of sizeof, a cast or a builtin's type).
bool Surface::parameterList(int boundary) const {
  int open = boundary;
  if (is(boundary, ",")) {
    int depth = 0;
    for (open = boundary - 1; open >= 0; open--) {
      if (isClose(open)) depth++;
      else if (isOpen(open) && depth-- == 0) break;
    }
  }
  if (open <= 0 || !is(open, "(")) return false;
  int before = open - 1;
  if (is(before, ")")) {
    // (*fp)(...), not the parentheses after a cast: (int *)(shared int []){..}
    int depth = 0, o = before;
    for (; o >= 0; o--) {
      if (is(o, ")")) depth++;
      else if (is(o, "(") && --depth == 0) break;
    }
    return o >= 0 && (is(o + 1, "*") || is(o + 1, "^"));
  }
  if (!isIdent(before) || isKeyword(text(before)) || typedefs.count(text(before))) return false;
  std::string n = text(before);
  return n.compare(0, 10, "__builtin_") != 0 && n != "upc_localsizeof" &&
         n != "upc_blocksizeof" && n != "upc_elemsizeof" && n != "upcx_async";
}

// A parameter declared as an array of shared elements is a pointer to its
// first element, as every C array parameter is (C11 6.7.6.3p7):
// `strict shared int a[2][10*THREADS]` is written
// `strict shared int (*a)[10*THREADS]`, which Clang takes (it rejects an
// address-space-qualified parameter before it would adjust the array).  The
// qualifiers in the brackets qualify the pointer.  The remaining dimensions
// are a pointer's: *pointer is set, as for one written so.
void Surface::adjustArrayParameter(const Declarator &d, bool &pointer) {
  if (pointer || d.levels.size() != 1 || d.levels[0].dims.empty() || d.levels[0].func) return;
  const Dim &top = d.levels[0].dims[0];
  std::string quals;
  for (int k = top.lb + 1; k < top.rb; k++)
    if (is(k, "const") || is(k, "volatile") || is(k, "restrict") || is(k, "__restrict") ||
        is(k, "__restrict__"))
      quals += " " + text(k);
  for (int k = top.lb; k <= top.rb; k++) done[k] = 1;
  edits.push_back({T[top.lb].off, T[top.rb].off + T[top.rb].len - T[top.lb].off,
                   d.name >= 0 ? std::string() : "(*" + quals + ")", seq++});
  if (d.name >= 0) {
    insertBefore(d.name, "(*" + quals + " ");
    insertAfter(d.name, ")");
  }
  pointer = true;
}

// GNU attributes after the declarator of a shared object
// (`shared int x __attribute__((unused));`, after `[*]` dimensions, before
// an initialiser) move in front of it, where GCC takes them too: the
// lowering replaces a shared object's declarator and initialiser with its
// descriptor, which an attribute cannot follow.
void Surface::attributesBeforeDeclarator(const Declarator &d) {
  if (d.name < 0 || d.first < 0) return;
  int depth = 0;
  for (int k = d.name + 1; k <= d.last && k < int(T.size()); k++) {
    if (isOpen(k)) depth++;
    else if (isClose(k)) depth--;
    if (depth != 0 || !(is(k, "__attribute__") || is(k, "__attribute")) || !is(k + 1, "("))
      continue;
    int m = match(k + 1);
    if (m < 0 || m > d.last) return;
    unsigned b = T[k].off, e = T[m].off + T[m].len;
    edits.push_back({b, e - b, std::string(), seq++});
    std::string a = pp_.substr(b, e - b);
    std::replace(a.begin(), a.end(), '\n', ' '); // the deletion keeps the line breaks
    insertBefore(d.first, a + " ");
    k = m;
  }
}

// Dimensions of a shared array: THREADS becomes __upcc_THREADS_DIM (dynamic
// THREADS), once, as a factor, and not with an indefinite block size; a
// dimension that depends on a pointer-to-shared's size gets the generated
// C's value.
void Surface::threadsDims(const std::vector<Dim> &dims, const std::string &name, bool indefinite) {
  int count = 0;
  for (auto &dm : dims) {
    // A dimension only Clang can evaluate (sizeof, offsetof, enumeration
    // constants) whose value depends on the layout of a type holding a
    // pointer-to-shared gets the value evaluateRequests folds with the
    // generated C's layout: Clang's own takes the pointer for 8 bytes.
    bool ident = false, failed = false;
    for (int k = dm.lb + 1; k < dm.rb; k++) ident |= isIdent(k) && !is(k, "THREADS");
    if (ident) evaluate(dm.lb + 1, dm.rb, nullptr, &failed);
    if (failed) {
      auto v = known_.find(T[dm.lb].off); // keyed by the '[': not a block size's key
      if (v == known_.end()) {
        ConstRequest r{T[dm.lb].off, requestText(dm.lb + 1, dm.rb)};
        r.ifLayout = true;
        out.requests.push_back(r);
      } else {
        bool used = false;
        for (int k = dm.lb + 1; k < dm.rb; k++) used |= is(k, "THREADS") && dynamicThreads();
        insertBefore(dm.lb + 1, "0 * (");
        insertBefore(dm.rb, ") + " + std::to_string(v->second) +
                                (used ? " * __upcc_THREADS_DIM" : ""));
      }
    }
    bool has = false;
    for (int k = dm.lb + 1; k < dm.rb; k++) {
      if (!is(k, "THREADS") || !dynamicThreads()) continue;
      has = true;
      if (!done[k]) edit(k, "__upcc_THREADS_DIM");
      done[k] = 1;
    }
    if (has && dynamicThreads()) {
      // THREADS only as a factor: '*' is the only operator at the top level
      // of the dimension, and THREADS stands alone there or in parentheses.
      int depth = 0;
      bool ok = true;
      for (int k = dm.lb + 1; k < dm.rb; k++) {
        if (is(k, "(")) depth++;
        else if (is(k, ")")) depth--;
        else if (depth == 0 && T[k].kind == Tok::Punct && !is(k, "*")) ok = false;
        if (is(k, "THREADS") && depth > 0) {
          // every parenthesised group around THREADS is itself a product:
          // `(7 * THREADS)`, `((THREADS) * N)`; `(N + THREADS)` is not
          int l = k;
          for (int level = depth; level > 0; level--) {
            int d = 0;
            while (--l > dm.lb && !(is(l, "(") && d == 0))
              d += is(l, ")") ? 1 : is(l, "(") ? -1 : 0;
            int r = match(l);
            d = 0;
            for (int m = l + 1; m < r; m++) {
              if (is(m, "(")) d++;
              else if (is(m, ")")) d--;
              else if (d == 0 && T[m].kind == Tok::Punct && !is(m, "*")) ok = false;
            }
          }
        }
      }
      if (!ok)
        error(dm.lb + 1, "THREADS may only appear as a multiplicative factor of a shared "
                         "array dimension under dynamic THREADS");
    }
    if (has) {
      count++;
      if (count == 2)
        error(dm.lb, "THREADS appears in more than one dimension of " + name);
      if (indefinite)
        error(dm.lb, "THREADS may not appear in a dimension of " + name +
                         ", which has an indefinite block size ('shared []')");
    }
  }
}

// ---- statements

void Surface::handleForall(int i) {
  done[i] = 1;
  if (!is(i + 1, "(")) {
    error(i, "expected '(' after 'upc_forall'");
    return;
  }
  int rp = match(i + 1);
  if (rp < 0) {
    error(i, "unterminated 'upc_forall': missing ')'");
    return;
  }
  std::vector<int> semis;
  int depth = 0;
  for (int k = i + 2; k < rp; k++) {
    if (isOpen(k)) depth++;
    else if (isClose(k)) depth--;
    else if (depth == 0 && is(k, ";")) semis.push_back(k);
  }
  if (semis.size() != 3) {
    error(i, "'upc_forall' needs four clauses: (init; condition; step; affinity)");
    return;
  }
  int end = skipStatement(rp + 1);
  if (end < 0) {
    error(i, "'upc_forall' without a complete body");
    return;
  }
  bool braces = end < int(T.size()) && is(end, "else");
  edit(i, braces ? "{for" : "for");
  edit(semis[2], ") if (__upcc_forall_affinity(");
  if (rp == semis[2] + 2 && is(semis[2] + 1, "continue")) {
    edit(semis[2] + 1, "");
    done[semis[2] + 1] = 1;
  }
  edit(rp, "))");
  done[rp] = 1;
  if (braces) insertAfter(end - 1, "}");
}

// upc_barrier, upc_notify, upc_wait and upc_fence are statements (UPC 1.3
// 6.6.1), not expressions: the token before one ends a statement or a
// statement head.
bool Surface::statementPosition(int i) {
  if (i == 0 || is(i - 1, ";") || is(i - 1, "{") || is(i - 1, "}") || is(i - 1, ":") ||
      is(i - 1, ")") || is(i - 1, "else") || is(i - 1, "do"))
    return true;
  error(i, "'" + text(i) + "' is a statement; it cannot be used in an expression");
  return false;
}

void Surface::handleBarrier(int i, const char *fn) {
  done[i] = 1;
  if (!statementPosition(i)) return;
  if (is(i + 1, ";")) {
    edit(i, std::string(fn) + "()");
    return;
  }
  int depth = 0;
  for (int k = i + 1; k < int(T.size()); k++) {
    if (isOpen(k)) depth++;
    else if (isClose(k)) {
      if (--depth < 0) break;
    } else if (depth == 0 && is(k, ";")) {
      edit(i, std::string(fn) + "(");
      edit(k, ");");
      done[k] = 1;
      return;
    }
  }
  error(i, "expected ';' after '" + text(i) + "' statement");
}

// upcx_async(T, F, A...) becomes __upcc_async(T, sizeof((F)(A...), 0)):
// Clang then checks the arguments as for a call, which is never evaluated,
// and the lowering replaces the whole expression.
void Surface::handleAsync(int i) {
  done[i] = 1;
  int m = match(i + 1);
  if (m < 0) return; // Clang reports the unbalanced parenthesis
  int commas[2] = {-1, -1}, n = 0, depth = 0;
  for (int k = i + 2; k < m && n < 2; k++) {
    if (isOpen(k)) depth++;
    else if (isClose(k)) depth--;
    else if (depth == 0 && is(k, ",")) commas[n++] = k;
  }
  if (n == 0 || commas[0] + 1 == (n == 2 ? commas[1] : m)) {
    error(i, "'upcx_async' takes a thread, a function and the function's arguments");
    return;
  }
  edit(i, "__upcc_async");
  edit(commas[0], ", sizeof((");
  if (n == 2) {
    edit(commas[1], ")(");
    edit(m, "), 0))");
  } else {
    edit(m, ")(), 0))");
  }
}

bool Surface::startsTypeName(int i) const {
  std::string t = text(i);
  if (kTypeKeywords.count(t) || t == "struct" || t == "union" || t == "enum" ||
      t == "shared" || t == "strict" || t == "relaxed" || t == "const" ||
      t == "volatile" || t == "_Atomic" || t == "__typeof__" || t == "typeof" ||
      t == "__typeof")
    return true;
  return isIdent(i) && typedefs.count(t) && !is(i + 1, "[") && !is(i + 1, ".") &&
         !is(i + 1, "->") && !is(i + 1, "(");
}

// End (one past) of the unary-expression starting at token i, or -1: what
// sizeof takes without parentheses (prefix operators, a primary expression
// or a parenthesized one, postfix operators).
int Surface::unaryEnd(int i, int depth) const {
  if (depth > 256 || i >= int(T.size())) return -1;
  static const char *prefix[] = {"*", "&", "+", "-", "!", "~", "++", "--", "sizeof",
                                 "_Alignof", "__alignof__", "__extension__", "__real__",
                                 "__imag__", "upc_localsizeof", "upc_blocksizeof",
                                 "upc_elemsizeof"};
  for (const char *p : prefix)
    if (is(i, p)) {
      // sizeof (type-name) is a whole unary-expression.
      bool sz = T[i].kind == Tok::Ident;
      if (sz && is(i + 1, "(") && startsTypeName(i + 2)) {
        int m = match(i + 1);
        return m < 0 ? -1 : m + 1;
      }
      return unaryEnd(i + 1, depth + 1);
    }
  int k = i;
  if (is(k, "(")) {
    int m = match(k);
    if (m < 0) return -1;
    if (startsTypeName(k + 1)) return -1; // a cast is not a unary-expression
    k = m + 1;
  } else if (isIdent(k) || T[k].kind == Tok::Number || T[k].kind == Tok::Char) {
    k++;
  } else if (T[k].kind == Tok::String) {
    while (k < int(T.size()) && T[k].kind == Tok::String) k++;
  } else {
    return -1;
  }
  for (;;) {
    if (is(k, "[") || is(k, "(")) {
      int m = match(k);
      if (m < 0) return -1;
      k = m + 1;
    } else if ((is(k, ".") || is(k, "->")) && isIdent(k + 1)) {
      k += 2;
    } else if (is(k, "++") || is(k, "--")) {
      k++;
    } else {
      return k;
    }
  }
}

void Surface::handleSizeof(int i, const char *fn) {
  done[i] = 1;
  // The operand: a parenthesized type name [i+2, rp) or a unary-expression
  // [i+1, end) (which may itself start with a parenthesized expression).
  int b, e;
  bool typeName = false;
  if (is(i + 1, "(")) {
    int rp = match(i + 1);
    if (rp < 0) {
      error(i, "expected ')' after the operand of '" + text(i) + "'");
      return;
    }
    if (rp == i + 2) {
      error(i, "expected an expression or a type name in '" + text(i) + "'");
      return;
    }
    // A parenthesized operand followed by postfix operators is an expression.
    typeName = startsTypeName(i + 2) && !is(rp + 1, "[") && !is(rp + 1, ".") &&
               !is(rp + 1, "->");
    if (typeName) {
      b = i + 2;
      e = rp;
    } else {
      b = i + 1;
      e = unaryEnd(i + 1);
      if (e < 0) e = rp + 1;
    }
  } else {
    b = i + 1;
    e = unaryEnd(i + 1);
    if (e < 0 || e == b) {
      error(i, "expected an expression or a parenthesized type name after '" + text(i) + "'");
      return;
    }
  }
  // upc_blocksizeof/upc_elemsizeof are integer constants, and so is
  // upc_localsizeof where it does not depend on a dynamic THREADS: fold
  // them once Clang has told us the operand's type (see evaluateRequests).
  bool bs = std::strcmp(fn, "__upcc_blocksizeof") == 0;
  bool es = std::strcmp(fn, "__upcc_elemsizeof") == 0;
  bool ls = std::strcmp(fn, "__upcc_localsizeof") == 0;
  int last = typeName ? e : e - 1; // the last token the construct covers
  if (bs || es || ls) {
    auto it = known_.find(T[i].off);
    if (it != known_.end()) {
      for (int k = i; k <= last; k++) done[k] = 1;
      edits.push_back({T[i].off, T[last].off + T[last].len - T[i].off,
                       "((__SIZE_TYPE__)" + std::to_string(it->second) + ")", seq++});
      return;
    }
    // Asked in every round until known (runFrontend asks again when the
    // first answer saw placeholder block sizes).
    {
      ConstRequest r;
      r.key = T[i].off;
      r.kind = bs ? 1 : es ? 2 : 3;
      r.ppBegin = T[b].off;
      r.ppEnd = T[e - 1].off + T[e - 1].len;
      out.requests.push_back(r);
    }
  }
  if (typeName) {
    edit(i, fn);
    edit(i + 1, "((__typeof__(");
    edit(e, ")*)0)");
    done[i + 1] = done[e] = 1;
    return;
  }
  if (is(i + 1, "(") && match(i + 1) == e - 1) {
    edit(i, fn); // the operand's own parentheses make the call
    return;
  }
  edit(i, std::string(fn) + "(");
  insertAfter(e - 1, ")");
}

SurfaceOut Surface::run() {
  // Lex, tracking system-header regions and handling '#pragma upc'.
  bool sys = false;
  std::vector<std::pair<size_t, size_t>> pragmaLines;
  std::vector<size_t> pragmaTokIndex;
  lexText(
      pp_, T,
      [&](size_t b, size_t e) {
        std::string line = pp_.substr(b, e - b);
        // # N "file" flags
        size_t q = line.rfind('"');
        if (line.size() > 1 && q != std::string::npos &&
            std::isdigit(static_cast<unsigned char>(line[line.find_first_not_of("# ")]))) {
          std::string flags = line.substr(q + 1);
          sys = flags.find(" 3") != std::string::npos;
          return;
        }
        size_t p = line.find("pragma");
        if (p != std::string::npos && line.find("upc", p) != std::string::npos && !sys) {
          pragmaLines.push_back({b, e});
          pragmaTokIndex.push_back(T.size());
        }
      },
      [&] { return sys; });
  done.assign(T.size(), 0);

  // Pragmas inside a compound statement hold until its closing brace.
  {
    std::vector<int> braceAt(T.size() + 1, 0);
    int depth = 0;
    for (size_t k = 0; k < T.size(); k++) {
      braceAt[k] = depth;
      if (is(int(k), "{")) depth++;
      else if (is(int(k), "}")) depth--;
    }
    braceAt[T.size()] = depth;
    Consistency current = Consistency::Relaxed;
    for (size_t p = 0; p < pragmaLines.size(); p++) {
      size_t before = out.pragmasPP.size();
      pragma(pragmaLines[p].first, pragmaLines[p].second, 0);
      if (out.pragmasPP.size() == before) continue;
      Consistency prev = current;
      current = out.pragmasPP.back().mode;
      size_t tk = pragmaTokIndex[p];
      int d = braceAt[tk];
      // UPC 1.3 6.7.1: outside external declarations, or before every
      // declaration and statement of a compound statement.
      if (d > 0 && tk > 0 && !is(int(tk) - 1, "{"))
        out.warnings.push_back(formatDiag(pragmaLoc(pragmaLines[p].first), "warning",
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
      done[i] = 1;
      if (!statementPosition(i)) continue;
      if (!is(i + 1, ";")) error(i, "expected ';' after 'upc_fence' statement");
      else edit(i, "__upcc_fence()");
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

} // namespace

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
