// checks.cpp — the UPC constraints Clang's C Sema cannot know about, checked on
// the typed AST: upc_forall affinity types and jumps, barrier expressions,
// upc_*sizeof operands, shared return types, casts and comparisons mixing
// pointers-to-shared with private pointers, arithmetic on shared void *,
// comparisons of pointers-to-shared to incomplete types or other block sizes,
// constant collective flags, what upcx_async may pass.  test/diagnostics/CONSTRAINTS.md lists them.
#include "internal.h"
#include "ast_visitor.h"

#include <clang/AST/ASTContext.h>
#include <clang/Basic/SourceManager.h>

#include <map>

using namespace clang;

namespace upc::fe {
std::string spell(QualType t);

namespace {

bool isSharedType(const ASTContext &ctx, QualType t) {
  LangAS a = ctx.getBaseElementType(t).getAddressSpace();
  return isTargetAddressSpace(a) && isShared(toTargetAddressSpace(a));
}

bool isPointerToShared(QualType t) {
  const PointerType *p = t->getAs<PointerType>();
  if (!p) return false;
  LangAS a = p->getPointeeType().getAddressSpace();
  return isTargetAddressSpace(a) && isShared(toTargetAddressSpace(a));
}

bool isSharedVoidPointer(QualType t) {
  return isPointerToShared(t) && t->getAs<PointerType>()->getPointeeType()->isVoidType();
}

// The type an operand has before Clang's implicit conversions (an array or
// function decays to a pointer).
QualType writtenType(const ASTContext &ctx, const Expr *e) {
  QualType t = e->IgnoreParenImpCasts()->getType();
  if (t->isArrayType()) return ctx.getArrayDecayedType(t);
  if (t->isFunctionType()) return ctx.getPointerType(t);
  return t;
}

unsigned blockOf(QualType pts) {
  return blockSize(toTargetAddressSpace(pts->getAs<PointerType>()->getPointeeType().getAddressSpace()));
}

const FunctionDecl *calleeNamed(const Expr *e, const char *prefix) {
  const auto *c = dyn_cast_or_null<CallExpr>(e ? e->IgnoreParenImpCasts() : nullptr);
  if (!c) return nullptr;
  const FunctionDecl *fd = c->getDirectCallee();
  if (!fd || !fd->getIdentifier() || !fd->getName().starts_with(prefix)) return nullptr;
  return fd;
}

// The affinity call of a lowered upc_forall: for (...) if (__upcc_forall_affinity(..)) S
const CallExpr *forallAffinity(const ForStmt *f) {
  const auto *i = dyn_cast_or_null<IfStmt>(f->getBody());
  if (!i) return nullptr;
  const Expr *c = i->getCond();
  if (!calleeNamed(c, "__upcc_forall_affinity")) return nullptr;
  return cast<CallExpr>(c->IgnoreParenImpCasts());
}

class Checker : public upc::AstVisitor {
public:
  Checker(ASTContext &ctx, Reporter &rep) : ctx(ctx), sm(ctx.getSourceManager()), rep(rep) {}
  unsigned errors = 0;

  void error(SourceLocation l, const std::string &m) {
    errors++;
    rep.report(l, true, m);
  }
  void warn(SourceLocation l, const std::string &m) { rep.report(l, false, m); }
  bool sys(SourceLocation l) const { return l.isValid() && sm.isInSystemHeader(l); }

  bool TraverseFunctionDecl(FunctionDecl *fd) override {
    if (sys(fd->getLocation())) return true;
    auto saveF = foralls;
    auto saveB = breakables;
    foralls.clear();
    breakables.clear();
    gotos.clear();
    labels.clear();
    bool r = AstVisitor::TraverseFunctionDecl(fd);
    checkJumps();
    foralls = saveF;
    breakables = saveB;
    return r;
  }

