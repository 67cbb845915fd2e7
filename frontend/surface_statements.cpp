// surface_statements.cpp — UPC's statements: `upc_forall` becomes a `for`
// whose body is guarded by a marker call carrying the affinity expression;
// `upc_barrier`, `upc_notify`, `upc_wait` and `upc_fence` become calls of
// declared intrinsics, which the lowering recognises in the AST.
#include "surface_internal.h"

namespace upc::fe {

// Skips a statement starting at i; returns the index after it (or -1).
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


void Surface::handleFence(int i) {
  done[i] = 1;
  if (!statementPosition(i)) return;
  if (!is(i + 1, ";")) error(i, "expected ';' after 'upc_fence' statement");
  else edit(i, "__upcc_fence()");
}

} // namespace upc::fe
