// upcc_fuzz.cpp — a mutation fuzzer for upcc's translator: mutates the UPC
// sources of the repository token by token, runs the surface pass and the
// whole front end (clang -E as upcc runs it, Sema, UPC checks, optimizer,
// lowering) on each mutant in a child process, and checks the oracle:
//   - no crash (signal), no assertion, no hang (timeout);
//   - a rejected input has at least one located "file:line:col: error:";
//   - the surface pass lexes every line as Clang's raw lexer does, keeps the
//     number of lines, and leaves lines without UPC syntax unchanged;
//   - joining lines (what clang -E does to a macro call over several lines)
//     and wrapping code in identity macros never turns an accepted program
//     into a rejected one.
// Each input k is made from the seed (-seed), k and the seed files alone, so
// a finding is reproduced by `upcc-fuzz -seed S -first k -n 1 PATHS` whatever
// -j was (as long as PATHS hold the same .upc files).
#include "frontend.h"
#include "internal.h"
#include "lower.h"
#include "plan.h"

#include <clang/Basic/LangOptions.h>
#include <clang/Basic/SourceLocation.h>
#include <clang/Lex/Lexer.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Support/thread.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <random>
#include <regex>
#include <set>
#include <signal.h>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;

namespace {

const char *const kUsage =
    "usage: upcc-fuzz [options] PATH...\n"
    "  PATH: .upc files, or directories searched for them (the seeds)\n"
    "  -n N          mutated inputs to run (default 2000)\n"
    "  -first K      number of the first input (default 0)\n"
    "  -seed S       random seed (default 1)\n"
    "  -j J          inputs run at once (default 2)\n"
    "  -timeout SEC  a translation taking longer is a hang (default 60)\n"
    "  -out DIR      keep each failing input and its stderr in DIR\n"
    "  -replay       run the checks on each PATH as it is (.i: already preprocessed)\n"
    "  -v            print every input's verdict\n";

// ------------------------------------------------------------ options

struct Config {
  long n = 2000, first = 0;
  unsigned long seed = 1;
  int jobs = 2;
  int timeout = 60;
  std::string out;
  bool replay = false, verbose = false;
  std::vector<std::string> seeds;
  std::string work; // scratch directory (cache of preprocessed seeds)
};

// ------------------------------------------------------------ utilities

std::string readFile(const std::string &p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool writeFile(const std::string &p, const std::string &s) {
  std::string tmp = p + ".tmp" + std::to_string(getpid());
  {
    std::ofstream f(tmp, std::ios::binary);
    f << s;
    if (!f) return false;
  }
  return std::rename(tmp.c_str(), p.c_str()) == 0;
}

std::string baseName(const std::string &p) {
  size_t s = p.rfind('/');
  return s == std::string::npos ? p : p.substr(s + 1);
}

std::string dirName(const std::string &p) {
  size_t s = p.rfind('/');
  return s == std::string::npos ? "." : p.substr(0, s);
}

unsigned long hashOf(const std::string &s) {
  unsigned long h = 1469598103934665603ul;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ul;
  return h;
}

// Runs argv with stdout captured; stderr goes to this process's stderr.
int runCapture(const std::vector<std::string> &argv, std::string &out) {
  int fd[2];
  if (pipe(fd) != 0) return 127;
  pid_t pid = fork();
  if (pid == 0) {
    dup2(fd[1], 1);
    close(fd[0]);
    close(fd[1]);
    std::vector<char *> a;
    for (auto &s : argv) a.push_back(const_cast<char *>(s.c_str()));
    a.push_back(nullptr);
    execvp(a[0], a.data());
    _exit(127);
  }
  close(fd[1]);
  char buf[65536];
  ssize_t r;
  while ((r = read(fd[0], buf, sizeof buf)) > 0 || (r < 0 && errno == EINTR))
    if (r > 0) out.append(buf, size_t(r));
  close(fd[0]);
  int st = 0;
  while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

// The preprocessing upcc does (tools/upcc.cpp, preprocessCommand), plus the
// seed's own directory for its quoted includes.
int preprocess(const std::string &file, const std::string &seedDir, int threads, std::string &pp) {
  std::vector<std::string> cmd = {UPCC_CLANG, "-E", "-x", "c", "-std=gnu11",
                                  "-I" UPCC_INCLUDE, "-idirafter", UPCC_MPI_INCLUDEDIR,
                                  "-I" + seedDir};
  if (threads) cmd.push_back("-D__UPCC_STATIC_THREADS=" + std::to_string(threads));
  cmd.push_back("-include");
  cmd.push_back("upcc_prelude.h");
  cmd.push_back(file);
  return runCapture(cmd, pp);
}

// ------------------------------------------------------------ tokens

struct Span { unsigned off, len; unsigned line; };

bool isDirectiveLine(const std::string &s, size_t b, size_t e) {
  while (b < e && (s[b] == ' ' || s[b] == '\t')) b++;
  return b < e && s[b] == '#';
}

// Tokens of the lines `want(line text, line number)` accepts, directives excluded.
std::vector<Span> tokens(const std::string &s, const std::function<bool(unsigned)> &want) {
  std::vector<Span> out;
  size_t b = 0;
  unsigned line = 0;
  while (b <= s.size()) {
    size_t e = s.find('\n', b);
    if (e == std::string::npos) e = s.size();
    if (!isDirectiveLine(s, b, e) && want(line))
      for (const auto &t : upc::fe::lexLine(s.substr(b, e - b)))
        out.push_back({unsigned(b + t.off), t.len, line});
    line++;
    if (e == s.size()) break;
    b = e + 1;
  }
  return out;
}

// For a preprocessed text: which lines belong to the file named `user`
// (by the line markers), and which are directive lines.
std::vector<char> userLines(const std::string &pp, const std::string &user) {
  std::vector<char> mine;
  bool in = false;
  size_t b = 0;
  while (b <= pp.size()) {
    size_t e = pp.find('\n', b);
    if (e == std::string::npos) e = pp.size();
    bool marker = false;
    if (isDirectiveLine(pp, b, e)) {
      size_t q = pp.find('"', b);
      size_t k = pp.find_first_not_of(" \t#", b);
      if (q < e && k < e && isdigit(static_cast<unsigned char>(pp[k]))) {
        size_t r = pp.find('"', q + 1);
        in = r < e && pp.compare(q + 1, r - q - 1, user) == 0;
        marker = true;
      }
    }
    mine.push_back(in && !marker);
    if (e == pp.size()) break;
    b = e + 1;
  }
  return mine;
}

// s with its comments blanked (newlines kept), so that tokens() of a
// source sees what the preprocessor sees (offsets unchanged).
std::string withoutComments(std::string s) {
  for (size_t i = 0; i < s.size(); i++) {
    char c = s[i];
    if (c == '"' || c == '\'') {
      for (i++; i < s.size() && s[i] != c && s[i] != '\n'; i++)
        if (s[i] == '\\') i++;
    } else if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
      for (; i < s.size() && s[i] != '\n'; i++) s[i] = ' ';
    } else if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
      size_t e = s.find("*/", i + 2);
      e = e == std::string::npos ? s.size() : e + 2;
      for (; i < e; i++)
        if (s[i] != '\n') s[i] = ' ';
      i--;
    }
  }
  return s;
}

struct TextEdit { unsigned off, len; std::string text; };

std::string applyEdits(const std::string &s, std::vector<TextEdit> ed) {
  std::stable_sort(ed.begin(), ed.end(),
                   [](const TextEdit &a, const TextEdit &b) { return a.off < b.off; });
  std::string r;
  unsigned pos = 0;
  for (auto &e : ed) {
    if (e.off < pos) continue;
    r.append(s, pos, e.off - pos);
    r += e.text;
    pos = e.off + e.len;
  }
  r.append(s, pos, std::string::npos);
  return r;
}

// ------------------------------------------------------------ mutations

const char *const kDictionary[] = {
    "shared", "strict", "relaxed", "shared [4]", "shared []", "shared [*]", "shared [0]",
    "shared [THREADS]", "shared [-1]", "shared [1048576]", "strict shared", "relaxed shared [2]",
    "upc_forall", "upc_barrier", "upc_barrier 1", "upc_barrier 1.5", "upc_notify", "upc_wait",
    "upc_fence", "THREADS", "MYTHREAD", "UPC_MAX_BLOCK_SIZE", "upc_blocksizeof",
    "upc_elemsizeof", "upc_localsizeof", "upc_lock_t", "continue", "upcx_async(0, f, 1)",
    "upc_forall (int i = 0; i < 10; i++; i)", "upc_forall (;;; continue)", "[THREADS]", "[*]",
    "[2*THREADS]", "[THREADS][THREADS]", "*THREADS", "; ", "&", "->", "*", ".", "(", ")", "{",
    "}", "[", "]", ",", ":", "?", "=", "+=", "++", "--", "!", "~", "sizeof", "typedef",
    "struct", "union", "enum", "static", "extern", "const", "volatile", "restrict", "void", "int",
    "char", "double", "long", "unsigned", "register", "_Bool", "__attribute__((unused))", "0",
    "1", "-1", "4294967296", "0x7fffffff", "'a'", "\"s\"", "1.5", "goto", "return", "break", "if",
    "else", "while", "for", "do", "switch", "case 1:", "default:", "upc_all_alloc(THREADS, 4)",
    "(shared int *)", "(shared [3] char *)", "(shared void *)", "(int *)", "upc_threadof",
    "upc_phaseof", "upc_addrfield", "upc_affinitysize", "upc_resetphase", "__typeof__",
    "_Generic", "_Static_assert(1, \"\")", "...", "upc_memcpy", "upc_memget", "upc_lock",
    "x", "p", "a", "main", "shared int *", "shared [] char *", "struct s { shared int *p; }",
    "__upcc_THREADS_DIM", "__upcc_barrier", "__attribute__((address_space(4194305)))",
};

const char *const kNumbers[] = {"0", "-1", "1", "3", "1048575", "1048576", "2147483647",
                                "2147483648", "4294967296", "99999999999999999999999",
                                "0x", "1e999", "THREADS*0", "(THREADS-THREADS)", "0.5", "'\\0'"};

enum class Mut { Delete, Duplicate, Swap, Replace, Insert, Splice, Number, Nest, Deep, Pragma,
                 Truncate, Join, Wrap, Count };
const char *const kMutName[] = {"delete", "duplicate", "swap", "replace", "insert", "splice",
                                "number", "nest", "deep", "pragma", "truncate", "join", "wrap"};

struct Rng {
  std::mt19937_64 g;
  explicit Rng(unsigned long s) : g(s) {}
  size_t below(size_t n) { return n ? size_t(g() % n) : 0; }
  bool chance(double p) { return double(g() % 1000000) < p * 1e6; }
  size_t skewed(size_t n) { // small counts are common, large ones possible
    size_t c[] = {1, 1, 1, 2, 3, 5, 10, 50, 300, 2000};
    return std::min(n, c[below(10)]);
  }
};

std::string tokText(const std::string &s, const Span &t) { return s.substr(t.off, t.len); }

// The index of the token closing a balanced range started at i (i itself
// included), scanning at most limit tokens; -1 if none.
bool balanced(const std::string &s, const std::vector<Span> &T, size_t b, size_t e) {
  int d = 0;
  for (size_t k = b; k <= e; k++) {
    if (T[k].len != 1) continue;
    char c = s[T[k].off];
    if (c == '(' || c == '[' || c == '{') d++;
    if (c == ')' || c == ']' || c == '}') d--;
    if (d < 0) return false;
  }
  return d == 0;
}

// One token-level mutation of `s` whose mutable tokens are T.  `other` is
// a second seed's tokens for splicing.  Returns false if it did nothing.
bool mutateOnce(Rng &r, Mut m, std::string &s, const std::vector<Span> &T,
                const std::string &otherText, const std::vector<Span> &other, bool sourceLevel) {
  if (T.empty()) return false;
  std::vector<TextEdit> ed;
  size_t i = r.below(T.size());
  auto sp = [](const std::string &x) { return " " + x + " "; };
  switch (m) {
  case Mut::Delete: {
    size_t n = std::min(T.size() - i, r.skewed(T.size()));
    for (size_t k = i; k < i + n; k++) ed.push_back({T[k].off, T[k].len, " "});
    break;
  }
  case Mut::Duplicate: {
    size_t n = std::min(T.size() - i, r.skewed(40));
    size_t j = r.below(T.size());
    std::string d;
    for (size_t k = i; k < i + n; k++) d += " " + tokText(s, T[k]);
    ed.push_back({T[j].off, 0, d + " "});
    break;
  }
  case Mut::Swap: {
    size_t j = r.below(T.size());
    if (i == j) return false;
    ed.push_back({T[i].off, T[i].len, sp(tokText(s, T[j]))});
    ed.push_back({T[j].off, T[j].len, sp(tokText(s, T[i]))});
    break;
  }
  case Mut::Replace:
    ed.push_back({T[i].off, T[i].len,
                  sp(r.chance(0.5) ? kDictionary[r.below(std::size(kDictionary))]
                                   : tokText(s, T[r.below(T.size())]))});
    break;
  case Mut::Insert:
    ed.push_back({T[i].off, 0, sp(kDictionary[r.below(std::size(kDictionary))])});
    break;
  case Mut::Splice: {
    if (other.empty()) return false;
    size_t b = r.below(other.size());
    size_t n = std::min(other.size() - b, size_t(1 + r.below(200)));
    std::string d;
    for (size_t k = b; k < b + n; k++) {
      d += " " + tokText(otherText, other[k]);
      if (k + 1 < b + n && other[k + 1].line != other[k].line) d += "\n";
    }
    if (r.chance(0.5)) { // replace the tail from i
      size_t e = std::min(T.size() - 1, i + r.below(200));
      ed.push_back({T[i].off, T[e].off + T[e].len - T[i].off, d + " "});
    } else {
      ed.push_back({T[i].off, 0, d + " "});
    }
    break;
  }
  case Mut::Number: {
    std::vector<size_t> nums;
    for (size_t k = 0; k < T.size(); k++)
      if (isdigit(static_cast<unsigned char>(s[T[k].off]))) nums.push_back(k);
    if (nums.empty()) return false;
    const Span &t = T[nums[r.below(nums.size())]];
    ed.push_back({t.off, t.len, sp(kNumbers[r.below(std::size(kNumbers))])});
    break;
  }
  case Mut::Nest: { // wrap tokens [i, e] in n levels of one bracket kind
    size_t e = std::min(T.size() - 1, i + r.below(30));
    if (!balanced(s, T, i, e)) e = i;
    size_t n = r.skewed(5000);
    static const char *const open[] = {"(", "{", "[", "("}, *const close[] = {")", "}", "]", ")"};
    size_t kind = r.below(4);
    std::string o, c;
    for (size_t k = 0; k < n; k++) { o += open[kind]; c += close[kind]; }
    ed.push_back({T[i].off, 0, " " + o + " "});
    ed.push_back({T[e].off + T[e].len, 0, " " + c + " "});
    break;
  }
  case Mut::Deep: { // a long run of one declarator or qualifier piece
    static const char *const piece[] = {"*", "shared ", "strict ", "[1]", "*shared ", "(*)",
                                        "const ", "shared [2] ", "-", "!", "&*", "upc_forall(;;;) "};
    const char *p = piece[r.below(std::size(piece))];
    size_t n = r.skewed(5000);
    std::string d;
    for (size_t k = 0; k < n; k++) d += p;
    ed.push_back({T[i].off, 0, " " + d + " "});
    break;
  }
  case Mut::Pragma: {
    static const char *const pr[] = {"#pragma upc strict", "#pragma upc relaxed",
                                     "#pragma upc", "#pragma upc bogus", "#pragma pack(1)",
                                     "#pragma upc_code", "#pragma upc strict relaxed"};
    // Before the token's line.
    size_t b = s.rfind('\n', T[i].off);
    b = b == std::string::npos ? 0 : b + 1;
    ed.push_back({unsigned(b), 0, std::string(pr[r.below(std::size(pr))]) + "\n"});
    break;
  }
  case Mut::Truncate:
    s.resize(T[i].off + (sourceLevel ? 0 : T[i].len));
    return true;
  case Mut::Join: { // lines of T[i]..T[e] become one (newlines moved after it)
    size_t e = std::min(T.size() - 1, i + 20 + r.below(400));
    unsigned b = T[i].off, end = T[e].off + T[e].len;
    std::string run = s.substr(b, end - b);
    if (run.find('#') != std::string::npos) {
      // Only lines without directives (a '#' in a string is harmless but rare).
      size_t k = run.find('\n');
      while (k != std::string::npos) {
        size_t q = run.find_first_not_of(" \t", k + 1);
        if (q != std::string::npos && run[q] == '#') { end = b + unsigned(k); break; }
        k = run.find('\n', k + 1);
      }
      run = s.substr(b, end - b);
    }
    size_t nl = std::count(run.begin(), run.end(), '\n');
    if (nl == 0) return false;
    std::replace(run.begin(), run.end(), '\n', ' ');
    ed.push_back({b, end - b, run + std::string(nl, '\n')});
    break;
  }
  case Mut::Wrap: { // identity macros around whole lines (source level)
    // From the first token of a line to the last token of a later line.
    size_t b = i;
    while (b > 0 && T[b - 1].line == T[i].line) b--;
    size_t e = b;
    size_t lines = 1 + r.below(40);
    while (e + 1 < T.size() && T[e + 1].line < T[b].line + lines) e++;
    // The span may not cross a directive line.
    for (size_t k = b; k < e; k++) {
      size_t from = T[k].off + T[k].len, to = T[k + 1].off;
      bool dir = false;
      for (size_t p = s.find('\n', from); p < to; p = s.find('\n', p + 1)) {
        size_t q = s.find_first_not_of(" \t", p + 1);
        if (q < to && s[q] == '#') dir = true;
      }
      if (dir) { e = k; break; }
    }
    while (e > b && !balanced(s, T, b, e)) e--;
    if (!balanced(s, T, b, e)) return false;
    // Nor lie in a directive continued over lines (a #define's body): the
    // wrapped lines would end in a backslash before the ')'.
    size_t from = s.rfind('\n', T[b].off), to = s.find('\n', T[e].off + T[e].len);
    if (from != std::string::npos && from > 0 && s[from - 1] == '\\') return false;
    if (from == std::string::npos) from = 0;
    if (s.substr(from, to == std::string::npos ? std::string::npos : to - from).find("\\\n") !=
            std::string::npos ||
        (to != std::string::npos && to > 0 && s[to - 1] == '\\'))
      return false;
    int depth = int(1 + r.below(6));
    ed.push_back({T[b].off, 0, "FZID" + std::to_string(depth) + "("});
    ed.push_back({T[e].off + T[e].len, 0, ")"});
    break;
  }
  default:
    return false;
  }
  s = applyEdits(s, ed);
  return true;
}

// The identity macros Wrap uses, in front of a source (line numbers kept).
const char *const kWrapPrologue =
    "#define FZID0(...) __VA_ARGS__\n#define FZID1(...) FZID0(__VA_ARGS__)\n"
    "#define FZID2(...) FZID1(FZID0(__VA_ARGS__))\n#define FZID3(...) FZID2(FZID1(__VA_ARGS__))\n"
    "#define FZID4(...) FZID3(FZID3(__VA_ARGS__))\n#define FZID5(...) FZID4(FZID4(__VA_ARGS__))\n"
    "#define FZID6(...) FZID5(FZID5(__VA_ARGS__))\n#line 1\n";

// ------------------------------------------------------------ checks in the child

const std::set<std::string> kUpcWords = {"shared", "strict", "relaxed", "THREADS", "MYTHREAD",
                                         "UPC_MAX_BLOCK_SIZE", "upc_forall", "upc_barrier",
                                         "upc_notify", "upc_wait", "upc_fence",
                                         "upc_blocksizeof", "upc_elemsizeof", "upc_localsizeof",
                                         "upcx_async"};

// Clang's raw lexer over one line: token (offset, length) pairs.
std::vector<std::pair<unsigned, unsigned>> clangTokens(const std::string &line) {
  clang::LangOptions lo;
  lo.C99 = lo.C11 = 1;
  lo.GNUMode = 1;
  lo.LineComment = 1;
  lo.Digraphs = 1;
  lo.DollarIdents = 1;
  std::vector<std::pair<unsigned, unsigned>> out;
  clang::SourceLocation base = clang::SourceLocation::getFromRawEncoding(1);
  clang::Lexer L(base, lo, line.data(), line.data(), line.data() + line.size());
  clang::Token t;
  while (true) {
    bool end = L.LexFromRawLexer(t);
    if (t.is(clang::tok::eof)) break;
    out.push_back({t.getLocation().getRawEncoding() - 1, t.getLength()});
    if (end) break;
  }
  return out;
}

// The surface pass's lexer against Clang's, line by line; the first
// difference is reported.
bool lexersAgree(const std::string &pp, std::string &why) {
  size_t b = 0;
  unsigned line = 1;
  while (b < pp.size()) {
    size_t e = pp.find('\n', b);
    if (e == std::string::npos) e = pp.size();
    if (!isDirectiveLine(pp, b, e)) {
      std::string l = pp.substr(b, e - b);
      auto a = upc::fe::lexLine(l);
      auto c = clangTokens(l);
      size_t n = std::max(a.size(), c.size());
      for (size_t k = 0; k < n; k++) {
        bool same = k < a.size() && k < c.size() && a[k].off == c[k].first &&
                    a[k].len == c[k].second;
        if (!same) {
          unsigned at = k < a.size() ? a[k].off : c[k].first;
          why = "line " + std::to_string(line) + " col " + std::to_string(at + 1) + ": surface '" +
                (k < a.size() ? l.substr(a[k].off, a[k].len) : "") + "', clang '" +
                (k < c.size() ? l.substr(c[k].first, c[k].second) : "") + "' in: " +
                l.substr(0, 300);
          return false;
        }
      }
    }
    line++;
    b = e + 1;
  }
  return true;
}

std::vector<std::string> splitLines(const std::string &s) {
  std::vector<std::string> v;
  size_t b = 0;
  while (true) {
    size_t e = s.find('\n', b);
    v.push_back(s.substr(b, e == std::string::npos ? std::string::npos : e - b));
    if (e == std::string::npos) break;
    b = e + 1;
  }
  return v;
}

// The surface pass keeps every line, and a line of the user's file with no
// UPC word is unchanged when no UPC word is near it (a declaration's
// rewrite can reach into the lines around its qualifier).
bool surfaceKeepsC(const std::string &pp, const std::string &user, int threads,
                   std::string &why) {
  upc::FrontendOptions fo;
  fo.inputName = user;
  fo.staticThreads = threads;
  upc::fe::SourceMap map(pp);
  std::map<unsigned, long long> known;
  upc::fe::SurfaceOut so = upc::fe::surfacePass(pp, map, fo, known);
  std::vector<std::string> in = splitLines(pp), out = splitLines(so.out.text());
  if (in.size() != out.size()) {
    why = "the surface pass turned " + std::to_string(in.size()) + " lines into " +
          std::to_string(out.size());
    return false;
  }
  std::vector<char> mine = userLines(pp, user);
  // Lines with UPC words, or a '[' (a dimension can hold THREADS through a
  // macro) or a name declared shared elsewhere: give up on the whole input.
  for (size_t k = 0; k < in.size(); k++) {
    if (k >= mine.size() || !mine[k]) continue;
    if (isDirectiveLine(in[k], 0, in[k].size())) {
      if (in[k].find("upc") != std::string::npos) return true; // #pragma upc ...
      continue;
    }
    for (const auto &t : upc::fe::lexLine(in[k])) {
      std::string w = in[k].substr(t.off, t.len);
      if (kUpcWords.count(w) || w.compare(0, 4, "upc_") == 0 || w.compare(0, 5, "bupc_") == 0)
        return true;
    }
  }
  for (size_t k = 0; k < in.size(); k++) {
    if (k >= mine.size() || !mine[k] || in[k] == out[k]) continue;
    why = "line " + std::to_string(k + 1) + " of the preprocessed text (no UPC in the file) " +
          "changed:\n  in:  " + in[k].substr(0, 300) + "\n  out: " + out[k].substr(0, 300);
    return false;
  }
  return true;
}

// f() on a thread with the stack upcc gives the translator
// (tools/upcc.cpp, translateOnLargeStack).
int onLargeStack(const std::function<int()> &f) {
  int r = 1;
  llvm::thread t(std::optional<unsigned>(512u << 20), [&] { r = f(); });
  t.join();
  return r;
}

// What upcc's translate() does, without writing the C.
int translate(const std::string &pp, const std::string &user, int threads) {
  upc::FrontendOptions fo;
  fo.inputName = user;
  fo.staticThreads = threads;
  upc::FrontendResult fe = upc::runFrontend(pp, fo);
  if (!fe.ast) return 1;
  upc::OptimizerOptions oo;
  oo.staticThreads = threads;
  std::string sink;
  llvm::raw_string_ostream os(sink);
  upc::OptimizerPlan plan = upc::runOptimizer(fe, oo, llvm::nulls());
  upc::LowerOptions lo;
  lo.staticThreads = threads;
  bool ok = upc::lowerTranslationUnit(fe, &plan, lo, os);
  os.flush();
  llvm::errs().flush();
  return ok ? 0 : 1;
}

// Exit codes of a child beyond 0/1.
enum { kLexMismatch = 97, kSurfaceChanged = 98, kNotEquivalent = 99, kSeedBroken = 96 };

struct Input {
  long k;
  std::string seed;      // seed file
  std::string name;      // the file name the translator sees
  std::string text;      // mutated source or preprocessed text
  bool preprocessed = false;
  int threads = 0;
  bool equivalent = false; // only meaning-preserving mutations applied
  std::string muts;        // names of the mutations
};

// Preprocessed seed (cached in the work directory).
bool seedPP(const Config &c, const std::string &seed, int threads, std::string &pp) {
  std::string key = c.work + "/" + std::to_string(hashOf(seed + "|" + std::to_string(threads))) + ".i";
  struct stat st;
  if (stat(key.c_str(), &st) == 0) {
    pp = readFile(key);
    return true;
  }
  int devnull = open("/dev/null", O_WRONLY);
  int saved = dup(2);
  dup2(devnull, 2);
  int rc = preprocess(seed, dirName(seed), threads, pp);
  dup2(saved, 2);
  close(saved);
  close(devnull);
  if (rc != 0) return false;
  writeFile(key, pp);
  return true;
}

// Whether the unmutated seed translates (cached).
int seedVerdict(const Config &c, const std::string &seed, int threads, const std::string &pp) {
  std::string key = c.work + "/" + std::to_string(hashOf(seed + "|" + std::to_string(threads))) + ".verdict";
  std::string v = readFile(key);
  if (!v.empty()) return v[0] - '0';
  int devnull = open("/dev/null", O_WRONLY);
  int saved = dup(2);
  dup2(devnull, 2);
  pid_t pid = fork();
  int st = 0;
  if (pid == 0) _exit(onLargeStack([&] { return translate(pp, seed, threads); }));
  while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
  }
  dup2(saved, 2);
  close(saved);
  close(devnull);
  int r = WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : 1;
  writeFile(key, std::to_string(r));
  return r;
}

