// lower.cpp — lowerTranslationUnit: walks the typed AST, collects
// non-overlapping text edits from the rule families and applies them to the
// surface text, so untouched user code is emitted byte for byte.
#include "lowerer.h"
#include "../frontend/ast_visitor.h"

#include <clang/AST/Attr.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/Lex/Lexer.h>

#include <algorithm>

using namespace clang;

namespace upc {

Lowerer::Lowerer(FrontendResult &fe_, const OptimizerPlan *plan_, const LowerOptions &opts_)
    : ctx(fe_.ast->getASTContext()), sm(fe_.ast->getSourceManager()), fe(fe_),
      plan(plan_), opts(opts_) {}

unsigned Lowerer::offsetOf(SourceLocation l) const {
  return sm.getFileOffset(sm.getExpansionLoc(l));
}

unsigned Lowerer::endOffsetOf(SourceLocation l) const {
  SourceLocation e = sm.getExpansionRange(l).getEnd();
  return sm.getFileOffset(e) + Lexer::MeasureTokenLength(e, sm, ctx.getLangOpts());
}

bool Lowerer::validRange(SourceRange r) const {
  if (r.isInvalid()) return false;
  SourceLocation b = sm.getExpansionLoc(r.getBegin());
  SourceLocation e = sm.getExpansionRange(r.getEnd()).getEnd();
  return sm.getFileID(b) == sm.getMainFileID() && sm.getFileID(e) == sm.getMainFileID();
}

std::string Lowerer::text(SourceRange r) const {
  if (!validRange(r)) return "";
  unsigned b = offsetOf(r.getBegin()), e = endOffsetOf(r.getEnd());
  StringRef buf = sm.getBufferData(sm.getMainFileID());
  if (e < b || e > buf.size()) return "";
  return buf.substr(b, e - b).str();
}

void Lowerer::replace(unsigned b, unsigned e, std::string t) {
  edits.push_back({b, e, std::move(t), (unsigned)edits.size()});
}

void Lowerer::replace(SourceRange r, std::string t) {
  if (!validRange(r)) return;
  replace(offsetOf(r.getBegin()), endOffsetOf(r.getEnd()), std::move(t));
}

void Lowerer::insert(unsigned at, std::string t) { replace(at, at, std::move(t)); }

void Lowerer::error(SourceLocation l, const std::string &msg) {
  failed = true;
  PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(l));
  if (p.isValid())
    llvm::errs() << p.getFilename() << ":" << p.getLine() << ":" << p.getColumn() << ": ";
  llvm::errs() << "error: " << msg << "\n";
}

std::string Lowerer::temp() { return "__upcc_t" + std::to_string(++tempCounter); }

// ---- generic emission ----------------------------------------------------

// The original text of s with every child replaced by its lowered text.
std::string Lowerer::splice(const Stmt *s) {
  if (!validRange(s->getSourceRange())) return text(s);
  unsigned b = offsetOf(s->getBeginLoc()), e = endOffsetOf(s->getEndLoc());
  std::string orig = text(s);
  struct Piece { unsigned b, e; std::string t; };
  std::vector<Piece> pieces;
  const Stmt *src = s;
  if (auto *ile = dyn_cast<InitListExpr>(s))
    if (ile->getSyntacticForm()) src = ile->getSyntacticForm();
  for (const Stmt *c : src->children()) {
    if (!c || !validRange(c->getSourceRange())) continue;
    unsigned cb = offsetOf(c->getBeginLoc()), ce = endOffsetOf(c->getEndLoc());
    if (cb < b || ce > e || ce < cb) continue;
    std::string t;
    if (auto *ce_ = dyn_cast<Expr>(c)) {
      bool used = true;
      if (auto *bo = dyn_cast<BinaryOperator>(s))
        if (bo->getOpcode() == BO_Comma && c == bo->getLHS()) used = false;
      t = emit(ce_, used);
    } else {
      t = emitStmtText(c);
    }
    if (t == text(c)) continue;
    pieces.push_back({cb, ce, std::move(t)});
  }
  if (pieces.empty()) return orig;
  std::sort(pieces.begin(), pieces.end(),
            [](const Piece &x, const Piece &y) { return x.b < y.b; });
  std::string out;
  unsigned pos = b;
  for (auto &p : pieces) {
    if (p.b < pos) continue; // overlapping (e.g. an OpaqueValueExpr twice)
    out += orig.substr(pos - b, p.b - pos);
    out += p.t;
    pos = p.e;
  }
  out += orig.substr(pos - b);
  return out;
}

