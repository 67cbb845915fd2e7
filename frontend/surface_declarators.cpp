// surface_declarators.cpp — UPC qualifiers in declarations: `shared` with
// its layout qualifier (`[B]`, `[]`, `[*]`), `strict`, `relaxed`, in the
// specifiers, after a '*' and through typedefs, become one address-space
// attribute; THREADS in shared array dimensions, array parameters of shared
// element type and attributes after a shared declarator are rewritten so
// Clang takes them.
#include "surface_internal.h"

#include <algorithm>

namespace upc::fe {

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

// Removes the layout qualifier `[...]` after the `shared` at q (parseLayout
// has reported one without its ']').
void Surface::dropLayout(int q) {
  if (!is(q, "shared") || !is(q + 1, "[")) return;
  int rb = match(q + 1);
  if (rb >= 0) edits.push_back({T[q + 1].off, T[rb].off + T[rb].len - T[q + 1].off, "", seq++});
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
      std::string a = withoutLineSplices(pp_, b, e);
      std::replace(a.begin(), a.end(), '\n', ' ');
      edits.push_back({b, e - b, std::string(), seq++});
      insertBefore(ptrStart + 1, a + " ");
      k = m + 1;
    }
  }
  bool firstDone = topLevelOfTypeName;
  for (int k = first; k < j; k++) {
    if (!(is(k, "shared") || is(k, "strict") || is(k, "relaxed"))) continue;
    if (!firstDone) { edit(k, addressSpaceAttribute(encodeShared(block, c))); firstDone = true; }
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
        edit(q, first ? addressSpaceAttribute(encodeShared(viaTypedef->block, cons)) : std::string());
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
      edit(typedefTok, viaTypedef->base + " " + addressSpaceAttribute(encodeShared(blocks.empty() ? 1 : blocks[0], c)));
      return;
    }
    edit(typedefTok, viaTypedef->base);
    for (size_t k = 0; k < decls.size(); k++)
      if (decls[k].d.last >= decls[k].d.first && decls[k].d.last >= 0)
        insertAfter(decls[k].d.last, " " + addressSpaceAttribute(encodeShared(blocks[k], c)));
    return;
  }

  if (quals.empty()) return; // shared via typedef: nothing more to rewrite

  if (!star) {
    bool first = true;
    for (int q : quals) {
      edit(q, first ? addressSpaceAttribute(encodeShared(block, cons)) : std::string());
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
    edit(q, first && same ? addressSpaceAttribute(encodeShared(blocks.empty() ? 1 : blocks[0], cons)) : std::string());
    first = false;
    dropLayout(q);
  }
  if (same) return;
  for (size_t k = 0; k < decls.size(); k++) {
    const auto &inf = decls[k];
    if (inf.d.last >= inf.d.first && inf.d.last >= 0)
      insertAfter(inf.d.last, " " + addressSpaceAttribute(encodeShared(blocks[k], cons)));
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
    std::string a = withoutLineSplices(pp_, b, e);
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

} // namespace upc::fe
