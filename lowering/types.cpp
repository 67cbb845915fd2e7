// types.cpp — type lowering: every pointer-to-shared (at any depth) becomes
// upcrt_pts_t and shared qualifiers disappear; plus the layout facts of
// shared types (block size, element size, THREADS dimensions, consistency).
#include "lowerer.h"
#include "../frontend/ast_visitor.h"

#include <llvm/Support/Regex.h>

using namespace clang;

namespace upc {

static bool isUpcAS(LangAS as) {
  return isTargetAddressSpace(as) && upc::isShared(toTargetAddressSpace(as));
}

bool Lowerer::isSharedType(QualType t) const {
  if (t.isNull()) return false;
  return isUpcAS(ctx.getBaseElementType(t).getAddressSpace());
}

bool Lowerer::isPts(QualType t) const {
  if (t.isNull()) return false;
  const auto *pt = t->getAs<PointerType>();
  return pt && isSharedType(pt->getPointeeType());
}

bool Lowerer::isSharedLValue(const Expr *e) const {
  if (plan && privatizedRoot(e)) return false; // a private access now (optimized.cpp)
  return e->isGLValue() && isSharedType(e->getType()) && !e->getType()->isFunctionType();
}

unsigned Lowerer::blockOf(QualType t) const {
  LangAS as = ctx.getBaseElementType(t).getAddressSpace();
  return isUpcAS(as) ? upc::blockSize(toTargetAddressSpace(as)) : 1;
}

Consistency Lowerer::consistencyOf(QualType t) const {
  LangAS as = ctx.getBaseElementType(t).getAddressSpace();
  return isUpcAS(as) ? upc::consistency(toTargetAddressSpace(as)) : Consistency::Default;
}

bool Lowerer::isStrictAt(QualType t, SourceLocation l) const {
  Consistency c = consistencyOf(t);
  if (c != Consistency::Default) return c == Consistency::Strict;
  unsigned off = offsetOf(l);
  Consistency mode = Consistency::Relaxed;
  for (const auto &r : fe.info.pragmas)
    if (r.offset <= off) mode = r.mode;
  return mode == Consistency::Strict;
}

QualType Lowerer::lowerType(QualType t) {
  if (t.isNull()) return t;
  Qualifiers q = t.getLocalQualifiers();
  const Type *ty = t.getTypePtr();
  QualType bare(ty, 0);
  bool changed = false;
  if (isUpcAS(q.getAddressSpace())) {
    q.removeAddressSpace();
    changed = true;
  }
  QualType res = bare;
  switch (ty->getTypeClass()) {
  case Type::Pointer: {
    QualType pointee = cast<PointerType>(ty)->getPointeeType();
    if (isSharedType(pointee)) {
      res = ptsTypeFor(bare);
      q.removeRestrict(); // restrict applies to C pointers only
      changed = true;
    } else {
      QualType lp = lowerType(pointee);
      if (lp != pointee) {
        res = ctx.getPointerType(lp);
        changed = true;
      }
    }
    break;
  }
  case Type::ConstantArray: {
    auto *a = cast<ConstantArrayType>(ty);
    QualType le = lowerType(a->getElementType());
    if (le != a->getElementType()) {
      res = ctx.getConstantArrayType(le, a->getSize(), a->getSizeExpr(),
                                     a->getSizeModifier(), a->getIndexTypeCVRQualifiers());
      changed = true;
    }
    break;
  }
  case Type::IncompleteArray: {
    auto *a = cast<IncompleteArrayType>(ty);
    QualType le = lowerType(a->getElementType());
    if (le != a->getElementType()) {
      res = ctx.getIncompleteArrayType(le, a->getSizeModifier(),
                                       a->getIndexTypeCVRQualifiers());
      changed = true;
    }
    break;
  }
  case Type::VariableArray: {
    auto *a = cast<VariableArrayType>(ty);
    QualType le = lowerType(a->getElementType());
    if (le != a->getElementType()) {
      res = ctx.getVariableArrayType(le, a->getSizeExpr(), a->getSizeModifier(),
                                     a->getIndexTypeCVRQualifiers(), a->getBracketsRange());
      changed = true;
    }
    break;
  }
  case Type::FunctionProto: {
    auto *f = cast<FunctionProtoType>(ty);
    QualType r = lowerType(f->getReturnType());
    bool c = r != f->getReturnType();
    std::vector<QualType> ps;
    for (QualType p : f->getParamTypes()) {
      ps.push_back(lowerType(p));
      c |= ps.back() != p;
    }
    if (c) {
      res = ctx.getFunctionType(r, ps, f->getExtProtoInfo());
      changed = true;
    }
    break;
  }
  case Type::FunctionNoProto: {
    auto *f = cast<FunctionNoProtoType>(ty);
    QualType r = lowerType(f->getReturnType());
    if (r != f->getReturnType()) {
      res = ctx.getFunctionNoProtoType(r, f->getExtInfo());
      changed = true;
    }
    break;
  }
  case Type::Typedef:
  case Type::Elaborated:
  case Type::Record:
  case Type::Enum:
  case Type::Builtin:
  case Type::Complex:
  case Type::Vector:
  case Type::ExtVector:
  case Type::Atomic:
    // Typedef names are lowered where they are declared; records field by field.
    break;
  case Type::Decayed:
  case Type::Adjusted: {
    QualType a = cast<AdjustedType>(ty)->getAdjustedType();
    QualType la = lowerType(a);
    if (la != a) {
      res = la;
      changed = true;
    }
    break;
  }
  default: {
    // Other sugar (parentheses, attributes, typeof, macro-qualified):
    // look through it one step.
    QualType d = ty->getLocallyUnqualifiedSingleStepDesugaredType();
    if (d.getTypePtr() != ty) {
      QualType ld = lowerType(d);
      if (ld != d || isUpcAS(d.getAddressSpace()) || isa<AttributedType>(ty)) {
        res = ld;
        changed = true;
      }
    }
    break;
  }
  }
  if (!changed) return t;
  if (isUpcAS(res.getLocalQualifiers().getAddressSpace())) {
    Qualifiers rq = res.getLocalQualifiers();
    rq.removeAddressSpace();
    res = ctx.getQualifiedType(res.getTypePtr(), rq);
  }
  return ctx.getQualifiedType(res, q);
}

std::string Lowerer::printType(QualType t, const std::string &name) {
  PrintingPolicy pp(ctx.getLangOpts());
  pp.SuppressTagKeyword = false;
  pp.AnonymousTagLocations = false;
  pp.PolishForDeclaration = true;
  pp.SuppressUnwrittenScope = true;
  std::string s;
  llvm::raw_string_ostream os(s);
  if (!anonNames.empty()) pp.AnonymousTagLocations = true;
  t.print(os, pp, name);
  os.flush();
  // Anonymous structs that the lowering had to name (see nameAnonymousRecords).
  for (const auto &an : anonNames) {
    const RecordDecl *rd = an.first;
    PresumedLoc pl = sm.getPresumedLoc(rd->getLocation());
    if (pl.isInvalid()) continue;
    std::string where = std::string(" at ") + pl.getFilename() + ":" +
                        std::to_string(pl.getLine()) + ":" + std::to_string(pl.getColumn()) + ")";
    std::string kind = rd->getKindName().str();
    std::string k1 = "(unnamed " + kind + where, k2 = "(unnamed" + where;
    for (size_t at; (at = s.find(k1)) != std::string::npos;) s.replace(at, k1.size(), an.second);
    for (size_t at; (at = s.find(k2)) != std::string::npos;) s.replace(at, k2.size(), an.second);
  }
  return s;
}

// A struct or union without a tag or typedef name used as (part of) a shared
// type gets a tag, so the emitted C can say sizeof/offsetof of it.
void Lowerer::nameAnonymousRecords() {
  struct Finder : upc::AstVisitor {
    Lowerer &L;
    explicit Finder(Lowerer &l) : L(l) {}
    bool VisitVarDecl(VarDecl *vd) override {
      if (!L.isSharedType(vd->getType()) && !L.isPts(vd->getType())) return true;
      QualType t = L.innermostElem(vd->getType());
      if (L.isPts(t)) t = L.innermostElem(t->getPointeeType());
      auto *rd = t->getAsRecordDecl();
      if (!rd || rd->getIdentifier() || rd->getTypedefNameForAnonDecl() ||
          rd->isAnonymousStructOrUnion() || L.anonNames.count(rd) ||
          !L.validRange(rd->getSourceRange()))
        return true;
      std::string n = "__upcc_anon_" + std::to_string(L.anonNames.size() + 1);
      L.anonNames[rd] = n;
      L.insert(L.endOffsetOf(rd->getBeginLoc()), " " + n);
      return true;
    }
  } f(*this);
  f.TraverseDecl(ctx.getTranslationUnitDecl());
}

QualType Lowerer::innermostElem(QualType t) const {
  while (const ArrayType *a = ctx.getAsArrayType(t)) t = a->getElementType();
  return t;
}

std::string Lowerer::sizeofText(QualType t) {
  return "sizeof(" + printLowered(t.getUnqualifiedType()) + ")";
}

namespace {
struct ThreadsDimFinder : upc::AstVisitor {
  bool found = false;
  bool VisitDeclRefExpr(DeclRefExpr *e) override {
    if (auto *ec = dyn_cast<EnumConstantDecl>(e->getDecl()))
      if (ec->getName() == "__upcc_THREADS_DIM") found = true;
    return true;
  }
};
} // namespace

bool Lowerer::dimHasThreads(const ConstantArrayType *cat) const {
  if (!cat || !cat->getSizeExpr()) return false;
  ThreadsDimFinder f;
  f.TraverseStmt(const_cast<Expr *>(cat->getSizeExpr()));
  return f.found;
}

static bool exprHasThreads(const Expr *e) {
  if (!e) return false;
  ThreadsDimFinder f;
  f.TraverseStmt(const_cast<Expr *>(e));
  return f.found;
}

// Which array dimensions of a declaration were written with THREADS: the
// type itself forgets (the prelude's __upcc_THREADS_DIM is just 1), the
// declaration's TypeLoc (or its typedef's) keeps the size expressions.
std::vector<bool> Lowerer::threadsDims(const ValueDecl *vd) const {
  const DeclaratorDecl *dd = dyn_cast_or_null<DeclaratorDecl>(vd);
  if (!dd || !dd->getTypeSourceInfo()) return {};
  return threadsDims(dd->getTypeSourceInfo()->getTypeLoc());
}

// The same for a type as written (a type name: sizeof(shared int [4*THREADS])).
std::vector<bool> Lowerer::threadsDims(TypeLoc tl) const {
  std::vector<bool> dims;
  for (int guard = 0; guard < 64 && !tl.isNull(); ++guard) {
    tl = tl.getUnqualifiedLoc();
    if (auto pl = tl.getAs<ParenTypeLoc>()) { tl = pl.getInnerLoc(); continue; }
    if (auto al = tl.getAs<AttributedTypeLoc>()) { tl = al.getModifiedLoc(); continue; }
    if (auto ml = tl.getAs<MacroQualifiedTypeLoc>()) { tl = ml.getInnerLoc(); continue; }
    if (auto el = tl.getAs<ElaboratedTypeLoc>()) { tl = el.getNamedTypeLoc(); continue; }
    if (auto tol = tl.getAs<TypeOfTypeLoc>()) { // upc_localsizeof(type) arrives as typeof(type)
      tl = tol.getUnmodifiedTInfo()->getTypeLoc();
      continue;
    }
    if (auto tdl = tl.getAs<TypedefTypeLoc>()) {
      TypeSourceInfo *ts = tdl.getTypedefNameDecl()->getTypeSourceInfo();
      if (!ts) break;
      tl = ts->getTypeLoc();
      continue;
    }
    if (auto arl = tl.getAs<ArrayTypeLoc>()) {
      dims.push_back(exprHasThreads(arl.getSizeExpr()));
      tl = arl.getElementLoc();
      continue;
    }
    break;
  }
  return dims;
}

bool Lowerer::typeHasThreadsDim(QualType t, const std::vector<bool> &dims) const {
  unsigned d = 0;
  while (const ArrayType *a = ctx.getAsArrayType(t)) {
    if (dimHasThreads(dyn_cast<ConstantArrayType>(a))) return true;
    if (d < dims.size() && dims[d]) return true;
    ++d;
    t = a->getElementType();
  }
  return false;
}

// Number of innermost elements in t as C text; a THREADS dimension of
// size K (the prelude's __upcc_THREADS_DIM is 1) contributes K*upcrt_threads.
// dims[from...] says which of t's dimensions were written with THREADS.
std::string Lowerer::elemCount(QualType t, const std::vector<bool> &dims, unsigned from) {
  uint64_t k = 1;
  std::string dyn;
  unsigned d = from;
  while (const ArrayType *a = ctx.getAsArrayType(t)) {
    bool thr = d < dims.size() && dims[d];
    ++d;
    if (auto *cat = dyn_cast<ConstantArrayType>(a)) {
      k *= cat->getSize().getZExtValue();
      if (thr || dimHasThreads(cat)) dyn = "(size_t)upcrt_threads";
    } else if (auto *vat = dyn_cast<VariableArrayType>(a)) {
      std::string s = "(size_t)(" + emit(vat->getSizeExpr()) + ")";
      dyn = dyn.empty() ? s : dyn + " * " + s;
    }
    t = a->getElementType();
  }
  if (dyn.empty()) return std::to_string(k);
  return k == 1 ? "(" + dyn + ")" : "(" + std::to_string(k) + " * " + dyn + ")";
}

std::string Lowerer::accessorSuffix(QualType t) const {
  QualType c = t.getCanonicalType().getUnqualifiedType();
  if (isPts(c)) return "pts";
  if (c->isPointerType()) return "ptr";
  if (auto *et = c->getAs<EnumType>()) c = et->getDecl()->getIntegerType().getCanonicalType();
  auto *bt = c->getAs<BuiltinType>();
  if (!bt) return "";
  switch (bt->getKind()) {
  case BuiltinType::Bool: return "u8";
  case BuiltinType::Float: return "f";
  case BuiltinType::Double: return "d";
  case BuiltinType::LongDouble: return "ld";
  default: break;
  }
  if (!c->isIntegerType()) return "";
  uint64_t bits = ctx.getTypeSize(c);
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64) return "";
  return (c->isSignedIntegerType() ? "i" : "u") + std::to_string(bits);
}

