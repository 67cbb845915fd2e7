// surface_internal.h — what the files of the UPC surface pass share: the
// preprocessed text's tokens as Clang's raw lexer reads them
// (surface_lex.cpp), and the rewriter whose steps the other files hold:
// declarations and layout qualifiers (surface_declarators.cpp), constant
// expressions (surface_constants.cpp), statements (surface_statements.cpp),
// operators (surface_operators.cpp), pragmas and the driver (surface.cpp).
#pragma once
#include "internal.h"

#include <llvm/ADT/StringRef.h>

#include <cctype>
#include <cstring>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace upc::fe {

// ---------------------------------------------------------------- lexing

// A directive line other than a line marker (`#pragma ...`).
struct Directive {
  unsigned begin, end;   // from its '#' to its newline (not included)
  std::vector<Tok> toks; // its tokens after the '#'
  bool sys;              // in a system header
  size_t nextTok;        // index of the first token after it
};

// The tokens of a preprocessed text as Clang's raw lexer (C, gnu11) reads
// them: comments and line splices are not tokens, a token that follows a
// splice starts after it.  Directive lines are not tokens either; line
// markers (`# N "file" flags`) say which tokens are in system headers.
struct LexedText {
  std::vector<Tok> toks;
  std::vector<Directive> directives;
  // The spelling of each token whose characters hold a line splice (it
  // differs from the token's text), by token index; usually empty.
  std::unordered_map<unsigned, std::string> splicedSpellings;
};
LexedText lexPreprocessed(const std::string &text);

// The spelling of the token t of text: its characters without line splices.
std::string tokenSpelling(const std::string &text, const Tok &t);

// text[b, e) without its line splices.
std::string withoutLineSplices(const std::string &text, unsigned b, unsigned e);

// Values of integer literals, parsed by Clang's NumericLiteralParser.  It
// reports a malformed literal at a location of a SourceManager, so one is
// made over the text (with a target and diagnostics that go nowhere) at the
// first literal asked about.
class IntegerLiterals {
public:
  explicit IntegerLiterals(const std::string &text);
  ~IntegerLiterals();
  // The value of the literal token t spelled `spelling` as a 64-bit
  // unsigned integer, or nullopt when it is not a well-formed integer
  // literal whose value fits (Clang then evaluates it, or says why not).
  std::optional<unsigned long long> value(const Tok &t, llvm::StringRef spelling);

private:
  struct Parser;
  const std::string &text_;
  std::unique_ptr<Parser> parser_;
};

// ---------------------------------------------------------------- the rewriter

extern const std::unordered_set<std::string> kTypeKeywords;
extern const std::unordered_set<std::string> kOtherSpecKeywords;
extern const std::unordered_set<std::string> kParenSpecKeywords;
extern const std::unordered_set<std::string> kPtrQualKeywords;

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

// One run of the surface pass over a preprocessed text: the edits that
// rewrite its UPC syntax, the constants it asks Clang for, its diagnostics.
class Surface {
public:
  Surface(const std::string &pp, const SourceMap &map, const FrontendOptions &opts,
          const std::map<unsigned, long long> &known)
      : pp_(pp), map_(map), opts_(opts), known_(known), literals_(pp) {}

  SurfaceOut run();

  // ---- tokens (used by the constant evaluator too)
  std::vector<Tok> T;
  std::string text(int i) const {
    if (i < 0 || i >= int(T.size())) return std::string();
    if (!spliced_.empty()) {
      auto it = spliced_.find(unsigned(i));
      if (it != spliced_.end()) return it->second;
    }
    return pp_.substr(T[i].off, T[i].len);
  }
  bool is(int i, const char *s) const {
    if (i < 0 || i >= int(T.size())) return false;
    size_t n = std::strlen(s);
    if (T[i].len == n && pp_.compare(T[i].off, n, s) == 0) return true;
    return !spliced_.empty() && spliced_.count(unsigned(i)) && text(i) == s;
  }
  bool isIdent(int i) const { return i >= 0 && i < int(T.size()) && T[i].kind == Tok::Ident; }
  bool dynamicThreads() const { return opts_.staticThreads == 0; }
  std::optional<unsigned long long> literalValue(int i) { return literals_.value(T[i], text(i)); }

private:
  const std::string &pp_;
  const SourceMap &map_;
  const FrontendOptions &opts_;
  const std::map<unsigned, long long> &known_;
  std::unordered_map<unsigned, std::string> spliced_; // LexedText::splicedSpellings
  IntegerLiterals literals_;
  std::vector<char> done;   // token already rewritten by a construct
  std::vector<Edit> edits;
  unsigned seq = 0;
  SurfaceOut out;
  std::unordered_set<std::string> typedefs;
  std::unordered_map<std::string, SharedTypedef> sharedTypedefs;
  std::set<int> analyzedDecls;