  bool VisitFunctionDecl(FunctionDecl *fd) override {
    QualType rt = fd->getReturnType();
    if (isSharedType(ctx, rt)) {
      std::string s = spell(rt), c = spell(rt.getCanonicalType());
      error(fd->getLocation(), "function '" + fd->getNameAsString() +
                                   "' may not return a shared-qualified type ('" + s + "'" +
                                   (s == c ? "" : " (aka '" + c + "')") +
                                   "); return a pointer-to-shared instead");
    }
    return true;
  }

  bool TraverseForStmt(ForStmt *f) override {
    const CallExpr *aff = forallAffinity(f);
    if (aff) {
      checkAffinity(aff);
      foralls.push_back(f);
    }
    breakables.push_back(aff ? f : nullptr);
    // The forall's own marker if-statement is not a breakable context.
    bool r = AstVisitor::TraverseForStmt(f);
    breakables.pop_back();
    if (aff) foralls.pop_back();
    return r;
  }
  bool TraverseWhileStmt(WhileStmt *s) override {
    breakables.push_back(nullptr);
    bool r = AstVisitor::TraverseWhileStmt(s);
    breakables.pop_back();
    return r;
  }
  bool TraverseDoStmt(DoStmt *s) override {
    breakables.push_back(nullptr);
    bool r = AstVisitor::TraverseDoStmt(s);
    breakables.pop_back();
    return r;
  }
  bool TraverseSwitchStmt(SwitchStmt *s) override {
    breakables.push_back(nullptr);
    bool r = AstVisitor::TraverseSwitchStmt(s);
    breakables.pop_back();
    return r;
  }

  bool VisitBreakStmt(BreakStmt *b) override {
    if (!breakables.empty() && breakables.back())
      warn(b->getBreakLoc(), "'break' leaves the body of a upc_forall; the behaviour is "
                             "undefined in UPC (threads may disagree on the iterations)");
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *r) override {
    if (!foralls.empty())
      warn(r->getReturnLoc(), "'return' leaves the body of a upc_forall; the behaviour is "
                              "undefined in UPC");
    return true;
  }
  bool VisitGotoStmt(GotoStmt *g) override {
    gotos.push_back({g, foralls});
    return true;
  }
  bool VisitLabelStmt(LabelStmt *l) override {
    labels[l->getDecl()] = foralls;
    return true;
  }