// Builds input k (deterministic in seed and k).
Input makeInput(const Config &c, long k) {
  Rng r(c.seed * 0x9E3779B97F4A7C15ul + static_cast<unsigned long>(k) * 0xBF58476D1CE4E5B9ul + 1);
  Input in;
  in.k = k;
  in.seed = c.seeds[r.below(c.seeds.size())];
  // Source level (through clang -E, macros possible; a fifth of the inputs:
  // clang -E costs more than the translation) or preprocessed level.  Static
  // THREADS only at source level: the preprocessed seeds are cached once.
  bool source = r.chance(0.2);
  in.threads = source && r.chance(0.4) ? int(1 + r.below(4)) : 0;
  bool equivalence = r.chance(0.15);
  int nmut = equivalence ? 1 : int(1 + r.below(3));
  std::string other = c.seeds[r.below(c.seeds.size())];
  std::string otherText = readFile(other);
  auto all = [](unsigned) { return true; };
  otherText = withoutComments(otherText);
  std::vector<Span> otherT = tokens(otherText, all);
  if (source) {
    in.text = readFile(in.seed);
    in.name = baseName(in.seed);
  } else {
    if (!seedPP(c, in.seed, in.threads, in.text)) {
      source = true;
      in.text = readFile(in.seed);
    }
    in.name = in.seed;
    in.preprocessed = !source;
  }
  in.equivalent = equivalence;
  bool wrapped = false;
  for (int m = 0; m < nmut; m++) {
    Mut kind;
    // Joining lines is only meaning-preserving without comments (in
    // preprocessed text).
    if (equivalence) kind = source ? Mut::Wrap : Mut::Join;
    else kind = Mut(r.below(size_t(Mut::Join))); // Join and Wrap are the equivalence class
    std::vector<Span> T;
    if (in.preprocessed) {
      std::vector<char> mine = userLines(in.text, in.seed);
      T = tokens(in.text, [&](unsigned l) { return l < mine.size() && mine[l]; });
    } else {
      T = tokens(withoutComments(in.text), all);
    }
    if (mutateOnce(r, kind, in.text, T, otherText, otherT, source)) {
      in.muts += std::string(in.muts.empty() ? "" : "+") + kMutName[int(kind)];
      wrapped |= kind == Mut::Wrap;
    }
  }
  if (wrapped) in.text = kWrapPrologue + in.text;
  if (in.muts.empty()) in.muts = "none";
  return in;
}

