// decls.cpp — declarations: declarators whose types mention shared are
// reprinted with lowered types (typedefs, struct fields, parameters, return
// types, locals, globals); shared objects at file scope and static shared
// locals become upcrt_static_t descriptors with an init image, registered by
// a constructor (static locals are hoisted before their function, on the
// same line so line numbers stay right); extern declarations refer to the
// defining unit's descriptor.
#include "lowerer.h"

#include <clang/AST/Attr.h>
#include <clang/AST/TypeLoc.h>

#include <string_view>

using namespace clang;

namespace upc {

std::string Lowerer::descriptorName(const VarDecl *vd) {
  vd = vd->getCanonicalDecl();
  auto it = descNames.find(vd);
  if (it != descNames.end()) return it->second;
  std::string n;
  if (vd->isStaticLocal()) {
    std::string fn = "local";
    if (auto *f = dyn_cast_or_null<FunctionDecl>(vd->getParentFunctionOrMethod()))
      fn = f->getNameAsString();
    n = "__upcc_shared_" + fn + "_" + vd->getNameAsString() + "_" +
        std::to_string(descNames.size());
  } else {
    n = "__upcc_shared_" + vd->getNameAsString();
  }
  descNames[vd] = n;
  return n;
}

// The surface pass puts a per-declarator address space (`shared [*] T
// a[..], b[..]`) after the declarator, so a type may end inside it: the
// end e of the declarator named up to n then moves past it.
static unsigned pastTrailingSpace(const Lowerer &L, unsigned n, unsigned e) {
  if (!n || e <= n) return e;
  StringRef sb = L.sm.getBufferData(L.sm.getMainFileID());
  std::string_view buf(sb.data(), sb.size());
  size_t at = buf.rfind("__attribute__((address_space(", e);
  if (at == buf.npos || at < n) return e;
  size_t close = buf.find(")))", at);
  return close == buf.npos ? e : std::max(e, unsigned(close + 3));
}

static unsigned declaratorEnd(const Lowerer &L, const DeclaratorDecl *d) {
  unsigned e = 0, n = 0;
  if (d->getIdentifier() && d->getLocation().isValid()) e = n = L.endOffsetOf(d->getLocation());
  if (TypeSourceInfo *ts = d->getTypeSourceInfo()) {
    SourceLocation tl = ts->getTypeLoc().getEndLoc();
    if (tl.isValid()) e = std::max(e, L.endOffsetOf(tl));
  }
  return pastTrailingSpace(L, n, e);
}

static unsigned declEnd(const Lowerer &L, const Decl *d) {
  if (auto *dd = dyn_cast<DeclaratorDecl>(d)) return declaratorEnd(L, dd);
  if (auto *td = dyn_cast<TypedefNameDecl>(d)) {
    unsigned n = L.endOffsetOf(td->getLocation()), e = n;
    if (TypeSourceInfo *ts = td->getTypeSourceInfo())
      e = std::max(e, L.endOffsetOf(ts->getTypeLoc().getEndLoc()));
    return pastTrailingSpace(L, n, e);
  }
  return L.endOffsetOf(d->getEndLoc());
}

static std::string storagePrefix(const VarDecl *vd) {
  std::string s;
  if (vd->getStorageClass() == SC_Static) s += "static ";
  else if (vd->getStorageClass() == SC_Extern) s += "extern ";
  else if (vd->getStorageClass() == SC_Register) s += "register ";
  if (vd->getTSCSpec() == TSCS__Thread_local) s += "_Thread_local ";
  else if (vd->getTSCSpec() == TSCS___thread) s += "__thread ";
  return s;
}

// Element count of a shared object before the THREADS factor.
static bool constantCount(const ASTContext &ctx, QualType t, uint64_t &n) {
  n = 1;
  while (const ArrayType *a = ctx.getAsArrayType(t)) {
    auto *cat = dyn_cast<ConstantArrayType>(a);
    if (!cat) return false;
    n *= cat->getSize().getZExtValue();
    t = a->getElementType();
  }
  return true;
}

static std::string escapeC(const std::string &s) {
  std::string o;
  for (char c : s) {
    if (c == '"' || c == '\\') o += '\\';
    o += c;
  }
  return o;
}

void Lowerer::lowerRecord(RecordDecl *rd) {
  std::vector<Decl *> group;
  auto flush = [&]() {
    if (!group.empty()) lowerDeclGroup(group, false, false);
    group.clear();
  };
  for (Decl *d : rd->decls()) {
    if (d->isImplicit() || isa<IndirectFieldDecl>(d) || !validRange(d->getSourceRange())) continue;
    if (!group.empty() && group.front()->getBeginLoc() != d->getBeginLoc()) flush();
    group.push_back(d);
  }
  flush();
}

void Lowerer::lowerDeclGroup(const std::vector<Decl *> &group, bool local, bool inForInit) {
  (void)local;
  StringRef buf = sm.getBufferData(sm.getMainFileID());
  std::vector<Decl *> decls;
  const TagDecl *embedded = nullptr;
  for (Decl *d : group) {
    if (auto *td = dyn_cast<TagDecl>(d)) {
      if (td->isThisDeclarationADefinition()) {
        if (auto *rd = dyn_cast<RecordDecl>(td)) lowerRecord(rd);
        if (auto *ed = dyn_cast<EnumDecl>(td))
          for (EnumConstantDecl *ec : ed->enumerators())
            if (ec->getInitExpr()) lowerExprInPlace(ec->getInitExpr(), true);
        if (td->getBeginLoc() == group.front()->getBeginLoc()) embedded = td;
      }
      continue;
    }
    if (auto *fd = dyn_cast<FunctionDecl>(d)) {
      lowerFunctionSignature(fd);
      continue;
    }
    if (isa<VarDecl>(d) || isa<FieldDecl>(d) || isa<TypedefNameDecl>(d)) decls.push_back(d);
  }
  if (decls.empty()) return;

  auto declType = [](Decl *d) {
    if (auto *v = dyn_cast<ValueDecl>(d)) return v->getType();
    return cast<TypedefNameDecl>(d)->getUnderlyingType();
  };
  auto sharedObject = [&](Decl *d) {
    auto *vd = dyn_cast<VarDecl>(d);
    return vd && isSharedType(vd->getType());
  };
  bool rewrite = false;
  for (Decl *d : decls) rewrite |= sharedObject(d) || needsLowering(declType(d));
  declTail.clear();
  // Text to put after the declaration's ';'.
  auto insertAfterSemicolon = [&](const std::string &t) {
    if (t.empty()) return;
    unsigned semi = endOffsetOf(decls.back()->getEndLoc());
    while (semi < buf.size() && buf[semi] != ';') ++semi;
    insert(semi < buf.size() ? semi + 1 : semi, t);
  };
  if (!rewrite) {
    for (Decl *d : decls) {
      if (auto *dd = dyn_cast<DeclaratorDecl>(d))
        for (Expr *size : vlaSizes(dd->getTypeSourceInfo())) lowerExprInPlace(size, true);
      if (auto *td = dyn_cast<TypedefNameDecl>(d))
        for (Expr *size : vlaSizes(td->getTypeSourceInfo())) lowerExprInPlace(size, true);
      if (auto *vd = dyn_cast<VarDecl>(d))
        if (vd->getInit()) lowerVarInit(vd);
    }
    insertAfterSemicolon(declTail);
    return;
  }

  if (!embedded) {
    // `shared struct {...} x;`: the struct definition starts after the
    // qualifier, so it is not a declaration of the group; keep it, drop
    // the qualifiers in front of it.
    QualType t = innermostElem(declType(decls[0]));
    while (t->isPointerType()) t = innermostElem(t->getPointeeType());
    if (auto *td = t->getAsTagDecl()) {
      unsigned db = offsetOf(decls[0]->getBeginLoc());
      if (td->isThisDeclarationADefinition() && validRange(td->getSourceRange()) &&
          offsetOf(td->getBeginLoc()) >= db &&
          endOffsetOf(td->getBraceRange().getEnd()) <= offsetOf(decls[0]->getLocation())) {
        embedded = td;
        if (offsetOf(td->getBeginLoc()) > db) replace(db, offsetOf(td->getBeginLoc()), "");
      }
    }
  }
  std::string after; // descriptor definitions and constructors, after the ';'
  std::string firstLowered;
  for (size_t i = 0; i < decls.size(); ++i) {
    Decl *d = decls[i];
    std::string name = cast<NamedDecl>(d)->getNameAsString();
    unsigned b;
    std::string prefix;
    if (i == 0) {
      if (embedded) {
        if (inForInit) {
          error(d->getLocation(), "cannot lower a struct definition in a for-loop header");
          return;
        }
        b = endOffsetOf(embedded->getBraceRange().getEnd());
        prefix = "; ";
        auto *erd = dyn_cast<RecordDecl>(embedded);
        if (!embedded->getIdentifier() && !embedded->getTypedefNameForAnonDecl() &&
            !(erd && anonNames.count(erd))) {
          error(d->getLocation(), "declare '" + name + "' with a named struct or union type");
          return;
        }
      } else {
        b = offsetOf(d->getBeginLoc());
      }
    } else {
      b = endOffsetOf(decls[i - 1]->getEndLoc());
      while (b < buf.size() && buf[b] != ',') ++b;
      prefix = inForInit ? ", " : "; ";
    }
    unsigned e = declEnd(*this, d);
    auto *vd = dyn_cast<VarDecl>(d);
    std::string t;
    if (auto *td = dyn_cast<TypedefNameDecl>(d)) {
      t = "typedef " + printLowered(td->getUnderlyingType(), name);
    } else if (!sharedObject(d)) {
      QualType ty = declType(d);
      std::string full = printLowered(ty, name);
      if (inForInit && i > 0) {
        if (printLowered(ty) != firstLowered) {
          error(d->getLocation(), "declare '" + name +
                                      "' in its own declaration (its type differs from the "
                                      "first declarator's after lowering)");
          return;
        }
        t = name;
      } else {
        t = (vd ? storagePrefix(vd) : "") + full;
      }
      if (i == 0) firstLowered = printLowered(ty);
      if (vd && vd->getInit()) lowerVarInit(vd);
    } else {
      t = sharedObjectDecl(vd, e, after);
    }
    replace(b, e, prefix + t);
  }
  if (!after.empty()) after = " " + after;
  insertAfterSemicolon(after + declTail);
}

// The replacement for the declarator of shared object vd (ending at e, which
// may move to cover the initialiser); descriptor definitions and their
// constructors go to `after`, or are hoisted for static locals.
std::string Lowerer::sharedObjectDecl(VarDecl *vd, unsigned &e, std::string &after) {
  std::string name = vd->getNameAsString();
  std::string desc = descriptorName(vd);
  QualType ty = vd->getType();
  bool isStaticLinkage = vd->getStorageClass() == SC_Static;
  if (vd->hasLocalStorage()) {
    error(vd->getLocation(), "shared variable '" + name + "' must be static or at file scope");
    return "";
  }
  const VarDecl *def = vd->getDefinition();
  if (!def) def = vd->getActingDefinition();
  bool defining = vd->isStaticLocal() || def == vd;
  std::string initName = "__upcc_init_" + desc.substr(strlen("__upcc_shared_"));
  // An initialiser with addresses of shared objects is stored at run time
  // (dynInits), not through the descriptor's init image.
  bool dynamicInit = vd->getInit() && runtimeInit(vd);
  std::string body;
  if (defining) {
    uint64_t n = 0;
    if (!constantCount(ctx, ty, n)) {
      error(vd->getLocation(), "the size of shared array '" + name + "' is not known");
      return "";
    }
    std::string es = sizeofText(innermostElem(ty));
    std::string spelt = upcSpelling(ty);
    if (opts.check) {
      // The dimensions as the user wrote them (THREADS ones included), for
      // the messages of the bounds checks.
      std::vector<bool> dims = threadsDims(vd);
      spelt = upcSpelling(innermostElem(ty));
      QualType t = ty;
      for (unsigned d = 0; auto *cat = ctx.getAsConstantArrayType(t); ++d) {
        std::string k = std::to_string(cat->getSize().getZExtValue());
        if (dimHasThreads(cat) || (d < dims.size() && dims[d]))
          k = k == "1" ? "THREADS" : k + "*THREADS";
        spelt += "[" + k + "]";
        t = cat->getElementType();
      }
    }
    body = "{ .name = \"" + escapeC(name) + "\", .type = \"" + escapeC(spelt) +
           "\", .elem_size = " + es + ", .block = " + std::to_string(blockOf(ty)) +
           ", .nelems = " + std::to_string(n) +
           ", .threads_scaled = " + (typeHasThreadsDim(ty, threadsDims(vd)) ? "1" : "0");
    if (opts.check) {
      PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(vd->getLocation()));
      if (p.isValid())
        body += ", .decl = \"" + escapeC(std::string(p.getFilename()) + ":" +
                                         std::to_string(p.getLine())) + "\"";
    }
    if (vd->getInit() && !dynamicInit)
      body += ", .init = (const void *)&" + initName + ", .init_nelems = sizeof " + initName +
              " / " + es;
    body += " }";
  }
  std::string ctor = "static void __attribute__((constructor)) " + desc +
                     "_register(void) { upcrt_register_static(&" + desc + "); }";
  if (defining && opts.debugTypeNames)
    // upcc -g: a null pointer to the element type, only so that the debug
    // information has that type for tools/gdb to print the object with
    // (the descriptor says it in words only).
    ctor += " static __attribute__((used)) __typeof__(" +
            printLowered(innermostElem(ty).getUnqualifiedType()) + ") *const __upcc_elemtype_" +
            desc.substr(strlen("__upcc_shared_")) + " = 0;";
  if (vd->isStaticLocal()) {
    // Hoisted to file scope before the function, kept on one line.
    std::string h;
    if (dynamicInit) sharedDynInit(vd, desc);
    else if (vd->getInit())
      h += "static const " + printLowered(ty, initName) + " = " + emit(vd->getInit()) + "; ";
    h += "static upcrt_static_t " + desc + " = " + body + "; " + ctor + " ";
    for (char &c : h)
      if (c == '\n') c = ' ';
    hoisted += h;
    e = std::max(e, endOffsetOf(vd->getEndLoc()));
    return "typedef int __upcc_hoisted_" + desc.substr(strlen("__upcc_shared_"));
  }
  std::string linkage = isStaticLinkage ? "static " : "";
  if (!defining) return (isStaticLinkage ? "static " : "extern ") + std::string("upcrt_static_t ") + desc;
  if (dynamicInit) {
    sharedDynInit(vd, desc);
    unsigned ie = endOffsetOf(vd->getInit()->getEndLoc());
    e = std::max(e, ie);
    after += ctor + " ";
    return linkage + "upcrt_static_t " + desc + " = " + body;
  }
  if (vd->getInit()) {
    lowerExprInPlace(vd->getInit(), true);
    after += linkage + "upcrt_static_t " + desc + " = " + body + "; " + ctor + " ";
    return "static const " + printLowered(ty, initName);
  }
  after += ctor + " ";
  return linkage + "upcrt_static_t " + desc + " = " + body;
}

