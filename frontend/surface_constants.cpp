// surface_constants.cpp — the integer constant expressions of layout
// qualifiers and shared array dimensions: evaluated here where they are
// literals and operators (THREADS counted as 1 under dynamic THREADS),
// otherwise asked of Clang (ConstRequest) and answered in a later round.
#include "surface_internal.h"

#include <algorithm>

namespace upc::fe {

namespace {

// A recursive-descent evaluator of C's conditional-expression over tokens
// [i, e): integer literals (Clang's NumericLiteralParser reads their value),
// one-character character constants, THREADS, and the unary, binary and
// conditional operators.  Anything else (sizeof, enumerators, casts,
// escapes in character constants) fails, and Clang evaluates it.
struct Eval {
  Surface *s;
  int i, e;
  bool dynThreads;
  bool usedThreads = false;
  bool fail = false;
  int depth = 0; // nesting guard for pathological input
  bool atEnd() const { return i >= e; }
  std::string tx(int k) const { return s->text(k); }
  bool peek(const char *p) const { return !atEnd() && s->is(i, p); }
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
    if (s->T[i].kind == Tok::Number) {
      auto v = s->literalValue(i);
      i++;
      if (!v) fail = true;
      return v ? (long long)*v : 0;
    }
    // 'c': the value of a plain char.  Clang's CharLiteralParser needs a
    // Preprocessor; other character constants are left to Clang.
    if (s->T[i].kind == Tok::Char && t.size() == 3 && t[0] == '\'' && t[1] != '\\' &&
        t[2] == '\'') {
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

} // namespace

// Value of tokens [b, e) with THREADS counted as 1 (dynamic THREADS), or
// nullopt with *failed set when it needs Clang (sizeof, enumerators, ...).
std::optional<long long> Surface::evaluate(int b, int e, bool *usedThreads, bool *failed) {
  Eval ev{this, b, e, dynamicThreads()};
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

} // namespace upc::fe