// Statements inside GNU statement expressions: the same rules as the walk,
// but producing text.
std::string Lowerer::emitStmtText(const Stmt *s) {
  if (auto *e = dyn_cast<Expr>(s)) return emit(e, false);
  return splice(s);
}

std::string Lowerer::emitCondition(const Expr *e) {
  const Expr *x = e->IgnoreParens();
  if (isPts(x->getType())) return "!upcrt_pts_isnull(" + emit(x) + ")";
  return emit(e);
}

std::string Lowerer::emit(const Expr *e, bool used) {
  if (!e) return "";
  if (std::string o; plan && emitOptimized(e, used, o)) return o; // optimized.cpp
  if (auto *ice = dyn_cast<ImplicitCastExpr>(e)) {
    bool handled = false;
    std::string t = emitCast(ice, handled);
    if (handled) return t;
    return emit(ice->getSubExpr(), used);
  }
  if (auto *ce = dyn_cast<CastExpr>(e)) {
    bool handled = false;
    std::string t = emitCast(ce, handled);
    if (handled) return t;
    return splice(e);
  }
  if (auto *pe = dyn_cast<ParenExpr>(e)) {
    if (isSharedLValue(pe)) return splice(e); // parent reads/writes it
    return "(" + emit(pe->getSubExpr(), used) + ")";
  }
  if (auto *dre = dyn_cast<DeclRefExpr>(e)) {
    std::string t = threadsRef(dre);
    if (!t.empty()) return t;
    if (userMain && dre->getDecl() == userMain) return userMainName();
    if (isSharedLValue(e)) return "(void)" + materialize(addrOf(e));
    return text(e);
  }
  if (auto *cao = dyn_cast<CompoundAssignOperator>(e)) {
    if (isSharedLValue(cao->getLHS())) return emitCompound(cao, used);
    if (isPts(cao->getLHS()->getType())) return emitPtsCompound(cao, used);
    return splice(e);
  }
  if (auto *bo = dyn_cast<BinaryOperator>(e)) {
    if (bo->getOpcode() == BO_Assign && isSharedLValue(bo->getLHS()))
      return emitAssign(bo, used);
    if (isPts(bo->getLHS()->getType()) || isPts(bo->getRHS()->getType())) {
      switch (bo->getOpcode()) {
      case BO_Add: case BO_Sub: case BO_EQ: case BO_NE:
      case BO_LT: case BO_GT: case BO_LE: case BO_GE:
        return emitPtsBinary(bo);
      case BO_LAnd: case BO_LOr:
        return "(" + emitCondition(bo->getLHS()) + ")" +
               (bo->getOpcode() == BO_LAnd ? " && " : " || ") + "(" +
               emitCondition(bo->getRHS()) + ")";
      default: break;
      }
    }
    if (bo->getOpcode() == BO_Comma)
      return emit(bo->getLHS(), false) + ", " + emit(bo->getRHS(), used);
    return splice(e);
  }
  if (auto *uo = dyn_cast<UnaryOperator>(e)) {
    switch (uo->getOpcode()) {
    case UO_PreInc: case UO_PreDec: case UO_PostInc: case UO_PostDec:
      if (isSharedLValue(uo->getSubExpr())) return emitIncDec(uo, used);
      if (isPts(uo->getSubExpr()->getType())) return emitPtsIncDec(uo, used);
      break;
    case UO_AddrOf:
      if (isSharedLValue(uo->getSubExpr())) return emitAddrOf(uo);
      break;
    case UO_LNot:
      if (isPts(uo->getSubExpr()->getType()))
        return "upcrt_pts_isnull(" + emit(uo->getSubExpr()) + ")";
      break;
    case UO_Deref:
      if (isSharedLValue(e)) return "(void)" + materialize(addrOf(e));
      break;
    default: break;
    }
    return splice(e);
  }
  if (auto *co = dyn_cast<ConditionalOperator>(e)) {
    return emitCondition(co->getCond()) + " ? " + emit(co->getTrueExpr()) + " : " +
           emit(co->getFalseExpr());
  }
  if (auto *ce = dyn_cast<CallExpr>(e)) {
    std::string t;
    if (emitIntrinsic(ce, t)) return t;
    if (checking() && emitCheckedCall(ce, t)) return t;
    return splice(e);
  }
  if (auto *ue = dyn_cast<UnaryExprOrTypeTraitExpr>(e)) {
    std::string t;
    if (emitSizeof(ue, t)) return t;
    return text(e);
  }
  // A pointer-to-shared is a struct in the C: a scalar initializer in
  // braces loses them, and a compound literal of one is an element of a
  // one-element array literal (an lvalue still).
  if (auto *ile = dyn_cast<InitListExpr>(e))
    if (isPts(ile->getType()) && ile->getNumInits() == 1) return emit(ile->getInit(0));
  if (auto *cle = dyn_cast<CompoundLiteralExpr>(e)) {
    if (isPts(cle->getType()))
      return "((" + printLowered(cle->getType().getUnqualifiedType()) + "[1]){" +
             emit(cle->getInitializer()) + "}[0])";
    if (needsLowering(cle->getType()))
      return "(" + printLowered(cle->getType()) + ")" + emit(cle->getInitializer());
    return splice(e);
  }
  if (auto *va = dyn_cast<VAArgExpr>(e)) {
    if (needsLowering(va->getType()))
      return "__builtin_va_arg(" + emit(va->getSubExpr()) + ", " +
             printLowered(va->getType()) + ")";
    return splice(e);
  }
  if (isSharedLValue(e) && (isa<ArraySubscriptExpr>(e) || isa<MemberExpr>(e)))
    return "(void)" + materialize(addrOf(e)); // a discarded shared lvalue
  return splice(e);
}

