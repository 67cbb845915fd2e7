// pointers.cpp — pointer-to-shared values: arithmetic, difference and
// comparison with the static type's block and element size, &lvalue, casts
// (between block sizes, to private pointers, to integers, null constants),
// and ++/--/+= on private pointer-to-shared variables.
#include "lowerer.h"

#include <clang/AST/ParentMapContext.h>

using namespace clang;

namespace upc {

std::string Lowerer::ptsAdd(const std::string &p, const std::string &n, QualType ptrT) {
  QualType pointee = ptrT->getPointeeType();
  if (pointee->isVoidType()) {
    failed = true;
    llvm::errs() << "error: arithmetic on a pointer to shared void\n";
    return p;
  }
  std::string m = elemCount(pointee);
  std::string k = m == "1" ? n : "(" + n + ") * " + m;
  return "upcrt_pts_add(" + p + ", " + k + ", " + std::to_string(blockOf(pointee)) + ", " +
         sizeofText(innermostElem(pointee)) + ")";
}

std::string Lowerer::emitPtsBinary(const BinaryOperator *bo) {
  const Expr *l = bo->getLHS(), *r = bo->getRHS();
  bool lp = isPts(l->getType()), rp = isPts(r->getType());
  switch (bo->getOpcode()) {
  case BO_Add:
    if (lp) return ptsAdd(emit(l), "(" + emit(r) + ")", l->getType());
    return ptsAdd(emit(r), "(" + emit(l) + ")", r->getType());
  case BO_Sub:
    if (lp && !rp) return ptsAdd(emit(l), "-(ptrdiff_t)(" + emit(r) + ")", l->getType());
    if (lp && rp) {
      QualType pointee = l->getType()->getPointeeType();
      std::string m = elemCount(pointee);
      std::string d = "upcrt_pts_diff(" + emit(l) + ", " + emit(r) + ", " +
                      std::to_string(blockOf(pointee)) + ", " +
                      sizeofText(innermostElem(pointee)) + ")";
      return m == "1" ? d : "(" + d + " / (ptrdiff_t)" + m + ")";
    }
    break;
  case BO_EQ:
    if (lp && rp) return "upcrt_pts_same(" + emit(l) + ", " + emit(r) + ")";
    break;
  case BO_NE:
    if (lp && rp) return "!upcrt_pts_same(" + emit(l) + ", " + emit(r) + ")";
    break;
  case BO_LT: case BO_GT: case BO_LE: case BO_GE:
    if (lp && rp) {
      QualType pointee = l->getType()->getPointeeType();
      std::string es = pointee->isVoidType() ? "1" : sizeofText(innermostElem(pointee));
      return "(upcrt_pts_cmp(" + emit(l) + ", " + emit(r) + ", " +
             std::to_string(blockOf(pointee)) + ", " + es + ") " +
             BinaryOperator::getOpcodeStr(bo->getOpcode()).str() + " 0)";
    }
    break;
  default:
    break;
  }
  error(bo->getOperatorLoc(), "invalid operands to '" +
                                  BinaryOperator::getOpcodeStr(bo->getOpcode()).str() +
                                  "' involving a pointer-to-shared");
  return splice(bo);
}

// p += n / p -= n on a private pointer-to-shared lvalue.
std::string Lowerer::emitPtsCompound(const CompoundAssignOperator *bo, bool used) {
  const Expr *lhs = bo->getLHS();
  std::string rhs = emit(bo->getRHS());
  std::string n = bo->getOpcode() == BO_SubAssign ? "-(ptrdiff_t)(" + rhs + ")" : "(" + rhs + ")";
  if (isa<DeclRefExpr>(lhs->IgnoreParens())) {
    std::string l = emit(lhs);
    return "(" + l + " = " + ptsAdd(l, n, lhs->getType()) + ")";
  }
  std::string a = temp();
  return "({ upcrt_pts_t *" + a + " = &(" + emit(lhs) + "); *" + a + " = " +
         ptsAdd("*" + a, n, lhs->getType()) + ";" + (used ? " *" + a + ";" : "") + " })";
}

std::string Lowerer::emitPtsIncDec(const UnaryOperator *uo, bool used) {
  const Expr *lv = uo->getSubExpr();
  std::string n = uo->isIncrementOp() ? "1" : "-1";
  bool simple = isa<DeclRefExpr>(lv->IgnoreParens());
  std::string l = emit(lv);
  if (simple && (!used || uo->isPrefix()))
    return "(" + l + " = " + ptsAdd(l, n, lv->getType()) + ")";
  std::string a = temp(), o = temp();
  return "({ upcrt_pts_t *" + a + " = &(" + l + "); upcrt_pts_t " + o + " = *" + a + "; *" + a +
         " = " + ptsAdd(o, n, lv->getType()) + "; " + (uo->isPostfix() ? o : "*" + a) + "; })";
}

std::string Lowerer::emitAddrOf(const UnaryOperator *uo) {
  return materialize(addrOf(uo->getSubExpr()));
}

std::string Lowerer::emitCast(const CastExpr *ce, bool &handled) {
  handled = true;
  const Expr *sub = ce->getSubExpr();
  QualType to = ce->getType(), from = sub->getType();
  bool explicitCast = isa<ExplicitCastExpr>(ce);
  // (void *)0, NULL, 0 converted to a pointer-to-shared.
  if (isPts(to) && !isPts(from)) {
    const Expr *z = sub->IgnoreParenImpCasts();
    if (auto *vc = dyn_cast<CStyleCastExpr>(z))
      if (vc->getType()->isVoidPointerType()) z = vc->getSubExpr()->IgnoreParenImpCasts();
    Expr::EvalResult r;
    if (z->getType()->isIntegerType() && z->EvaluateAsInt(r, ctx) && r.Val.getInt() == 0)
      return "((upcrt_pts_t){0, 0, 0})";
  }
  switch (ce->getCastKind()) {
  case CK_LValueToRValue:
    if (isSharedLValue(sub)) return emitRead(sub);
    break;
  case CK_ArrayToPointerDecay:
    if (isSharedLValue(sub)) return materialize(addrOf(sub));
    break;
  case CK_NullToPointer:
    if (isPts(to)) return "((upcrt_pts_t){0, 0, 0})";
    break;
  case CK_PointerToBoolean:
    if (isPts(from)) return "!upcrt_pts_isnull(" + emit(sub) + ")";
    break;
  case CK_PointerToIntegral:
    if (isPts(from))
      return "(" + printLowered(to.getUnqualifiedType()) + ")upcrt_pts_to_int(" + emit(sub) + ")";
    break;
  case CK_IntegralToPointer:
    if (isPts(to)) {
      Expr::EvalResult r;
      if (sub->EvaluateAsInt(r, ctx) && r.Val.getInt() == 0) return "((upcrt_pts_t){0, 0, 0})";
      error(ce->getBeginLoc(), "an integer cannot be converted to a pointer-to-shared");
      return "((upcrt_pts_t){0, 0, 0})";
    }
    break;
  case CK_ToVoid:
    if (isSharedLValue(sub)) return "(void)" + materialize(addrOf(sub));
    break;
  case CK_BitCast:
  case CK_AddressSpaceConversion:
  case CK_NoOp: {
    bool fp = isPts(from), tp = isPts(to);
    if (fp && tp) {
      QualType fpe = from->getPointeeType(), tpe = to->getPointeeType();
      std::string s = emit(sub);
      // UPC 1.3 6.4.3: thread and address always stay.  The phase stays
      // through a conversion to the generic shared void *; from it, unless
      // the target's block size is 1 or indefinite; between other types,
      // only when block size and element size both stay and the types are
      // complete.
      std::string reset = "upcrt_pts_reblock(" + s + ")";
      if (tpe->isVoidType()) return s;
      unsigned block = blockOf(tpe);
      if (fpe->isVoidType()) return block > 1 ? s : reset;
      if (blockOf(fpe) != block) return reset;
      QualType fu = ctx.removeAddrSpaceQualType(fpe), tu = ctx.removeAddrSpaceQualType(tpe);
      // Compatible types (qualifiers aside; int[10] and a parameter's
      // int[*]): no conversion of the element.
      if (ctx.typesAreCompatible(fu.getUnqualifiedType(), tu.getUnqualifiedType())) return s;
      if (fpe->isIncompleteType() || tpe->isIncompleteType() || fu->isVariablyModifiedType() ||
          tu->isVariablyModifiedType())
        return reset;
      auto plain = [&](QualType t) { return t->isArithmeticType() || (t->isPointerType() && !isPts(t)); };
      if (plain(fu) && plain(tu))
        return ctx.getTypeSizeInChars(fu) == ctx.getTypeSizeInChars(tu) ? s : reset;
      // Element sizes in the C's layout (a pointer-to-shared is 16 bytes
      // there, 8 in Clang's): the C compiler folds the comparison.
      return "upcrt_pts_keep_phase_if(" + s + ", " + sizeofText(fu) + " == " + sizeofText(tu) + ")";
    }
    if (fp && to->isPointerType() && checking())
      return "((" + printLowered(to.getUnqualifiedType()) + ")upcrt_check_to_private(" +
             emit(sub) + ", &" + checkSite(sub) + "))";
    if (fp && to->isPointerType())
      return "((" + printLowered(to.getUnqualifiedType()) + ")upcrt_pts_to_private(" + emit(sub) + "))";
    if (tp && from->isPointerType()) return "upcrt_local_to_pts(" + emit(sub) + ")";
    break;
  }
  default:
    break;
  }
  if (explicitCast && needsLowering(to))
    return "(" + printLowered(to) + ")" + emit(sub);
  handled = false;
  return "";
}

} // namespace upc
