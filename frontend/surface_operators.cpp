// surface_operators.cpp — UPC's operators: `upc_blocksizeof`,
// `upc_elemsizeof` and `upc_localsizeof` become calls of declared
// intrinsics (folded to constants once Clang has typed their operand), and
// `upcx_async(thread, fn, args...)` a marker whose call Clang type-checks.
#include "surface_internal.h"

namespace upc::fe {

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

} // namespace upc::fe