// The child: prepares the input, runs every check, exits with the verdict.
// stderr is the verdict's evidence.
[[noreturn]] void runChild(const Config &c, const Input &in, const std::string &dir) {
  struct rlimit rl;
  rl.rlim_cur = rl.rlim_max = rlim_t(4) << 30; // 4 GiB: a runaway is a finding, not an OOM kill
  setrlimit(RLIMIT_AS, &rl);
  alarm(unsigned(c.timeout) + 5);
  std::string pp, name = in.name;
  if (in.preprocessed) {
    pp = in.text;
  } else {
    mkdir(dir.c_str(), 0755);
    name = dir + "/" + baseName(in.name);
    writeFile(name, in.text);
    if (preprocess(name, dirName(in.seed), in.threads, pp) != 0) _exit(1);
  }
  std::string why;
  if (!lexersAgree(pp, why)) {
    std::cerr << "upcc-fuzz: lexer mismatch: " << why << "\n";
    _exit(kLexMismatch);
  }
  if (!onLargeStack([&] { return int(surfaceKeepsC(pp, name, in.threads, why)); })) {
    std::cerr << "upcc-fuzz: surface pass: " << why << "\n";
    _exit(kSurfaceChanged);
  }
  int rc = onLargeStack([&] { return translate(pp, name, in.threads); });
  if (rc != 0 && in.equivalent) {
    std::string seedText;
    if (seedPP(c, in.seed, in.threads, seedText) && seedVerdict(c, in.seed, in.threads, seedText) == 0) {
      std::cerr << "upcc-fuzz: " << in.seed << " translates, but not after " << in.muts << "\n";
      _exit(kNotEquivalent);
    }
  }
  _exit(rc);
}

