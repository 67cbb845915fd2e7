// surface_lex.cpp — the tokens of the preprocessed text, read by Clang's
// raw lexer (it knows every C token, literal, comment and line splice), and
// the values of integer literals, read by Clang's NumericLiteralParser.
#include "surface_internal.h"

#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/DiagnosticOptions.h>
#include <clang/Basic/FileManager.h>
#include <clang/Basic/LangOptions.h>
#include <clang/Basic/LangStandard.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Basic/TargetInfo.h>
#include <clang/Basic/TargetOptions.h>
#include <clang/Lex/Lexer.h>
#include <clang/Lex/LiteralSupport.h>
#include <llvm/ADT/APInt.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/TargetParser/Host.h>
#include <llvm/TargetParser/Triple.h>

namespace upc::fe {

namespace {

// The language Sema parses the surface pass's output as (-std=gnu11).
const clang::LangOptions &cLanguage() {
  static const clang::LangOptions lo = [] {
    clang::LangOptions o;
    std::vector<std::string> includes;
    clang::LangOptions::setLangDefaults(o, clang::Language::C,
                                        llvm::Triple(llvm::sys::getDefaultTargetTriple()),
                                        includes, clang::LangStandard::lang_gnu11);
    return o;
  }();
  return lo;
}

Tok::Kind kindOf(const clang::Token &t, const char *chars) {
  switch (t.getKind()) {
  case clang::tok::raw_identifier: return Tok::Ident;
  case clang::tok::numeric_constant: return Tok::Number;
  case clang::tok::string_literal:
  case clang::tok::wide_string_literal:
  case clang::tok::utf8_string_literal:
  case clang::tok::utf16_string_literal:
  case clang::tok::utf32_string_literal: return Tok::String;
  case clang::tok::char_constant:
  case clang::tok::wide_char_constant:
  case clang::tok::utf8_char_constant:
  case clang::tok::utf16_char_constant:
  case clang::tok::utf32_char_constant: return Tok::Char;
  case clang::tok::unknown: {
    // A literal without its closing quote (up to the end of its line) is
    // still a literal to the rewriter; Clang reports it.
    const char *c = chars;
    if (*c == 'L' || *c == 'U') c++;
    else if (*c == 'u') c += c[1] == '8' ? 2 : 1;
    return *c == '"' ? Tok::String : *c == '\'' ? Tok::Char : Tok::Punct;
  }
  default: return Tok::Punct;
  }
}

// Where a token Clang's lexer returns really starts: Clang counts the line
// splices in front of a token as its first characters.
const char *afterLineSplices(const char *p) {
  while (*p == '\\') {
    auto c = clang::Lexer::getCharAndSizeNoWarn(p, cLanguage());
    if (c.Size == 1) break; // a backslash, not a splice
    p += c.Size - 1;       // onto the character after the splice(s)
  }
  return p;
}

} // namespace

std::string tokenSpelling(const std::string &text, const Tok &t) {
  const char *p = text.data() + t.off, *end = p + t.len;
  std::string s;
  s.reserve(t.len);
  while (p < end) {
    auto c = clang::Lexer::getCharAndSizeNoWarn(p, cLanguage());
    s += c.Char;
    p += c.Size;
  }
  return s;
}

std::string withoutLineSplices(const std::string &text, unsigned b, unsigned e) {
  std::string s;
  s.reserve(e - b);
  for (unsigned k = b; k < e;) {
    if (text[k] == '\\') {
      const char *after = afterLineSplices(text.data() + k);
      if (after != text.data() + k) {
        k = unsigned(after - text.data());
        continue;
      }
    }
    s += text[k++];
  }
  return s;
}

LexedText lexPreprocessed(const std::string &text) {
  // The lexer needs the '\0' that std::string keeps after its characters.
  LexedText out;
  const char *buf = text.c_str(), *bufEnd = buf + text.size();
  clang::Lexer lexer(clang::SourceLocation::getFromRawEncoding(1), cLanguage(), buf, buf, bufEnd);
  clang::Token t;
  bool sys = false;
  auto next = [&] {
    lexer.LexFromRawLexer(t);
    return !t.is(clang::tok::eof);
  };
  // The token t as a Tok (leading line splices dropped).
  auto make = [&](Tok &tok) {
    const char *p = buf + (t.getLocation().getRawEncoding() - 1);
    const char *start = t.needsCleaning() ? afterLineSplices(p) : p;
    tok.off = unsigned(start - buf);
    tok.len = unsigned(p + t.getLength() - start);
    tok.kind = kindOf(t, start);
    tok.sys = sys;
    return t.needsCleaning() && std::memchr(start, '\\', tok.len) != nullptr;
  };
  bool more = next();
  while (more) {
    Tok tok;
    bool spliced = make(tok);
    if (!(t.isAtStartOfLine() && t.is(clang::tok::hash))) {
      if (spliced) out.splicedSpellings[unsigned(out.toks.size())] = tokenSpelling(text, tok);
      out.toks.push_back(tok);
      more = next();
      continue;
    }
    // A directive: its tokens up to the first at the start of a line; it
    // ends at the newline after its last token that no splice escapes.
    Directive d;
    d.begin = tok.off;
    d.sys = sys;
    d.nextTok = out.toks.size();
    unsigned last = tok.off + tok.len;
    while ((more = next()) && !t.isAtStartOfLine()) {
      Tok dt;
      make(dt);
      d.toks.push_back(dt);
      last = dt.off + dt.len;
    }
    const char *p = buf + last;
    while (p < bufEnd && *p != '\n') {
      const char *after = *p == '\\' ? afterLineSplices(p) : p;
      p = after != p ? after : p + 1;
    }
    d.end = unsigned(p - buf);
    auto spelled = [&](size_t k) { return tokenSpelling(text, d.toks[k]); };
    // # N "file" flags: flag 3 is a system header.
    if (d.toks.size() >= 2 && d.toks[0].kind == Tok::Number && d.toks[1].kind == Tok::String) {
      sys = false;
      for (size_t k = 2; k < d.toks.size(); k++) sys |= spelled(k) == "3";
      continue;
    }
    out.directives.push_back(std::move(d));
  }
  return out;
}

std::vector<Tok> lexLine(const std::string &line) {
  return lexPreprocessed(line).toks;
}

// ---------------------------------------------------------------- literals

struct IntegerLiterals::Parser {
  clang::DiagnosticsEngine diags;
  clang::FileManager files;
  clang::SourceManager sources;
  std::unique_ptr<clang::TargetInfo> target;
  clang::SourceLocation start;