  bool VisitCallExpr(CallExpr *c) override {
    const FunctionDecl *fd = c->getDirectCallee();
    if (!fd || !fd->getIdentifier()) return true;
    StringRef n = fd->getName();
    if (!n.starts_with("__upcc_")) {
      checkCollectiveFlags(c, fd);
      return true;
    }
    if (n == "__upcc_barrier" || n == "__upcc_notify" || n == "__upcc_wait") {
      std::string user = "upc_" + n.drop_front(7).str();
      if (c->getNumArgs() > 1) {
        error(c->getArg(1)->getBeginLoc(), "'" + user + "' takes at most one expression");
      } else if (c->getNumArgs() == 1) {
        // Any type assignable to an int (UPC 1.3 6.6.1, spec issue 64): an
        // arithmetic type, converted as by assignment (the lowering's (int)).
        const Expr *e = c->getArg(0)->IgnoreParenImpCasts();
        QualType t = e->getType();
        if (t->isArrayType()) t = ctx.getArrayDecayedType(t);
        if (t->isFunctionType()) t = ctx.getPointerType(t);
        if (!t->isArithmeticType())
          error(e->getExprLoc(), "the expression of '" + user +
                                     "' must have a type assignable to 'int', not '" +
                                     spell(t) + "'");
      }
      return true;
    }
    if (n == "__upcc_async") {
      checkAsync(c);
      return true;
    }
    if (n == "__upcc_localsizeof" || n == "__upcc_blocksizeof" || n == "__upcc_elemsizeof") {
      std::string user = "upc_" + n.drop_front(7).str();
      if (c->getNumArgs() > 1) {
        // `upc_elemsizeof(A, B)`: a parenthesized comma expression, whose
        // value (a pointer or a private value) is never shared-qualified.
        error(c->getArg(1)->getBeginLoc(), "'" + user + "' applied to a comma expression, "
                                           "whose type is not shared-qualified");
        return true;
      }
      if (c->getNumArgs() != 1) return true;
      const Expr *a = c->getArg(0)->IgnoreParenImpCasts();
      QualType t = a->getType();
      // Type operand: __upcc_xsizeof((__typeof__(T)*)0)
      if (const auto *ce = dyn_cast<CStyleCastExpr>(a)) {
        const Expr *z = ce->getSubExpr()->IgnoreParenImpCasts();
        if (isa<IntegerLiteral>(z) && ce->getType()->isPointerType())
          t = ce->getType()->getPointeeType().getDesugaredType(ctx); // drop __typeof__
      }
      bool typeOperand = t != a->getType();
      if (!isSharedType(ctx, t)) {
        error(a->getBeginLoc(), "'" + user + "' applied to a non-shared type '" + spell(t) +
                                    "'; the operand must have a shared-qualified type" +
                                    (isPointerToShared(t) && !typeOperand
                                         ? " (a pointer-to-shared is private itself)"
                                         : ""));
        return true;
      }
      // The constraints of sizeof apply too (UPC 1.3 6.4.1).  The block and
      // element sizes of an array of unknown size are known: only the
      // element type must be complete for those.
      QualType need = n == "__upcc_localsizeof" ? t : ctx.getBaseElementType(t);
      if (!typeOperand && a->refersToBitField())
        error(a->getBeginLoc(), "'" + user + "' applied to a bit-field");
      else if (need->isIncompleteType())
        error(a->getBeginLoc(), "'" + user + "' applied to an incomplete type '" + spell(need) +
                                    "'");
      return true;
    }
    return true;
  }

  // UPC 1.3 6.4.3: a private pointer (at any level of pointers) may not be
  // cast to a pointer-to-shared; a null pointer constant may.
  bool VisitCStyleCastExpr(CStyleCastExpr *c) override {
    const Expr *sub = c->getSubExpr();
    if (sys(c->getBeginLoc()) || sub->isNullPointerConstant(ctx, Expr::NPC_ValueDependentIsNull))
      return true;
    QualType to = c->getType(), from = sub->getType();
    if (from->isFunctionType()) from = ctx.getPointerType(from);
    while (to->isPointerType() && from->isPointerType()) {
      QualType tp = to->getAs<PointerType>()->getPointeeType();
      QualType fp = from->getAs<PointerType>()->getPointeeType();
      if (isSharedType(ctx, tp) && !isSharedType(ctx, fp)) {
        error(c->getBeginLoc(), "cannot cast '" + spell(sub->getType()) + "' to '" +
                                    spell(c->getType()) +
                                    "': a private pointer cannot become a pointer-to-shared");
        return true;
      }
      to = tp;
      from = fp;
    }
    return true;
  }