// ---- the walk -------------------------------------------------------------

void Lowerer::lowerExprInPlace(Expr *e, bool used) {
  if (!e || !validRange(e->getSourceRange())) return;
  std::string t = emit(e, used);
  if (t != text(e)) replace(e->getSourceRange(), t);
}

void Lowerer::lowerCondInPlace(Expr *e) {
  if (!e || !validRange(e->getSourceRange())) return;
  std::string t = emitCondition(e);
  if (t != text(e)) replace(e->getSourceRange(), t);
}

void Lowerer::walkStmt(Stmt *s) {
  if (!s) return;
  if (auto *e = dyn_cast<Expr>(s)) {
    lowerExprInPlace(e, false);
    return;
  }
  switch (s->getStmtClass()) {
  case Stmt::CompoundStmtClass:
    for (Stmt *c : cast<CompoundStmt>(s)->body()) walkStmt(c);
    return;
  case Stmt::DeclStmtClass: {
    auto *ds = cast<DeclStmt>(s);
    std::vector<Decl *> g(ds->decl_begin(), ds->decl_end());
    lowerDeclGroup(g, true, false);
    return;
  }
  case Stmt::IfStmtClass: {
    auto *is = cast<IfStmt>(s);
    lowerCondInPlace(is->getCond());
    walkStmt(is->getThen());
    walkStmt(is->getElse());
    return;
  }
  case Stmt::WhileStmtClass: {
    auto *ws = cast<WhileStmt>(s);
    lowerCondInPlace(ws->getCond());
    walkStmt(ws->getBody());
    return;
  }
  case Stmt::DoStmtClass: {
    auto *ds = cast<DoStmt>(s);
    walkStmt(ds->getBody());
    lowerCondInPlace(ds->getCond());
    return;
  }
  case Stmt::ForStmtClass: {
    auto *fs = cast<ForStmt>(s);
    const Expr *aff = nullptr;
    if (lowerCoalescedLoop(fs)) return; // coalesced.cpp
    if (isForall(fs, &aff)) {
      lowerForall(fs, aff);
      return;
    }
    if (lowerVersionedLoop(fs)) return; // optimized.cpp
    if (auto *ds = dyn_cast_or_null<DeclStmt>(fs->getInit())) {
      std::vector<Decl *> g(ds->decl_begin(), ds->decl_end());
      lowerDeclGroup(g, true, true);
    } else if (auto *ie = dyn_cast_or_null<Expr>(fs->getInit())) {
      lowerExprInPlace(ie, false);
    }
    lowerCondInPlace(fs->getCond());
    lowerExprInPlace(fs->getInc(), false);
    walkStmt(fs->getBody());
    return;
  }
  case Stmt::SwitchStmtClass: {
    auto *ss = cast<SwitchStmt>(s);
    lowerExprInPlace(ss->getCond(), true);
    walkStmt(ss->getBody());
    return;
  }
  case Stmt::CaseStmtClass:
    walkStmt(cast<CaseStmt>(s)->getSubStmt());
    return;
  case Stmt::DefaultStmtClass:
    walkStmt(cast<DefaultStmt>(s)->getSubStmt());
    return;
  case Stmt::LabelStmtClass:
    walkStmt(cast<LabelStmt>(s)->getSubStmt());
    return;
  case Stmt::AttributedStmtClass:
    walkStmt(cast<AttributedStmt>(s)->getSubStmt());
    return;
  case Stmt::ReturnStmtClass:
    lowerReturn(cast<ReturnStmt>(s));
    return;
  case Stmt::IndirectGotoStmtClass:
    lowerExprInPlace(const_cast<Expr *>(cast<IndirectGotoStmt>(s)->getTarget()), true);
    return;
  default:
    return; // break, continue, goto, null, asm: nothing UPC inside
  }
}