// ------------------------------------------------------------ the parent

struct Verdict {
  std::string cls; // empty: fine
  std::string detail;
};

Verdict judge(int status, bool timedOut, const std::string &err) {
  static const std::regex located(R"((^|\n)[^\s:][^:\n]*:[0-9]+:[0-9]+: (fatal )?error: )");
  if (timedOut) return {"hang", ""};
  if (WIFSIGNALED(status))
    return {"crash", std::string("signal ") + strsignal(WTERMSIG(status))};
  int rc = WEXITSTATUS(status);
  // Messages only: a diagnostic's excerpt of the input (`  7 | ...`) may
  // quote these words (seed 1, input #599 quoted a CHECK-NOT comment).
  static const std::regex excerpt(R"(^\s*[0-9]*\s*\|)");
  std::istringstream lines(err);
  for (std::string line; std::getline(lines, line);) {
    if (std::regex_search(line, excerpt)) continue;
    if (line.find("Assertion") != std::string::npos || line.find("Stack dump:") != std::string::npos ||
        line.find("internal error") != std::string::npos)
      return {"crash", "assertion or internal error"};
  }
  if (rc == kLexMismatch) return {"lexer", ""};
  if (rc == kSurfaceChanged) return {"surface", ""};
  if (rc == kNotEquivalent) return {"equivalence", ""};
  if (rc == 0) return {};
  if (rc != 1) return {"status", "exit status " + std::to_string(rc)};
  if (!std::regex_search(err, located)) return {"unlocated", "no file:line:col: error: on stderr"};
  return {};
}