  explicit Parser(const std::string &text)
      : diags(new clang::DiagnosticIDs, new clang::DiagnosticOptions,
              new clang::IgnoringDiagConsumer, /*ShouldOwnClient=*/true),
        files(clang::FileSystemOptions()), sources(diags, files) {
    auto opts = std::make_shared<clang::TargetOptions>();
    opts->Triple = llvm::sys::getDefaultTargetTriple();
    target.reset(clang::TargetInfo::CreateTargetInfo(diags, opts));
    clang::FileID id = sources.createFileID(
        llvm::MemoryBuffer::getMemBuffer(text, "<preprocessed>"));
    sources.setMainFileID(id);
    start = sources.getLocForStartOfFile(id);
  }
};

IntegerLiterals::IntegerLiterals(const std::string &text) : text_(text) {}
IntegerLiterals::~IntegerLiterals() = default;

std::optional<unsigned long long> IntegerLiterals::value(const Tok &t, llvm::StringRef spelling) {
  if (!parser_) parser_ = std::make_unique<Parser>(text_);
  if (!parser_->target) return std::nullopt;
  clang::NumericLiteralParser p(spelling, parser_->start.getLocWithOffset(int(t.off)),
                                parser_->sources, cLanguage(), *parser_->target,
                                parser_->diags);
  if (p.hadError || !p.isIntegerLiteral() || p.isImaginary || p.isBitInt ||
      p.isFixedPointLiteral())
    return std::nullopt;
  llvm::APInt v(64, 0);
  if (p.GetIntegerValue(v)) return std::nullopt; // does not fit 64 bits
  return v.getZExtValue();
}

} // namespace upc::fe