void Lowerer::walkFunction(FunctionDecl *fd) {
  curFunction = fd;
  hoisted.clear();
  forallSaves.clear();
  lowerFunctionSignature(fd);
  // A C99 inline definition without an external definition in its unit
  // links as gnu89 `inline` does with the GCC-based UPC compilers: a weak
  // external definition here, which an ordinary external definition in
  // another unit (the C99 way) overrides.
  if (fd->doesThisDeclarationHaveABody() && fd->isInlineSpecified() && !fd->isMain() &&
      fd->getStorageClass() != SC_Static && !fd->hasAttr<GNUInlineAttr>() &&
      !fd->isInlineDefinitionExternallyVisible() && !sm.isInSystemHeader(fd->getLocation()))
    insert(offsetOf(fd->getOuterLocStart()),
           "extern " + printLowered(fd->getType(), fd->getNameAsString()) +
               " __attribute__((weak)); ");
  if (fd->isMain()) lowerMainName(fd);
  if (fd->doesThisDeclarationHaveABody()) walkStmt(fd->getBody());
  if (!hoisted.empty()) {
    // Static shared locals live at file scope (the runtime lays them out
    // with the other static shared objects); on the function's first line.
    insert(offsetOf(fd->getOuterLocStart()), hoisted);
  }
  curFunction = nullptr;
}

void Lowerer::walkTopLevel() {
  std::vector<Decl *> group;
  auto flush = [&]() {
    if (!group.empty()) lowerDeclGroup(group, false, false);
    group.clear();
  };
  for (Decl *d : ctx.getTranslationUnitDecl()->decls()) {
    if (d->isImplicit() || !validRange(d->getSourceRange())) {
      flush();
      continue;
    }
    if (auto *fd = dyn_cast<FunctionDecl>(d)) {
      flush();
      walkFunction(fd);
      continue;
    }
    // Declarators sharing one declaration specifier start at the same place.
    if (!group.empty() && group.front()->getBeginLoc() != d->getBeginLoc()) flush();
    group.push_back(d);
  }
  flush();
}

// sizeof and _Alignof of a UPC type or a shared object where no rule
// rewrote them: constant contexts outside expression statements
// (_Static_assert, case labels, array dimensions, bit-field widths,
// enumerators).  Left as they are, the C compiler would measure an 8-byte
// pointer where the program has a upcrt_pts_t, or look for a shared
// variable that the generated C does not declare under its name.
void Lowerer::lowerConstantSizeofs() {
  struct Finder : upc::AstVisitor {
    std::vector<UnaryExprOrTypeTraitExpr *> found;
    bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *e) override {
      found.push_back(e);
      return true;
    }
  } finder;
  finder.TraverseDecl(ctx.getTranslationUnitDecl());
  for (UnaryExprOrTypeTraitExpr *e : finder.found) {
    QualType arg = e->getTypeOfArgument();
    bool upcType = needsLowering(arg) || (!e->isArgumentType() && isSharedType(arg));
    if (!upcType || !validRange(e->getSourceRange())) continue;
    unsigned b = offsetOf(e->getBeginLoc()), end = endOffsetOf(e->getEndLoc());
    bool covered = std::any_of(edits.begin(), edits.end(), [&](const Edit &ed) {
      return ed.e == ed.b ? ed.b > b && ed.b < end : ed.b < end && ed.e > b;
    });
    std::string t;
    if (!covered && emitSizeof(e, t)) replace(b, end, t);
  }
}