struct Running {
  pid_t pid;
  Input in;
  std::string errFile, dir;
  std::chrono::steady_clock::time_point start;
};

void collectSeeds(Config &c, const std::vector<std::string> &paths) {
  std::set<std::string> seen;
  for (const auto &p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      for (auto it = fs::recursive_directory_iterator(p, ec); it != fs::recursive_directory_iterator();
           it.increment(ec)) {
        std::string n = it->path().filename().string();
        if (it->is_directory() && (n.compare(0, 5, "build") == 0 || n[0] == '.')) {
          it.disable_recursion_pending();
          continue;
        }
        if (it->is_regular_file() && it->path().extension() == ".upc")
          seen.insert(fs::absolute(it->path()).lexically_normal().string());
      }
    } else if (fs::exists(p, ec)) {
      seen.insert(fs::absolute(p).lexically_normal().string());
    } else {
      std::cerr << "upcc-fuzz: error: no such file or directory: " << p << "\n";
      std::exit(2);
    }
  }
  c.seeds.assign(seen.begin(), seen.end());
}

long argNum(int &i, int argc, char **argv) {
  if (i + 1 >= argc) {
    std::cerr << "upcc-fuzz: error: missing value for " << argv[i] << "\n" << kUsage;
    std::exit(2);
  }
  char *end;
  long v = std::strtol(argv[++i], &end, 10);
  if (*end || v < 0) {
    std::cerr << "upcc-fuzz: error: bad value '" << argv[i] << "'\n" << kUsage;
    std::exit(2);
  }
  return v;
}

} // namespace

