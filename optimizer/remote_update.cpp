// remote_update.cpp — upc-remote-update, remote-update conversion: `R OP= v`,
// `R = R OP v`, `R = v OP R`, `R++`/`R--` and the min/max idiom
// `R = v < R ? v : R` on a relaxed shared scalar R whose value is unused
// become one fire-and-forget upcrt_update (MPI_Accumulate or a CPU atomic)
// instead of a get and a put.  Strict lvalues never.
#include "pass.h"

#include <cstring>
#include <llvm/ADT/FoldingSet.h>

#include "../include/upc_types.h"
#include "../frontend/ast_visitor.h"

using namespace clang;

namespace upc::opt {

namespace {

// The named shared object (array or scalar) an lvalue or address is part
// of; null when reached through a pointer (it may point anywhere).
const VarDecl *sharedObjectOf(const Expr *e) {
  for (;;) {
    e = e->IgnoreParenImpCasts();
    if (const auto *u = dyn_cast<UnaryOperator>(e)) {
      if (u->getOpcode() != UO_AddrOf) return nullptr;
      e = u->getSubExpr();
    } else if (const auto *a = dyn_cast<ArraySubscriptExpr>(e)) {
      e = a->getBase();
    } else if (const auto *m = dyn_cast<MemberExpr>(e)) {
      if (m->isArrow()) return nullptr;
      e = m->getBase();
    } else if (const auto *d = dyn_cast<DeclRefExpr>(e)) {
      const auto *v = dyn_cast<VarDecl>(d->getDecl());
      return v && !v->getType()->isPointerType() ? v : nullptr;
    } else {
      return nullptr;
    }
  }
}

struct Candidates : upc::AstVisitor {
  std::vector<const Expr *> exprs;
  // Casts of a pointer-to-shared to a private pointer: the private pointer
  // may then read data an update has not yet completed.
  struct Cast { QualType pointee; SourceLocation loc; const VarDecl *object; };
  std::vector<Cast> privateCasts;
  bool VisitCompoundAssignOperator(CompoundAssignOperator *e) override {
    if (isSharedType(e->getLHS()->getType())) exprs.push_back(e);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *e) override {
    if (e->getOpcode() == BO_Assign && isSharedType(e->getLHS()->getType())) exprs.push_back(e);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *e) override {
    if (e->isIncrementDecrementOp() && isSharedType(e->getSubExpr()->getType()))
      exprs.push_back(e);
    return true;
  }
  bool VisitCastExpr(CastExpr *c) override {
    QualType to = c->getType(), from = c->getSubExpr()->getType();
    if (to->isPointerType() && from->isPointerType() && isSharedType(from->getPointeeType()) &&
        !isSharedType(to->getPointeeType()))
      privateCasts.push_back({from->getPointeeType().getUnqualifiedType(), c->getBeginLoc(),
                              sharedObjectOf(c->getSubExpr())});
    return true;
  }
};

// Is the value of e discarded (as the lowering sees it: an expression
// statement, a for increment, the left of a comma, the right of an unused
// comma)?
bool valueUnused(ASTContext &ctx, const Expr *e) {
  const Stmt *cur = e;
  for (const Stmt *p = parentStmt(ctx, cur); p; cur = p, p = parentStmt(ctx, p)) {
    if (isa<ParenExpr>(p)) continue;
    if (const auto *b = dyn_cast<BinaryOperator>(p)) {
      if (b->getOpcode() != BO_Comma) return false;
      if (b->getLHS() == cur) return true;
      continue; // right operand: unused if the comma is
    }
    if (const auto *f = dyn_cast<ForStmt>(p)) return f->getCond() != cur;
    if (isa<CompoundStmt>(p) || isa<LabelStmt>(p) || isa<CaseStmt>(p) || isa<DefaultStmt>(p))
      return true;
    if (const auto *i = dyn_cast<IfStmt>(p)) return i->getCond() != cur;
    if (const auto *w = dyn_cast<WhileStmt>(p)) return w->getCond() != cur;
    if (const auto *d = dyn_cast<DoStmt>(p)) return d->getCond() != cur;
    return false;
  }
  return false;
}

bool sameLValue(ASTContext &ctx, const Expr *a, const Expr *b) {
  llvm::FoldingSetNodeID x, y;
  a->IgnoreParenImpCasts()->Profile(x, ctx, true);
  b->IgnoreParenImpCasts()->Profile(y, ctx, true);
  return x == y;
}

// upc_type_t macro for a scalar type (null when updates do not apply).
int upcTypeValue(const char *name) {
  static const std::pair<const char *, int> table[] = {
      {"UPC_CHAR", UPC_CHAR},   {"UPC_UCHAR", UPC_UCHAR}, {"UPC_SHORT", UPC_SHORT},
      {"UPC_USHORT", UPC_USHORT}, {"UPC_INT", UPC_INT},   {"UPC_UINT", UPC_UINT},
      {"UPC_LONG", UPC_LONG},   {"UPC_ULONG", UPC_ULONG}, {"UPC_LLONG", UPC_LLONG},
      {"UPC_ULLONG", UPC_ULLONG}, {"UPC_FLOAT", UPC_FLOAT}, {"UPC_DOUBLE", UPC_DOUBLE},
      {"UPC_LDOUBLE", UPC_LDOUBLE}, {"UPC_ADD", UPC_ADD},   {"UPC_MULT", UPC_MULT},
      {"UPC_AND", UPC_AND},     {"UPC_OR", UPC_OR},       {"UPC_XOR", UPC_XOR},
      {"UPC_MIN", UPC_MIN},     {"UPC_MAX", UPC_MAX}};
  for (auto &e : table)
    if (!strcmp(e.first, name)) return e.second;
  return 0;
}

const char *upcTypeOf(ASTContext &ctx, QualType t) {
  t = t.getCanonicalType().getUnqualifiedType();
  if (const auto *et = t->getAs<EnumType>()) t = et->getDecl()->getIntegerType();
  const auto *bt = t->getAs<BuiltinType>();
  if (!bt) return nullptr;
  switch (bt->getKind()) {
  case BuiltinType::Char_S: case BuiltinType::SChar: return "UPC_CHAR";
  case BuiltinType::Char_U: case BuiltinType::UChar: return "UPC_UCHAR";
  case BuiltinType::Short: return "UPC_SHORT";
  case BuiltinType::UShort: return "UPC_USHORT";
  case BuiltinType::Int: return "UPC_INT";
  case BuiltinType::UInt: return "UPC_UINT";
  case BuiltinType::Long: return "UPC_LONG";
  case BuiltinType::ULong: return "UPC_ULONG";
  case BuiltinType::LongLong: return "UPC_LLONG";
  case BuiltinType::ULongLong: return "UPC_ULLONG";
  case BuiltinType::Float: return "UPC_FLOAT";
  case BuiltinType::Double: return "UPC_DOUBLE";
  case BuiltinType::LongDouble: return "UPC_LDOUBLE";
  default: return nullptr;
  }
  (void)ctx;
}

const char *opMacro(BinaryOperatorKind op, bool &negate) {
  negate = false;
  switch (op) {
  case BO_Add: return "UPC_ADD";
  case BO_Sub: negate = true; return "UPC_ADD";
  case BO_Mul: return "UPC_MULT";
  case BO_And: return "UPC_AND";
  case BO_Or: return "UPC_OR";
  case BO_Xor: return "UPC_XOR";
  default: return nullptr;
  }
}

} // namespace

static void convertUpdates(PassState &st) {
  ASTContext &ctx = st.ctx;
  OptimizerPlan &plan = st.plan;
  Candidates c;
  c.TraverseDecl(ctx.getTranslationUnitDecl());
  for (const Expr *e : c.exprs) {
    const Expr *target = nullptr, *operand = nullptr;
    BinaryOperatorKind op = BO_Add;
    bool isMinMax = false, isMax = false, incdec = false, dec = false;
    std::string why;
    // Recognise the form; `why` stays empty for plain stores (not updates).
    if (const auto *ca = dyn_cast<CompoundAssignOperator>(e)) {
      target = ca->getLHS();
      operand = ca->getRHS();
      op = BinaryOperator::getOpForCompoundAssignment(ca->getOpcode());
    } else if (const auto *u = dyn_cast<UnaryOperator>(e)) {
      target = u->getSubExpr();
      incdec = true;
      dec = u->isDecrementOp();
    } else {
      const auto *as = cast<BinaryOperator>(e);
      const Expr *rhs = as->getRHS()->IgnoreParenImpCasts();
      if (const auto *b = dyn_cast<BinaryOperator>(rhs)) {
        if (sameLValue(ctx, b->getLHS(), as->getLHS())) {
          target = as->getLHS();
          operand = b->getRHS();
          op = b->getOpcode();
        } else if (sameLValue(ctx, b->getRHS(), as->getLHS()) &&
                   (b->getOpcode() == BO_Add || b->getOpcode() == BO_Mul || b->getOpcode() == BO_And ||
                    b->getOpcode() == BO_Or || b->getOpcode() == BO_Xor)) {
          target = as->getLHS();
          operand = b->getLHS();
          op = b->getOpcode();
        }
        if (target) {
          // R = R OP v computes in the type of R OP v, then converts.
          QualType rt = b->getType(), lt = as->getLHS()->getType();
          if (lt->isRealFloatingType() &&
              !ctx.hasSameUnqualifiedType(rt, lt.getUnqualifiedType()))
            why = "the operation is computed in '" + rt.getAsString() + "'";
        }
      } else if (const auto *co = dyn_cast<ConditionalOperator>(rhs)) {
        // R = v < R ? v : R (min), R = v > R ? v : R (max), either way round.
        const auto *cmp = dyn_cast<BinaryOperator>(co->getCond()->IgnoreParenImpCasts());
        const Expr *R = as->getLHS();
        if (cmp && cmp->isRelationalOp()) {
          const Expr *t = co->getTrueExpr(), *f = co->getFalseExpr();
          const Expr *l = cmp->getLHS(), *r = cmp->getRHS();
          bool lt = cmp->getOpcode() == BO_LT || cmp->getOpcode() == BO_LE;
          const Expr *v = nullptr;
          bool pickSmaller = false;
          if (sameLValue(ctx, r, R) && sameLValue(ctx, f, R) && sameLValue(ctx, l, t))
            v = l, pickSmaller = lt; // v < R ? v : R
          else if (sameLValue(ctx, l, R) && sameLValue(ctx, t, R) && sameLValue(ctx, r, f))
            v = r, pickSmaller = lt; // R < v ? R : v
          else if (sameLValue(ctx, r, R) && sameLValue(ctx, t, R) && sameLValue(ctx, l, f))
            v = l, pickSmaller = !lt; // v < R ? R : v  (max)
          else if (sameLValue(ctx, l, R) && sameLValue(ctx, f, R) && sameLValue(ctx, r, t))
            v = r, pickSmaller = !lt; // R < v ? v : R  (max)
          if (v) {
            target = R;
            operand = v;
            isMinMax = true;
            isMax = !pickSmaller;
            if (!R->getType()->isIntegerType()) why = "min/max of a floating type";
          }
        }
      }
      if (!target) continue; // a plain store
    }
    std::string name = sourceSnippet(ctx, e, 48);
    SourceLocation loc = e->getBeginLoc();
    auto keep = [&](const std::string &w) {
      st.remarks.add(loc, name + " not converted to a remote update: " + w, false);
      plan.counts.updatesKept++;
    };
    QualType rt = target->getType();
    const char *ty = upcTypeOf(ctx, rt);
    bool negate = false;
    const char *opm = isMinMax ? (isMax ? "UPC_MAX" : "UPC_MIN") : incdec ? "UPC_ADD" : opMacro(op, negate);
    if (incdec) negate = dec;
    if (!why.empty()) {
      keep(why);
      continue;
    }
    if (plan.isPlainAccess(target->IgnoreParens()))
      continue; // a plain local read-modify-write already
    if (!ty || rt->isBooleanType()) {
      keep("'" + rt.getUnqualifiedType().getAsString() + "' is not an integer or floating type");
      continue;
    }
    if (!opm) {
      keep(std::string("operator '") + BinaryOperator::getOpcodeStr(op).str() + "' has no update form");
      continue;
    }
    if (rt->isRealFloatingType() && (op == BO_And || op == BO_Or || op == BO_Xor) && !incdec) {
      keep("bitwise operation on a floating type");
      continue;
    }
    if (isStrictAccess(ctx, st.surface, rt, target->getBeginLoc())) {
      keep("strict access");
      continue;
    }
    if (!valueUnused(ctx, e)) {
      keep("its value is used");
      continue;
    }
    if (operand) {
      QualType ot = operand->IgnoreParenImpCasts()->getType();
      if (rt->isIntegerType() && !ot->isIntegerType() && !ot->isEnumeralType()) {
        keep("the operand is not an integer");
        continue;
      }
      if (const auto *ca = dyn_cast<CompoundAssignOperator>(e))
        if (rt->isRealFloatingType() &&
            !ctx.hasSameUnqualifiedType(ca->getComputationResultType(), rt.getUnqualifiedType())) {
          keep("the operation is computed in '" + ca->getComputationResultType().getAsString() + "'");
          continue;
        }
      if (isMinMax && operand->HasSideEffects(ctx)) {
        keep("the operand has side effects");
        continue;
      }
    }
    if (target->HasSideEffects(ctx) && !isa<CompoundAssignOperator>(e) && !incdec) {
      keep("the target's address has side effects");
      continue;
    }
    std::string alias;
    const VarDecl *obj = sharedObjectOf(target);
    for (auto &pc : c.privateCasts) {
      if (obj && pc.object && obj != pc.object) continue; // distinct objects
      QualType pt = pc.pointee;
      if (pt->isVoidType() || pt->isCharType() ||
          ctx.hasSameUnqualifiedType(pt.getCanonicalType(), rt.getCanonicalType().getUnqualifiedType()) ||
          pt->isRecordType() || pt->isArrayType()) {
        alias = locText(ctx, st.surface, pc.loc);
        break;
      }
    }
    if (!alias.empty()) {
      keep("a private pointer may alias it (shared-to-private cast at " + alias + ")");
      continue;
    }
    RemoteUpdate ru;
    ru.expr = e;
    ru.target = target;
    ru.operand = operand;
    ru.op = opm;
    ru.opValue = upcTypeValue(opm);
    ru.typeValue = upcTypeValue(ty);
    ru.negate = negate;
    ru.constOperand = incdec ? 1 : 0;
    plan.updates[e] = ru;
    plan.counts.updatesConverted++;
    st.remarks.add(loc, name + " converted to a remote update (" + std::string(opm) + ")", true);
  }
}

class RemoteUpdatePass : public Pass {
public:
  const char *name() const override { return "upc-remote-update"; }
  const char *description() const override {
    return "a read-modify-write of relaxed shared data becomes one asynchronous update";
  }
  std::vector<std::string> after() const override { return {"upc-privatize"}; }
  void run(PassState &st) override { convertUpdates(st); }
  std::string summary(const OptimizerPlan &plan) const override {
    const auto &c = plan.counts;
    return std::to_string(c.updatesConverted) + " of " + std::to_string(c.updatesConverted + c.updatesKept) +
           " updates converted";
  }
};
UPCC_REGISTER_PASS(RemoteUpdatePass);

} // namespace upc::opt