bool Lowerer::run(llvm::raw_ostream &out) {
  // upcrt_pts_t comes from <upcrt.h>, which the prelude includes.
  for (Decl *d : ctx.getTranslationUnitDecl()->decls())
    if (auto *td = dyn_cast<TypedefNameDecl>(d))
      if (td->getName() == "upcrt_pts_t") ptsTypedef = ctx.getTypedefType(td);
  if (ptsTypedef.isNull()) {
    llvm::errs() << "upcc: internal error: <upcrt.h> is not in the translation unit\n";
    return false;
  }
  nameAnonymousRecords();
  walkTopLevel();
  lowerConstantSizeofs();
  if (failed) return false;
  if (!ptsNames.empty()) {
    // The typedefs naming pointer-to-shared types (ptsTypeFor), on the line
    // of <upcrt.h> that declares upcrt_pts_t, after its semicolon.
    const TypedefNameDecl *td = ptsTypedef->getAs<TypedefType>()->getDecl();
    StringRef text = sm.getBufferData(sm.getMainFileID());
    size_t semi = text.find(';', endOffsetOf(td->getEndLoc()));
    if (semi == StringRef::npos) {
      llvm::errs() << "upcc: internal error: no end to <upcrt.h>'s upcrt_pts_t\n";
      return false;
    }
    insert((unsigned)semi + 1, ptsTypedefDecls());
  }

  StringRef buf = sm.getBufferData(sm.getMainFileID());
  std::stable_sort(edits.begin(), edits.end(), [](const Edit &a, const Edit &b) {
    if (a.b != b.b) return a.b < b.b;
    bool ia = a.e == a.b, ib = b.e == b.b; // insertions before replacements
    if (ia != ib) return ia;
    return a.seq < b.seq;
  });
  std::string res;
  res.reserve(buf.size() + buf.size() / 4);
  unsigned pos = 0;
  for (const Edit &ed : edits) {
    if (ed.b < pos || (ed.b == pos && ed.e == ed.b && pos > 0 && ed.seq == ~0u))
      continue; // contained in an earlier replacement
    res.append(buf.data() + pos, ed.b - pos);
    res += ed.t;
    pos = std::max(pos, ed.e);
  }
  res.append(buf.data() + pos, buf.size() - pos);
  if (!res.empty() && res.back() != '\n') res += '\n';
  if (usesForall || userMain || !dynInits.empty())
    res += "# 1 \"<upcc>\"\n__attribute__((weak)) int upcrt_forall_depth;\n";
  if (userMain || !dynInits.empty())
    // Run-time initialisers of every unit, run by the emitted main after the
    // runtime has laid out the shared objects.
    res += "struct __upcc_init { void (*fn)(void); int shared_stores; struct __upcc_init *next; };\n"
           "__attribute__((weak)) struct __upcc_init *__upcc_inits;\n";
  if (!dynInits.empty())
    res += "static void __upcc_dyninit(void) {\n" + dynInits + "}\n"
           "static struct __upcc_init __upcc_dyninit_node = { __upcc_dyninit, " +
           (dynInitShared ? "1" : "0") + ", 0 };\n"
           "static void __attribute__((constructor)) __upcc_dyninit_register(void) {\n"
           "  __upcc_dyninit_node.next = __upcc_inits; __upcc_inits = &__upcc_dyninit_node;\n}\n";
  if (userMain) res += mainWrapper();
  out << res;
  out.flush(); // the driver may leave through _exit
  return true;
}

bool lowerTranslationUnit(FrontendResult &fe, const OptimizerPlan *plan,
                          const LowerOptions &opts, llvm::raw_ostream &out) {
  if (!fe.ast) return false;
  Lowerer l(fe, plan, opts);
  return l.run(out);
}

} // namespace upc