// The initial value of shared object vd (descriptor desc) needs the layout
// (addresses of shared objects): thread 0 stores it, element by element,
// before the user's main runs.
void Lowerer::sharedDynInit(VarDecl *vd, const std::string &desc) {
  QualType ty = vd->getType();
  std::string es = sizeofText(innermostElem(ty));
  std::string v = temp(), k = temp();
  dynInits += "{ " + printLowered(ty.getUnqualifiedType(), v) + " = " + emit(vd->getInit()) +
              "; if (upcrt_mythread == 0) for (size_t " + k + " = 0; " + k + " < sizeof " + v +
              " / " + es + "; " + k + "++) upcrt_put(upcrt_pts_add(upcrt_static_pts(&" + desc +
              "), " + k + ", " + std::to_string(blockOf(ty)) + ", " + es + "), (char *)&" + v +
              " + " + k + " * " + es + ", " + es + "); }\n";
  dynInitShared = true;
}

// The size expressions of variable-length array dimensions written in a
// declarator or type name (they may use THREADS or read shared data).
std::vector<Expr *> Lowerer::vlaSizes(TypeSourceInfo *ts) {
  std::vector<Expr *> out;
  if (!ts) return out;
  TypeLoc tl = ts->getTypeLoc();
  for (int guard = 0; guard < 64 && !tl.isNull(); ++guard) {
    if (auto al = tl.getAs<ArrayTypeLoc>()) {
      if (isa<VariableArrayType>(al.getTypePtr()) && al.getSizeExpr())
        out.push_back(al.getSizeExpr());
      tl = al.getElementLoc();
    } else if (auto pl = tl.getAs<PointerTypeLoc>()) {
      tl = pl.getPointeeLoc();
    } else if (auto pl = tl.getAs<ParenTypeLoc>()) {
      tl = pl.getInnerLoc();
    } else if (auto ql = tl.getAs<QualifiedTypeLoc>()) {
      tl = ql.getUnqualifiedLoc();
    } else if (auto atl = tl.getAs<AttributedTypeLoc>()) {
      tl = atl.getModifiedLoc();
    } else {
      break;
    }
  }
  return out;
}