int main(int argc, char **argv) {
  Config c;
  std::vector<std::string> paths;
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    if (a == "-n") c.n = argNum(i, argc, argv);
    else if (a == "-first") c.first = argNum(i, argc, argv);
    else if (a == "-seed") c.seed = (unsigned long)argNum(i, argc, argv);
    else if (a == "-j") c.jobs = std::max(1, int(argNum(i, argc, argv)));
    else if (a == "-timeout") c.timeout = std::max(1, int(argNum(i, argc, argv)));
    else if (a == "-out" && i + 1 < argc) c.out = argv[++i];
    else if (a == "-replay") c.replay = true;
    else if (a == "-v") c.verbose = true;
    else if (a == "-h" || a == "--help") { std::cout << kUsage; return 0; }
    else if (!a.empty() && a[0] == '-') {
      std::cerr << "upcc-fuzz: error: unknown option '" << a << "'\n" << kUsage;
      return 2;
    } else paths.push_back(a);
  }
  if (paths.empty()) {
    std::cerr << "upcc-fuzz: error: no seeds\n" << kUsage;
    return 2;
  }
  collectSeeds(c, paths);
  if (c.seeds.empty()) {
    std::cerr << "upcc-fuzz: error: no .upc files in the given paths\n";
    return 2;
  }
  char tmpl[] = "/tmp/upcc-fuzz-XXXXXX";
  if (!mkdtemp(tmpl)) {
    std::perror("upcc-fuzz: mkdtemp");
    return 1;
  }
  c.work = tmpl;
  if (!c.out.empty()) fs::create_directories(c.out);

  std::vector<Input> replays;
  if (c.replay) {
    for (size_t k = 0; k < c.seeds.size(); k++) {
      Input in;
      in.k = long(k);
      in.seed = in.name = c.seeds[k];
      in.text = readFile(in.seed);
      in.preprocessed = in.seed.size() > 2 && in.seed.compare(in.seed.size() - 2, 2, ".i") == 0;
      in.muts = "none";
      replays.push_back(in);
    }
    c.n = long(replays.size());
  }

  std::map<std::string, long> findings, mutCount;
  long accepted = 0, rejected = 0, done = 0;
  long caught = 0; // Clang 19 crashes the frontend turned into a located error
  std::vector<Running> running;
  long next = 0;
  auto t0 = std::chrono::steady_clock::now();
  std::cout << "upcc-fuzz: " << c.seeds.size() << " seeds, " << c.n << " inputs from #" << c.first
            << ", seed " << c.seed << ", -j " << c.jobs << "\n" << std::flush;
  while (next < c.n || !running.empty()) {
    while (next < c.n && int(running.size()) < c.jobs) {
      Running r;
      r.in = c.replay ? replays[size_t(next)] : makeInput(c, c.first + next);
      next++;
      r.dir = c.work + "/in" + std::to_string(r.in.k);
      r.errFile = c.work + "/err" + std::to_string(r.in.k);
      r.start = std::chrono::steady_clock::now();
      std::cout.flush();
      pid_t pid = fork();
      if (pid == 0) {
        setpgid(0, 0);
        int fd = open(r.errFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        dup2(fd, 2);
        int nul = open("/dev/null", O_WRONLY);
        dup2(nul, 1);
        runChild(c, r.in, r.dir);
      }
      r.pid = pid;
      running.push_back(std::move(r));
    }
    int st = 0;
    pid_t p = waitpid(-1, &st, WNOHANG);
    if (p == 0) {
      auto now = std::chrono::steady_clock::now();
      for (auto &r : running)
        if (now - r.start > std::chrono::seconds(c.timeout)) kill(-r.pid, SIGKILL);
      usleep(2000);
      continue;
    }
    if (p < 0) break;
    auto it = std::find_if(running.begin(), running.end(), [&](const Running &r) { return r.pid == p; });
    if (it == running.end()) continue;
    Running r = std::move(*it);
    running.erase(it);
    kill(-r.pid, SIGKILL); // whatever it left behind (clang -E)
    bool timedOut = std::chrono::steady_clock::now() - r.start >= std::chrono::seconds(c.timeout) &&
                    WIFSIGNALED(st) && (WTERMSIG(st) == SIGKILL || WTERMSIG(st) == SIGALRM);
    std::string err = readFile(r.errFile);
    Verdict v = judge(st, timedOut, err);
    done++;
    mutCount[r.in.muts.substr(0, r.in.muts.find('+'))]++;
    if (err.find("cannot diagnose before this point") != std::string::npos) caught++;
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0) accepted++;
    else rejected++;
    if (!v.cls.empty()) {
      findings[v.cls]++;
      std::cout << "FINDING " << v.cls << " input #" << r.in.k << " (" << r.in.muts << " of "
                << r.in.seed << (r.in.threads ? ", -T " + std::to_string(r.in.threads) : "")
                << ")" << (v.detail.empty() ? "" : ": " + v.detail) << "\n";
      std::string tail = err.size() > 1500 ? err.substr(err.size() - 1500) : err;
      std::cout << "  | " << std::regex_replace(tail, std::regex("\n"), "\n  | ") << "\n";
      if (!c.out.empty()) {
        std::string base = c.out + "/" + v.cls + "-" + std::to_string(r.in.k);
        writeFile(base + (r.in.preprocessed ? ".i" : ".upc"), r.in.text);
        writeFile(base + ".stderr", err);
      }
    } else if (c.verbose) {
      std::cout << "ok #" << r.in.k << " " << r.in.muts << " "
                << (WIFEXITED(st) ? WEXITSTATUS(st) : -1) << " " << r.in.seed << "\n";
    }
    unlink(r.errFile.c_str());
    fs::remove_all(r.dir);
    if (done % 500 == 0)
      std::cout << "upcc-fuzz: " << done << " inputs, "
                << std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - t0).count()
                << " s\n" << std::flush;
  }
  fs::remove_all(c.work);
  long secs = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - t0).count();
  long nfind = 0;
  for (auto &f : findings) nfind += f.second;
  std::cout << "upcc-fuzz: " << done << " inputs in " << secs << " s: " << accepted
            << " accepted, " << rejected << " rejected (" << caught
            << " of them Clang crashes caught by the frontend), " << nfind
            << " findings\n  by mutation:";
  for (auto &m : mutCount) std::cout << " " << m.first << "=" << m.second;
  std::cout << "\n";
  for (auto &f : findings) std::cout << "  " << f.first << ": " << f.second << "\n";
  return nfind ? 1 : 0;
}
