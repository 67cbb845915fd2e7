// sync.cpp — the UPC statements and operators that become runtime calls or
// constants: upc_barrier/notify/wait [expr], upc_fence, upcx_async, THREADS, MYTHREAD,
// upc_localsizeof/upc_blocksizeof/upc_elemsizeof, and sizeof of types that
// change size in the lowered C (pointers-to-shared, THREADS dimensions).
#include "lowerer.h"

#include <algorithm>

using namespace clang;

namespace upc {

std::string Lowerer::threadsRef(const DeclRefExpr *dre) const {
  auto *vd = dyn_cast<VarDecl>(dre->getDecl());
  if (!vd || !vd->hasExternalStorage() || !vd->isFileVarDecl()) return "";
  if (vd->getName() == "THREADS") return "upcrt_threads";
  if (vd->getName() == "MYTHREAD") return "upcrt_mythread";
  return "";
}

// The operand type of upc_*sizeof: expression operands arrive as they are,
// type operands as `(T *)0` (*written: T as written, for its THREADS
// dimensions).
static QualType sizeofOperand(const CallExpr *ce, const ValueDecl **vd, TypeLoc *written) {
  const Expr *a = ce->getArg(0)->IgnoreImpCasts();
  *vd = nullptr;
  if (auto *dre = dyn_cast<DeclRefExpr>(a->IgnoreParens())) *vd = dre->getDecl();
  if (auto *cs = dyn_cast<CStyleCastExpr>(a)) {
    const Expr *z = cs->getSubExpr()->IgnoreParenImpCasts();
    if (auto *il = dyn_cast<IntegerLiteral>(z))
      if (il->getValue() == 0 && cs->getType()->isPointerType()) {
        TypeLoc tl = cs->getTypeInfoAsWritten()->getTypeLoc();
        while (auto pl = tl.getAs<ParenTypeLoc>()) tl = pl.getInnerLoc();
        if (auto pl = tl.getAs<PointerTypeLoc>()) *written = pl.getPointeeLoc();
        return cs->getType()->getPointeeType();
      }
  }
  return a->getType();
}

// upcx_async(t, fn, args...): the arguments, converted as for the call,
// go into a struct whose layout the target recomputes from the signature.
bool Lowerer::emitAsync(const CallExpr *ce, std::string &out) {
  const CallExpr *call = asyncInnerCall(ce);
  if (!call) return false;
  const auto *ft = call->getCallee()->getType()->getPointeeType()->getAs<FunctionProtoType>();
  if (!ft) return false;
  std::string why, sig = asyncTypeCode(ft->getReturnType(), ctx, &why);
  std::string fields, inits;
  for (unsigned i = 0; i < call->getNumArgs(); i++) {
    const Expr *a = call->getArg(i);
    sig += asyncTypeCode(a->getType(), ctx, &why);
    fields += printLowered(a->getType().getUnqualifiedType(), "a" + std::to_string(i)) + "; ";
    inits += (i ? ", " : "") + emit(a);
  }
  unsigned nfixed = ft->isVariadic() ? ft->getNumParams() : call->getNumArgs();
  std::string head = "upcrt_async((int)(" + emit(ce->getArg(0)) + "), (void (*)(void))(" +
                     emit(call->getCallee()) + "), \"" + sig + "\", " +
                     std::to_string(nfixed) + ", ";
  if (call->getNumArgs() == 0) {
    out = head + "0, 0)";
    return true;
  }
  std::string args = temp();
  out = "({ struct { " + fields + "} " + args + " = { " + inits + " }; " + head + "&" + args +
        ", sizeof " + args + "); })";
  return true;
}

bool Lowerer::emitIntrinsic(const CallExpr *ce, std::string &out) {
  const FunctionDecl *fd = ce->getDirectCallee();
  if (!fd || !fd->getIdentifier()) return false;
  StringRef n = fd->getName();
  if (!n.starts_with("__upcc_")) return false;
  if (n == "__upcc_barrier" || n == "__upcc_notify" || n == "__upcc_wait") {
    std::string f = "upcrt_" + n.substr(7).str();
    if (ce->getNumArgs() == 0) out = f + "(0, 0)";
    else out = f + "(1, (int)(" + emit(ce->getArg(0)) + "))";
    // checking mode: heap objects freed before the barrier are looked up again
    if (checking() && n != "__upcc_notify") out = "(" + out + ", upcrt_check_sync())";
    return true;
  }
  if (n == "__upcc_fence") {
    out = "upcrt_fence()";
    return true;
  }
  if (n == "__upcc_async") return emitAsync(ce, out);
  if (n == "__upcc_localsizeof" || n == "__upcc_blocksizeof" || n == "__upcc_elemsizeof") {
    if (ce->getNumArgs() != 1) return false;
    const ValueDecl *vd = nullptr;
    TypeLoc written;
    QualType t = sizeofOperand(ce, &vd, &written);
    std::vector<bool> dims = written.isNull() ? threadsDims(vd) : threadsDims(written);
    QualType elem = innermostElem(t);
    std::string es = sizeofText(elem);
    unsigned b = blockOf(t);
    if (n == "__upcc_blocksizeof") {
      out = "((size_t)" + std::to_string(b) + ")";
    } else if (n == "__upcc_elemsizeof") {
      out = es;
    } else if (!ctx.getAsArrayType(t)) {
      out = sizeofText(t);
    } else {
      // The largest per-thread share of the array (UPC 1.3, 6.5.1.1).
      std::string count = elemCount(t, dims);
      bool constant = count.find_first_not_of("0123456789") == std::string::npos;
      if (b == 0) {
        out = "((size_t)" + count + " * " + es + ")";
      } else if (constant && opts.staticThreads > 0) {
        unsigned long long c = std::stoull(count), T = opts.staticThreads;
        unsigned long long blocks = (c + b - 1) / b;
        out = "((size_t)" + std::to_string((blocks + T - 1) / T * b) + " * " + es + ")";
      } else {
        std::string bs = std::to_string(b);
        out = "(((((size_t)" + count + " + " + bs + " - 1) / " + bs +
              " + upcrt_threads - 1) / upcrt_threads) * " + bs + " * " + es + ")";
      }
    }
    return true;
  }
  return false;
}

bool Lowerer::emitSizeof(const UnaryExprOrTypeTraitExpr *e, std::string &out) {
  if (e->getKind() != UETT_SizeOf && e->getKind() != UETT_AlignOf &&
      e->getKind() != UETT_PreferredAlignOf)
    return false;
  QualType t = e->getTypeOfArgument();
  if (e->isArgumentType() && t->isVariablyModifiedType() && !needsLowering(t) &&
      validRange(e->getSourceRange())) {
    // sizeof(int[THREADS]) and friends: the type stays, its sizes are lowered.
    std::string s = text(e);
    unsigned b = offsetOf(e->getBeginLoc());
    std::vector<Expr *> sizes = vlaSizes(e->getArgumentTypeInfo());
    for (auto it = sizes.rbegin(); it != sizes.rend(); ++it) {
      unsigned sb = offsetOf((*it)->getBeginLoc()), se = endOffsetOf((*it)->getEndLoc());
      if (sb < b || se - b > s.size()) continue;
      s = s.substr(0, sb - b) + emit(*it) + s.substr(se - b);
    }
    out = s;
    return true;
  }
  std::vector<bool> dims;
  if (e->isArgumentType()) {
    dims = threadsDims(e->getArgumentTypeInfo()->getTypeLoc());
  } else {
    // sizeof A[i] of a THREADS-dimensioned array: the dimensions left after
    // the subscripts.
    const Expr *x = e->getArgumentExpr()->IgnoreParens();
    size_t depth = 0;
    while (auto *ase = dyn_cast<ArraySubscriptExpr>(x)) {
      auto *ice = dyn_cast<ImplicitCastExpr>(ase->getBase()->IgnoreParens());
      if (!ice || ice->getCastKind() != CK_ArrayToPointerDecay) break;
      x = ice->getSubExpr()->IgnoreParens();
      ++depth;
    }
    if (auto *dre = dyn_cast<DeclRefExpr>(x)) {
      dims = threadsDims(dre->getDecl());
      dims.erase(dims.begin(), dims.begin() + std::min(depth, dims.size()));
    }
  }
  bool exprChanged = !e->isArgumentType() &&
                     emit(e->getArgumentExpr()) != text(e->getArgumentExpr());
  if (!needsLowering(t) && !isSharedType(t) && !typeHasThreadsDim(t, dims) && !exprChanged)
    return false;
  if (e->getKind() == UETT_SizeOf) {
 if (typeHasThreadsDim(t, dims))
      out = "(" + elemCount(t, dims) + " * " + sizeofText(innermostElem(t)) + ")";
    else
      out = sizeofText(t);
  } else {
    out = "_Alignof(" + printLowered(t.getUnqualifiedType()) + ")";
  }
  return true;
}

} // namespace upc