  // ++ and -- on shared void *: the element size is unknown.
  bool VisitUnaryOperator(UnaryOperator *u) override {
    if (u->isIncrementDecrementOp() && isSharedVoidPointer(u->getSubExpr()->getType()))
      error(u->getOperatorLoc(), "arithmetic on a pointer to shared void ('" +
                                     spell(u->getSubExpr()->getType()) +
                                     "'); cast it to a pointer-to-shared of a complete type");
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *b) override {
    BinaryOperatorKind op = b->getOpcode();
    if (op == BO_Add || op == BO_Sub || op == BO_AddAssign || op == BO_SubAssign) {
      for (const Expr *e : {b->getLHS(), b->getRHS()})
        if (isSharedVoidPointer(e->getType())) {
          error(b->getOperatorLoc(), "arithmetic on a pointer to shared void ('" +
                                         spell(e->getType()) +
                                         "'); cast it to a pointer-to-shared of a complete type");
          break;
        }
      return true;
    }
    if (!b->isComparisonOp()) return true;
    // UPC 1.3 6.4.2: no binary operator takes a pointer-to-shared and a
    // private pointer (a null pointer constant is neither).
    const Expr *le = b->getLHS(), *re = b->getRHS();
    QualType lw = writtenType(ctx, le), rw = writtenType(ctx, re);
    auto npc = [&](const Expr *e) {
      return e->isNullPointerConstant(ctx, Expr::NPC_ValueDependentIsNull) != Expr::NPCK_NotNull;
    };
    if (lw->isPointerType() && rw->isPointerType() && !npc(le) && !npc(re)) {
      if (isPointerToShared(lw) != isPointerToShared(rw)) {
        error(b->getOperatorLoc(), "comparison between a pointer-to-shared and a private pointer ('" +
                                       spell(lw) + "' and '" + spell(rw) + "')");
        return true;
      }
      // Like C's comparison of distinct pointer types: a warning; the right
      // operand converts as by an explicit cast (phase reset).
      if (isPointerToShared(lw) && isPointerToShared(rw) && !isSharedVoidPointer(lw) &&
          !isSharedVoidPointer(rw) && blockOf(lw) != blockOf(rw) &&
          ctx.hasSameUnqualifiedType(lw->getPointeeType().getCanonicalType().getUnqualifiedType(),
                                     rw->getPointeeType().getCanonicalType().getUnqualifiedType()))
        warn(b->getOperatorLoc(), "comparison of pointers-to-shared with different block sizes ('" +
                                      spell(lw) + "' and '" + spell(rw) +
                                      "'); the right operand is converted as by an explicit cast");
    }
    if (!b->isRelationalOp()) return true;
    // The operands as written: Clang converts an object pointer compared
    // with a void pointer to the void pointer's type.  UPC 1.3 6.4.2 (spec
    // issue 104): both must point to object types; equality may mix them.
    if (isPointerToShared(lw) && isPointerToShared(rw) &&
        isSharedVoidPointer(lw) != isSharedVoidPointer(rw)) {
      error(b->getOperatorLoc(), "relational comparison of a pointer-to-shared to an object "
                                 "type with a pointer to shared void ('" + spell(lw) +
                                 "' and '" + spell(rw) + "'); cast one to the other's type");
      return true;
    }
    for (QualType t : {lw, rw}) {
      if (!isPointerToShared(t)) continue;
      QualType pe = t->getAs<PointerType>()->getPointeeType();
      if (pe->isIncompleteType()) {
        error(b->getOperatorLoc(), "relational comparison of pointers-to-shared to an "
                                   "incomplete type ('" + spell(t) + "')");
        break;
      }
    }
    return true;
  }

private:
  ASTContext &ctx;
  SourceManager &sm;
  Reporter &rep;
  std::vector<const ForStmt *> foralls;
  std::vector<const ForStmt *> breakables; // non-null: a upc_forall
  std::vector<std::pair<GotoStmt *, std::vector<const ForStmt *>>> gotos;
  std::map<const LabelDecl *, std::vector<const ForStmt *>> labels;

  void checkAffinity(const CallExpr *aff) {
    if (aff->getNumArgs() == 0) return;
    if (aff->getNumArgs() > 1) {
      error(aff->getArg(1)->getBeginLoc(), "the affinity clause of upc_forall is one expression");
      return;
    }
    const Expr *e = aff->getArg(0)->IgnoreParenImpCasts();
    QualType t = e->getType();
    if (t->isIntegerType() || isPointerToShared(t)) return;
    // a shared array (a row R[i]) converts to a pointer to its first element
    if (t->isArrayType() && isPointerToShared(aff->getArg(0)->getType())) return;
    error(e->getExprLoc(), "upc_forall affinity must be an integer expression, a "
                           "pointer-to-shared or 'continue', not '" + spell(t) + "'");
  }