// A name for C identifiers that spells any text: letters and digits stay,
// '_' is "__", any other byte '_' and two hex digits (tools/gdb decodes it).
static std::string identifierSpelling(const std::string &s) {
  static const char hex[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : s) {
    if (llvm::isAlnum(c)) {
      out += (char)c;
    } else if (c == '_') {
      out += "__";
    } else {
      out += '_';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

// In the C every pointer-to-shared is a upcrt_pts_t, which a debugger shows
// as three numbers.  Declared instead with a typedef of upcrt_pts_t named
// __upcc_pts_<UPC type>_Q<C pointer to the target> (both spelled as above),
// the same type to the C compiler, the debug information tells
// tools/gdb/upcc_printers.py what `(shared [4] int *)` it holds and how to
// read its target.  Under upcc -g only (the names serve the debug
// information); types the name cannot carry stay upcrt_pts_t.
QualType Lowerer::ptsTypeFor(QualType ptrT) {
  if (!opts.debugTypeNames) return ptsTypedef;
  QualType pointee = ptrT->getPointeeType();
  if (pointee->isFunctionType() || pointee->isVariablyModifiedType()) return ptsTypedef;
  std::string upcType = upcSpelling(ptrT);
  std::string target = printType(ctx.getPointerType(lowerType(pointee)));
  for (const std::string *s : {&upcType, &target})
    if (s->find("(unnamed") != std::string::npos || s->find("(anonymous") != std::string::npos ||
        s->size() > 160)
      return ptsTypedef;
  std::string name =
      "__upcc_pts_" + identifierSpelling(upcType) + "_Q" + identifierSpelling(target);
  auto known = ptsNames.find(name);
  if (known != ptsNames.end()) return known->second;
  TypedefDecl *td = TypedefDecl::Create(ctx, ctx.getTranslationUnitDecl(), SourceLocation(),
                                        SourceLocation(), &ctx.Idents.get(name),
                                        ctx.getTrivialTypeSourceInfo(ptsTypedef));
  QualType q = ctx.getTypedefType(td);
  ptsNames[name] = q;
  return q;
}

std::string Lowerer::ptsTypedefDecls() const {
  std::string s;
  for (const auto &n : ptsNames) s += " typedef upcrt_pts_t " + n.first + ";";
  return s;
}

// The user's UPC spelling of a type, for messages and descriptors.
std::string Lowerer::upcSpelling(QualType t) {
  std::string s = printType(t);
  llvm::Regex re("__attribute__\\(\\(address_space\\(([0-9]+)\\)\\)\\)");
  llvm::SmallVector<StringRef, 2> m;
  std::string out;
  StringRef rest = s;
  while (re.match(rest, &m)) {
    size_t at = rest.find(m[0]);
    out += rest.substr(0, at).str();
    unsigned as = 0;
    m[1].getAsInteger(10, as);
    std::string q;
    if (upc::consistency(as) == Consistency::Strict) q = "strict ";
    if (upc::consistency(as) == Consistency::Relaxed) q = "relaxed ";
    q += "shared";
    unsigned b = upc::blockSize(as);
    if (b == 0) q += " []";
    else if (b != 1) q += " [" + std::to_string(b) + "]";
    out += q;
    rest = rest.substr(at + m[0].size());
  }
  out += rest.str();
  return out;
}

} // namespace upc