  bool isUpcQual(int i) const { return is(i, "shared") || is(i, "strict") || is(i, "relaxed"); }
  bool isKeyword(const std::string &s) const;
  bool isOpen(int i) const { return is(i, "(") || is(i, "[") || is(i, "{"); }
  bool isClose(int i) const { return is(i, ")") || is(i, "]") || is(i, "}"); }

  // ---- edits and diagnostics (surface.cpp)
  void edit(int tok, std::string repl) {
    edits.push_back({T[tok].off, T[tok].len, std::move(repl), seq++});
  }
  // Insertions never glue onto a neighbouring token (`int*` gets
  // `int __attribute__((...)) *`, not the identifier `int__attribute__`).
  static bool identChar(char c) { return std::isalnum((unsigned char)c) || c == '_' || c == '$'; }
  void insertAfter(int tok, std::string s) {
    unsigned at = T[tok].off + T[tok].len;
    if (!s.empty() && at < pp_.size() && identChar(pp_[at]) && identChar(s.back())) s += ' ';
    edits.push_back({at, 0, std::move(s), seq++});
  }
  void insertBefore(int tok, std::string s) {
    unsigned at = T[tok].off;
    if (!s.empty() && at > 0 && identChar(pp_[at - 1]) && identChar(s.front())) s.insert(0, " ");
    edits.push_back({at, 0, std::move(s), seq++});
  }
  void error(int tok, const std::string &msg);
  void warning(int tok, const std::string &msg);
  int match(int i) const;

  // ---- pragmas (surface.cpp)
  void pragma(const Directive &d);
  void pragmaRegions(const std::vector<Directive> &directives);
  Loc pragmaLoc(size_t b) const;

  // ---- constant expressions (surface_constants.cpp)
  std::optional<long long> evaluate(int b, int e, bool *usedThreads, bool *failed);
  std::optional<long long> constant(int b, int e, bool *usedThreads);
  std::string requestText(int b, int e) const;

  // ---- declarations (surface_declarators.cpp)
  int declStart(int i, int *boundary) const;
  bool parseLayout(int sharedTok, unsigned &block, bool &star, bool &indefinite);
  void dropLayout(int q);
  void handleQualifiers(int i);
  void pointerGroup(int i);
  Declarator parseDeclarator(int &i, int stop, int depth = 0);
  void analyzeDeclaration(int start, int boundary);
  bool parameterList(int boundary) const;
  void adjustArrayParameter(const Declarator &d, bool &pointer);
  void attributesBeforeDeclarator(const Declarator &d);
  void threadsDims(const std::vector<Dim> &dims, const std::string &name, bool indefinite);

  // ---- statements (surface_statements.cpp)
  int skipStatement(int i, int depth = 0) const;
  bool statementPosition(int i);
  void handleForall(int i);
  void handleBarrier(int i, const char *fn);
  void handleFence(int i);

  // ---- operators (surface_operators.cpp)
  bool startsTypeName(int i) const;
  int unaryEnd(int i, int depth = 0) const;
  void handleSizeof(int i, const char *fn);
  void handleAsync(int i);
};

// The address-space attribute that stands for UPC qualifiers.
inline std::string addressSpaceAttribute(unsigned as) {
  return "__attribute__((address_space(" + std::to_string(as) + ")))";
}

} // namespace upc::fe