  void checkAsync(const CallExpr *c) {
    if (c->getNumArgs() != 2) return;
    const Expr *th = c->getArg(0)->IgnoreParenImpCasts();
    if (!th->getType()->isIntegerType())
      error(th->getExprLoc(), "the thread of 'upcx_async' must be an integer, not '" +
                                  spell(th->getType()) + "'");
    const CallExpr *call = asyncInnerCall(c);
    if (!call) return;
    const Expr *callee = call->getCallee();
    const FunctionType *ft = nullptr;
    if (const auto *pt = callee->getType()->getAs<PointerType>())
      ft = pt->getPointeeType()->getAs<FunctionType>();
    if (!ft) return;
    std::string name = "the function";
    if (const auto *dre = dyn_cast<DeclRefExpr>(callee->IgnoreParenImpCasts()))
      name = "'" + dre->getDecl()->getNameAsString() + "'";
    if (isa<FunctionNoProtoType>(ft)) {
      error(callee->getExprLoc(), "'upcx_async' needs a prototype for " + name +
                                      ", to know how to pass the arguments");
      return;
    }
    std::string why;
    if (asyncTypeCode(ft->getReturnType(), ctx, &why).empty())
      error(callee->getExprLoc(), "'upcx_async' cannot return the result of " + name +
                                      ": it is " + why);
    for (unsigned i = 0; i < call->getNumArgs(); i++) {
      const Expr *a = call->getArg(i);
      if (asyncTypeCode(a->getType(), ctx, &why).empty())
        error(a->IgnoreImpCasts()->getExprLoc(),
              "argument " + std::to_string(i + 1) + " of " + name +
                  " cannot be passed by 'upcx_async': it is " + why);
    }
  }

  // The synchronization flags of a collective or UPC-IO call (UPC 1.3
  // 7.3.1): at most one UPC_IN_* and one UPC_OUT_*, no unknown bits.  Only
  // a constant argument can be checked here; the runtime checks the rest.
  void checkCollectiveFlags(const CallExpr *c, const FunctionDecl *fd) {
    if (!fd->getName().starts_with("upc_all_")) return;
    for (unsigned k = 0; k < fd->getNumParams() && k < c->getNumArgs(); k++) {
      const auto *td = fd->getParamDecl(k)->getType()->getAs<TypedefType>();
      if (!td || td->getDecl()->getName() != "upc_flag_t") continue;
      const Expr *a = c->getArg(k);
      Expr::EvalResult r;
      if (a->isValueDependent() || !a->EvaluateAsInt(r, ctx)) continue;
      long long f = r.Val.getInt().getExtValue();
      const long long in = f & 7, out = (f >> 3) & 7, alg = (f >> 8) & 7;
      std::string what;
      if (f & ~0x73fLL) what = "unknown bits in the flags argument";
      else if (in & (in - 1)) what = "more than one UPC_IN_* synchronization flag";
      else if (out & (out - 1)) what = "more than one UPC_OUT_* synchronization flag";
      else if (alg & (alg - 1)) what = "more than one of UPC_PULL, UPC_PUSH, UPC_MULTICORE";
      if (!what.empty())
        error(a->getBeginLoc(), "'" + fd->getNameAsString() + "': " + what + " (" +
                                   std::to_string(f) + ")");
    }
  }

  void checkJumps() {
    for (auto &g : gotos) {
      auto it = labels.find(g.first->getLabel());
      if (it == labels.end()) continue;
      const auto &from = g.second, &to = it->second;
      size_t common = 0;
      while (common < from.size() && common < to.size() && from[common] == to[common]) common++;
      if (to.size() > common)
        error(g.first->getGotoLoc(), "'goto' jumps into the body of a upc_forall");
      else if (from.size() > common)
        error(g.first->getGotoLoc(), "'goto' jumps out of the body of a upc_forall");
    }
    gotos.clear();
    labels.clear();
  }
};

} // namespace
} // namespace upc::fe