// Whether the lowered initialiser of a variable with static storage needs
// run-time evaluation (it computes addresses of shared objects, which exist
// only once the runtime has laid them out).
bool Lowerer::runtimeInit(const VarDecl *vd) {
  if (!vd->hasGlobalStorage() || !vd->getInit()) return false;
  std::string t = emit(vd->getInit());
  if (t == text(vd->getInit())) return false;
  const std::string null = "((upcrt_pts_t){0, 0, 0})";
  for (size_t at; (at = t.find(null)) != std::string::npos;) t.erase(at, null.size());
  return t.find("upcrt_") != std::string::npos;
}

void Lowerer::lowerVarInit(VarDecl *vd) {
  if (!runtimeInit(vd)) {
    lowerExprInPlace(vd->getInit(), true);
    return;
  }
  // Drop `= init` (the variable starts zeroed) and evaluate it before the
  // user's main runs, on every thread.
  StringRef buf = sm.getBufferData(sm.getMainFileID());
  unsigned ib = offsetOf(vd->getInit()->getBeginLoc());
  unsigned eq = ib;
  while (eq > 0 && buf[eq - 1] != '=') --eq;
  std::string n = vd->getNameAsString(), v = temp();
  // The value's type: an untagged struct has no name to print.
  QualType ty = vd->getType().getUnqualifiedType();
  const RecordDecl *rd = innermostElem(ty)->getAsRecordDecl();
  bool untagged = rd && !rd->getIdentifier() && !rd->getTypedefNameForAnonDecl() &&
                  !anonNames.count(rd);
  std::string store = "{ " + (untagged ? "__typeof__(" + n + ") " + v : printLowered(ty, v)) +
                      " = " + emit(vd->getInit()) + "; __builtin_memcpy(&" + n + ", &" + v +
                      ", sizeof " + n + "); }";
  replace(eq > 0 ? eq - 1 : ib, endOffsetOf(vd->getInit()->getEndLoc()), "");
  // `T x[] = {...}` took its size from the initialiser, which is gone.
  if (TypeSourceInfo *ts = vd->getTypeSourceInfo())
    if (auto al = ts->getTypeLoc().getAs<IncompleteArrayTypeLoc>())
      if (auto *cat = ctx.getAsConstantArrayType(vd->getType()))
        if (al.getRBracketLoc().isValid())
          insert(offsetOf(al.getRBracketLoc()), std::to_string(cat->getSize().getZExtValue()));
  if (!vd->isStaticLocal()) {
    dynInits += store + "\n";
    return;
  }
  // A static local cannot be reached from the run-time initialisers: the
  // first execution of its declaration stores the value (nothing can have
  // seen the variable before; only a jump past the declaration would).
  std::string g = temp();
  for (char &c : store)
    if (c == '\n') c = ' ';
  declTail += " static char " + g + "; if (!" + g + ") { " + g + " = 1; " + store + " }";
}

void Lowerer::lowerFunctionSignature(FunctionDecl *fd) {
  unsigned fb = offsetOf(fd->getBeginLoc());
  for (ParmVarDecl *p : fd->parameters()) {
    if (!validRange(p->getSourceRange())) continue;
    if (!needsLowering(p->getType())) continue;
    unsigned b = offsetOf(p->getBeginLoc());
    if (b < fb) continue; // parameters of a typedef'd function type
    replace(b, declaratorEnd(*this, p), printLowered(p->getType(), p->getNameAsString()));
  }
  QualType rt = fd->getReturnType();
  if (!needsLowering(rt)) return;
  if (!fd->getFunctionTypeLoc()) {
    error(fd->getLocation(), "cannot lower the declarator of '" + fd->getNameAsString() +
                                 "'; declare its return type with a typedef");
    return;
  }
  std::string s;
  if (fd->getStorageClass() == SC_Static) s += "static ";
  if (fd->getStorageClass() == SC_Extern) s += "extern ";
  if (fd->isInlineSpecified()) s += "inline ";
  if (fd->hasAttr<C11NoReturnAttr>()) s += "_Noreturn ";
  replace(fb, offsetOf(fd->getLocation()), s + printLowered(rt) + " ");
}

} // namespace upc
