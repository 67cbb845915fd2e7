// internal.h — what the frontend's own files share: the token lexer, text
// edits that keep line structure, source locations back in the user's file,
// the surface pass entry point and the UPC constraint checks.
#pragma once
#include "frontend.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace upc::fe {

// One C token of the preprocessed text (directive lines are not tokens).
struct Tok {
  enum Kind { Ident, Number, String, Char, Punct };
  Kind kind;
  unsigned off, len;
  bool sys;   // inside a system header (line marker flag 3)
};

// Lexes one line of source as Clang's raw lexer does (for mapping columns
// back to the user's file).
std::vector<Tok> lexLine(const std::string &line);

// Replacements in a text.  Newlines inside a replaced range are re-emitted
// after the replacement so the line structure never changes.
struct Edit {
  unsigned off, len;
  std::string text;
  unsigned seq = 0; // tie-break for edits at the same offset
};

class EditedText {
public:
  EditedText() = default;
  EditedText(const std::string &src, std::vector<Edit> edits);
  const std::string &text() const { return text_; }
  unsigned toOriginal(unsigned off) const;
  unsigned fromOriginal(unsigned off) const;

private:
  struct Seg { unsigned newOff, newLen, origOff, origLen; };
  std::string text_;
  std::vector<Seg> segs_;
};

// A location in the user's terms, recovered from the preprocessor's line markers.
struct Loc {
  std::string file;
  unsigned line = 0, col = 0;
  std::string srcLine; // the user's source line, for the caret
  bool valid = false;
};

class SourceMap {
public:
  explicit SourceMap(const std::string &pp);
  Loc locate(unsigned ppOffset) const;
  // The number (from 0) of the preprocessed line that is line `line` of
  // `file`, or -1.
  int lineIndex(const std::string &file, unsigned line) const;

private:
  const std::string &pp_;
  struct LineInfo { unsigned start; int file; unsigned line; };
  std::vector<LineInfo> lines_;
  std::vector<std::string> files_;
  mutable std::map<int, std::vector<std::string>> cache_;
  const std::vector<std::string> *fileLines(int file) const;
};

// A formatted diagnostic, printed clang-style.
std::string formatDiag(const Loc &loc, const char *level, const std::string &msg);

// A block size or dimension the surface pass could not evaluate itself.
// kind 0: the value of expr; 1/2/3: upc_blocksizeof/upc_elemsizeof/
// upc_localsizeof of the operand at [ppBegin, ppEnd) of the preprocessed
// text (a constant in UPC, localsizeof where THREADS allows, so it is folded
// into the text where Clang needs an integer constant).
struct ConstRequest {
  unsigned key;
  std::string expr;
  int kind = 0;
  unsigned ppBegin = 0, ppEnd = 0;
  // kind 0: answered only when the value depends on the layout of a type
  // holding a pointer-to-shared (elsewhere Clang's own value is right).
  bool ifLayout = false;
};

struct SurfaceOut {
  EditedText out;
  std::vector<SurfaceInfo::PragmaRegion> pragmasPP; // offsets in pp text
  std::vector<ConstRequest> requests;
  std::vector<std::string> errors; // formatted
  std::vector<std::string> warnings;
};

SurfaceOut surfacePass(const std::string &pp, const SourceMap &map,
                       const FrontendOptions &opts,
                       const std::map<unsigned, long long> &known);

// UPC constraint checks on the typed AST; prints through report and returns
// the number of errors.
struct Reporter {
  virtual ~Reporter() = default;
  virtual void report(clang::SourceLocation loc, bool error, const std::string &msg) = 0;
};
unsigned runChecks(clang::ASTContext &ctx, Reporter &rep);

std::string sharedQualSpelling(unsigned as); // "shared [4]", "strict shared", ...

} // namespace upc::fe