namespace upc {
using fe::spell;

const CallExpr *asyncInnerCall(const CallExpr *marker) {
  if (marker->getNumArgs() != 2) return nullptr;
  const auto *so = dyn_cast<UnaryExprOrTypeTraitExpr>(marker->getArg(1)->IgnoreParenImpCasts());
  if (!so || so->isArgumentType()) return nullptr;
  const auto *comma = dyn_cast<BinaryOperator>(so->getArgumentExpr()->IgnoreParens());
  if (!comma || comma->getOpcode() != BO_Comma) return nullptr;
  return dyn_cast<CallExpr>(comma->getLHS()->IgnoreParens());
}

std::string asyncTypeCode(QualType t, const ASTContext &ctx, std::string *why) {
  QualType c = t.getCanonicalType();
  if (c->isVoidType()) return "v";
  if (const auto *et = c->getAs<EnumType>())
    c = et->getDecl()->getIntegerType().getCanonicalType();
  if (const auto *bt = c->getAs<BuiltinType>()) {
    switch (bt->getKind()) {
    case BuiltinType::Bool: return "B";
    case BuiltinType::Char_S: case BuiltinType::SChar: return "c";
    case BuiltinType::Char_U: case BuiltinType::UChar: return "C";
    case BuiltinType::Short: return "h";
    case BuiltinType::UShort: return "H";
    case BuiltinType::Int: return "i";
    case BuiltinType::UInt: return "I";
    case BuiltinType::Long: return "l";
    case BuiltinType::ULong: return "L";
    case BuiltinType::LongLong: return "q";
    case BuiltinType::ULongLong: return "Q";
    case BuiltinType::Float: return "f";
    case BuiltinType::Double: return "d";
    case BuiltinType::LongDouble: return "D";
    default: break;
    }
  }
  if (const auto *pt = c->getAs<PointerType>()) {
    if (fe::isPointerToShared(c)) return "P";
    *why = pt->getPointeeType()->isFunctionType()
               ? "a function pointer ('" + spell(t) + "'), which means nothing on another thread"
               : "a private pointer ('" + spell(t) + "'), which means nothing on another "
                 "thread; pass a pointer-to-shared";
    return "";
  }
  if (const auto *rt = c->getAs<RecordType>()) {
    const RecordDecl *rd = rt->getDecl();
    if (rd->isUnion()) {
      *why = "a union ('" + spell(t) + "'), which libffi cannot pass";
      return "";
    }
    if (rd->hasAttr<PackedAttr>() || rd->hasAttr<AlignedAttr>()) {
      *why = "a packed or over-aligned struct ('" + spell(t) + "')";
      return "";
    }
    std::string code = "{";
    for (const FieldDecl *f : rd->fields()) {
      QualType ft = f->getType();
      uint64_t count = 1;
      while (const ConstantArrayType *cat = ctx.getAsConstantArrayType(ft)) {
        count *= cat->getSize().getZExtValue();
        ft = cat->getElementType();
      }
      std::string sub, inner;
      if (f->isBitField() || f->hasAttr<AlignedAttr>() || f->hasAttr<PackedAttr>())
        inner = "a bit-field or a member with an alignment attribute";
      else if (ft->isArrayType())
        inner = "a flexible or variable array";
      else if (count > 65536)
        inner = "an array too large to pass by value";
      else
        sub = asyncTypeCode(ft, ctx, &inner);
      if (sub.empty()) {
        *why = "a struct ('" + spell(t) + "') whose member '" + f->getNameAsString() +
               "' is " + inner;
        return "";
      }
      for (uint64_t i = 0; i < count; i++) code += sub;
    }
    if (code == "{") {
      *why = "an empty struct ('" + spell(t) + "')";
      return "";
    }
    return code + "}";
  }
  *why = "of type '" + spell(t) + "', which upcx_async cannot pass";
  return "";
}
} // namespace upc

namespace upc::fe {
unsigned runChecks(ASTContext &ctx, Reporter &rep) {
  Checker c(ctx, rep);
  c.TraverseDecl(ctx.getTranslationUnitDecl());
  return c.errors;
}

} // namespace upc::fe
