// access.cpp — reads and writes of shared lvalues: the address of a shared
// lvalue (variables, subscripts of (multi-dimensional, THREADS-scaled)
// arrays, *p, struct members through . and ->), scalar get/put, aggregate
// get/put, assignment, compound assignment and ++/-- (read-modify-write with
// the address evaluated once), strict forms by qualifier or pragma.
#include "lowerer.h"

using namespace clang;

namespace upc {

static std::string plus(const std::string &a, const std::string &b) {
  return a.empty() ? b : a + " + " + b;
}

SharedAddr Lowerer::addrOf(const Expr *lv) {
  const Expr *e = lv->IgnoreParens();
  SharedAddr a;
  if (auto *dre = dyn_cast<DeclRefExpr>(e)) {
    auto *vd = dyn_cast<VarDecl>(dre->getDecl());
    if (!vd) {
      error(e->getBeginLoc(), "cannot lower this shared lvalue");
      return a;
    }
    a.base = "upcrt_static_pts(&" + descriptorName(vd) + ")";
    a.rootDesc = descriptorName(vd);
    a.dims = threadsDims(vd);
    a.block = blockOf(vd->getType());
    a.elemSize = sizeofText(innermostElem(vd->getType()));
    return a;
  }
  if (auto *uo = dyn_cast<UnaryOperator>(e)) {
    if (uo->getOpcode() == UO_Deref) {
      QualType pointee = uo->getSubExpr()->getType()->getPointeeType();
      a.base = a.ptr = emit(uo->getSubExpr());
      // *(p + n) with p a variable: checked as derived from p.
      if (auto *bo = dyn_cast<BinaryOperator>(uo->getSubExpr()->IgnoreParens()))
        if ((bo->getOpcode() == BO_Add || bo->getOpcode() == BO_Sub) &&
            isPts(bo->getLHS()->getType()) &&
            isa<DeclRefExpr>(bo->getLHS()->IgnoreParenImpCasts())) {
          a.ptr = emit(bo->getLHS());
          a.ptrApart = true;
        }
      a.block = blockOf(pointee);
      a.elemSize = sizeofText(innermostElem(pointee));
      return a;
    }
  }
  if (auto *ase = dyn_cast<ArraySubscriptExpr>(e)) {
    const Expr *base = ase->getBase(), *idx = ase->getIdx();
    QualType elemT = ase->getType();
    std::string ix = "(" + emit(idx) + ")";
    const Expr *b = base->IgnoreParens();
    if (auto *ice = dyn_cast<ImplicitCastExpr>(b)) {
      if (ice->getCastKind() == CK_ArrayToPointerDecay && isSharedLValue(ice->getSubExpr())) {
        a = addrOf(ice->getSubExpr());
        if (a.inElement) {
          // An array inside one struct element: plain byte arithmetic.
          a.bytes = plus(a.bytes, ix + " * " + sizeofText(elemT));
        } else {
          // One linear index over all dimensions of the shared array.
          std::string n = elemCount(elemT, a.dims, a.depth + 1);
          a.depth++;
          a.linear = plus(a.linear, n == "1" ? ix : ix + " * " + n);
          if (!a.rootDesc.empty()) a.subs.push_back({ix, n});
        }
        return a;
      }
    }
    QualType pointee = base->getType()->getPointeeType();
    a.base = a.ptr = emit(base);
    a.block = blockOf(pointee);
    a.elemSize = sizeofText(innermostElem(pointee));
    std::string n = elemCount(pointee);
    a.linear = n == "1" ? ix : ix + " * " + n;
    return a;
  }
  if (auto *me = dyn_cast<MemberExpr>(e)) {
    auto *fd = dyn_cast<FieldDecl>(me->getMemberDecl());
    if (!fd) {
      error(me->getMemberLoc(), "cannot lower this member of a shared struct");
      return a;
    }
    if (fd->isBitField()) {
      error(me->getMemberLoc(), "bit-field '" + fd->getNameAsString() +
                                    "' of a shared struct cannot be accessed");
      return a;
    }
    // Members of anonymous struct/union members: offsetof names them directly.
    // baseExpr keeps the implicit casts: emitting `p` of `p->m` must read p
    // (an lvalue-to-rvalue conversion) when p is itself a shared object.
    const Expr *baseExpr = me->getBase();
    const Expr *base = baseExpr->IgnoreParenImpCasts();
    std::string designator = fd->getNameAsString();
    bool arrow = me->isArrow();
    // s.a.b: one offsetof with the designator a.b (the inner struct type may
    // have no name); members of anonymous struct/union members are named
    // directly.
    while (auto *inner = dyn_cast<MemberExpr>(base)) {
      auto *ifd = dyn_cast<FieldDecl>(inner->getMemberDecl());
      if (!ifd || arrow || ifd->isBitField()) break;
      if (!ifd->isAnonymousStructOrUnion()) designator = ifd->getNameAsString() + "." + designator;
      arrow = inner->isArrow();
      baseExpr = inner->getBase();
      base = baseExpr->IgnoreParenImpCasts();
    }
    QualType recT = arrow ? base->getType()->getPointeeType() : base->getType();
    std::string rec = printLowered(recT.getUnqualifiedType());
    if (rec.find("(unnamed") != std::string::npos || rec.find("(anonymous") != std::string::npos ||
        rec.find("(unnamed") != std::string::npos) {
      error(me->getBeginLoc(), "a member of a shared struct without a tag or "
                               "typedef name cannot be accessed; name the struct type");
      return a;
    }
    std::string off = "__builtin_offsetof(" + rec + ", " + designator + ")";
    if (arrow) {
      a.base = a.ptr = emit(baseExpr);
      a.block = blockOf(recT);
      a.elemSize = sizeofText(recT);
    } else {
      a = addrOf(base);
    }
    a.bytes = plus(a.bytes, off);
    a.inElement = true;
    return a;
  }
  error(e->getBeginLoc(), "cannot lower this shared lvalue");
  return a;
}

std::string Lowerer::materialize(const SharedAddr &a) {
  std::string s = a.base;
  if (!a.linear.empty())
    s = "upcrt_pts_add(" + s + ", " + a.linear + ", " + std::to_string(a.block) + ", " +
        a.elemSize + ")";
  if (!a.bytes.empty()) s = "upcrt_pts_addbytes(" + s + ", " + a.bytes + ")";
  return s;
}

std::string Lowerer::accessAddr(const Expr *lv, Access kind) {
  SharedAddr a = addrOf(lv);
  if (!checking()) return materialize(a);
  std::string k = std::to_string((int)kind);
  if (a.ptrApart)
    return "upcrt_check_ptr(" + a.ptr + ", " + materialize(a) + ", " + sizeofText(lv->getType()) +
           ", " + k + ", &" + checkSite(lv) + ")";
  if (!a.ptr.empty()) {
    // Through a pointer-to-shared: the pointer must point into a live
    // object, and the accessed bytes into the same one.
    std::string p = temp();
    SharedAddr b = a;
    b.base = p;
    return "({ upcrt_pts_t " + p + " = " + a.ptr + "; upcrt_check_ptr(" + p + ", " +
           materialize(b) + ", " + sizeofText(lv->getType()) + ", " + k + ", &" +
           checkSite(lv) + "); })";
  }
  if (a.rootDesc.empty() || a.subs.empty()) return materialize(a); // a scalar object
  // Subscripts of a named array: the folded index against its size.
  std::string decls, lin, list;
  for (auto &s : a.subs) {
    std::string t = temp();
    decls += "long long " + t + " = " + s.first + "; ";
    lin = plus(lin, s.second == "1" ? t : t + " * " + s.second);
    list += (list.empty() ? "" : ", ") + t;
  }
  SharedAddr b = a;
  b.linear = lin;
  return "({ " + decls + "upcrt_check_index(&" + a.rootDesc + ", " + lin + ", &" +
         checkSite(lv) + ", " + k + ", " + std::to_string(a.subs.size()) +
         ", (const long long[]){" + list + "}); " + materialize(b) + "; })";
}

std::string Lowerer::checkSite(const Expr *e, const Expr *shown) {
  auto esc = [](const std::string &s) {
    std::string o;
    for (char c : s) {
      if (c == '\n' || c == '\t' || c == '\r') c = ' ';
      if (c == ' ' && !o.empty() && o.back() == ' ') continue;
      if (c == '"' || c == '\\') o += '\\';
      o += c;
    }
    return o;
  };
  std::string name = "__upcc_site" + std::to_string(++siteCounter);
  PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(e->getBeginLoc()));
  std::string t = text(shown ? shown : e);
  if (t.size() > 80) t = t.substr(0, 77) + "...";
  if (t.empty()) t = "?";
  std::string file = p.isValid() ? p.getFilename() : "?";
  std::string line = std::to_string(p.isValid() ? p.getLine() : 0);
  std::string col = std::to_string(p.isValid() ? p.getColumn() : 0);
  if (fe.info.userLocation) {
    // The column in the user's line (the surface pass rewrites lines).
    std::string u = fe.info.userLocation(e->getBeginLoc());
    size_t c2 = u.rfind(':'), c1 = c2 == std::string::npos || c2 == 0 ? std::string::npos
                                                                       : u.rfind(':', c2 - 1);
    if (c1 != std::string::npos) {
      file = u.substr(0, c1);
      line = u.substr(c1 + 1, c2 - c1 - 1);
      col = u.substr(c2 + 1);
    }
  }
  hoisted += "static upcrt_check_site_t " + name + " = { \"" + esc(file) + "\", " + line +
             ", " + col + ", \"" + esc(t) + "\", 0, 0 }; ";
  return name;
}

std::string Lowerer::readText(const Expr *lv, const std::string &pts) {
  QualType t = lv->getType();
  bool strict = isStrictAt(t, lv->getBeginLoc());
  std::string suf = accessorSuffix(t);
  std::string lt = printLowered(t.getUnqualifiedType());
  if (!suf.empty()) {
    std::string call = std::string("upcrt_") + (strict ? "sget_" : "get_") + suf + "(" + pts + ")";
    if (suf == "ptr") return "((" + lt + ")" + call + ")";
    return call;
  }
  std::string v = temp();
  return "({ " + lt + " " + v + "; upcrt_" + (strict ? "sget" : "get") + "(&" + v + ", " +
         pts + ", sizeof " + v + "); " + v + "; })";
}

std::string Lowerer::writeText(const Expr *lv, const std::string &pts, const std::string &val) {
  QualType t = lv->getType();
  bool strict = isStrictAt(t, lv->getBeginLoc());
  std::string suf = accessorSuffix(t);
  if (!suf.empty()) {
    std::string v = val;
    if (t->isBooleanType()) v = "(_Bool)(" + val + ")";
    return std::string("upcrt_") + (strict ? "sput_" : "put_") + suf + "(" + pts + ", " + v + ")";
  }
  std::string lt = printLowered(t.getUnqualifiedType());
  std::string tmp = temp();
  return "({ " + lt + " " + tmp + " = " + val + "; upcrt_" + (strict ? "sput" : "put") + "(" +
         pts + ", &" + tmp + ", sizeof " + tmp + "); })";
}

std::string Lowerer::emitRead(const Expr *lv) { return readText(lv, accessAddr(lv, Access::Read)); }

std::string Lowerer::emitAssign(const BinaryOperator *bo, bool used) {
  const Expr *lhs = bo->getLHS();
  std::string pts = accessAddr(lhs, Access::Write);
  std::string val = emit(bo->getRHS());
  if (!used) return writeText(lhs, pts, val);
  std::string lt = printLowered(lhs->getType().getUnqualifiedType());
  std::string v = temp();
  return "({ " + lt + " " + v + " = " + val + "; " + writeText(lhs, pts, v) + "; " + v + "; })";
}

std::string Lowerer::emitCompound(const CompoundAssignOperator *bo, bool used) {
  const Expr *lhs = bo->getLHS();
  QualType t = lhs->getType();
  std::string lt = printLowered(t.getUnqualifiedType());
  std::string p = temp(), v = temp();
  std::string cur = readText(lhs, p);
  std::string rhs = emit(bo->getRHS());
  BinaryOperatorKind op = BinaryOperator::getOpForCompoundAssignment(bo->getOpcode());
  std::string nv;
  if (isPts(t)) {
    std::string n = op == BO_Sub ? "-(ptrdiff_t)(" + rhs + ")" : "(" + rhs + ")";
    nv = ptsAdd(cur, n, t);
  } else {
    nv = cur + " " + BinaryOperator::getOpcodeStr(op).str() + " (" + rhs + ")";
  }
  return "({ upcrt_pts_t " + p + " = " + accessAddr(lhs, Access::Update) + "; " + lt + " " + v +
         " = " + nv + "; " + writeText(lhs, p, v) + ";" + (used ? " " + v + ";" : "") + " })";
}

std::string Lowerer::emitIncDec(const UnaryOperator *uo, bool used) {
  const Expr *lv = uo->getSubExpr();
  QualType t = lv->getType();
  std::string lt = printLowered(t.getUnqualifiedType());
  std::string p = temp(), o = temp();
  bool inc = uo->isIncrementOp();
  std::string nv = isPts(t) ? ptsAdd(o, inc ? "1" : "-1", t) : o + (inc ? " + 1" : " - 1");
  std::string s = "({ upcrt_pts_t " + p + " = " + accessAddr(lv, Access::Update) + "; " + lt + " " + o +
                  " = " + readText(lv, p) + "; ";
  if (uo->isPostfix() || !used) {
    s += writeText(lv, p, nv) + ";";
    if (used) s += " " + o + ";";
  } else {
    std::string n = temp();
    s += lt + " " + n + " = " + nv + "; " + writeText(lv, p, n) + "; " + n + ";";
  }
  return s + " })";
}

// Checking mode: the pointer-to-shared arguments of bulk copies are checked
// over the bytes they cover; allocation and free calls tell the runtime
// where they are (for messages naming the allocation site, and the warning
// for a lock freed while held); lock acquisitions
// drop the checks' cached heap objects.
bool Lowerer::emitCheckedCall(const CallExpr *ce, std::string &out) {
  const FunctionDecl *fd = ce->getDirectCallee();
  if (!fd || !fd->getIdentifier()) return false;
  StringRef n = fd->getName();
  if (n == "upc_alloc" || n == "upc_global_alloc" || n == "upc_all_alloc" ||
      n == "upc_local_alloc" || n == "upc_free" || n == "upc_all_free" ||
      n == "upc_lock_free" || n == "upc_all_lock_free") {
    out = "(upcrt_check_at(&" + checkSite(ce) + "), " + splice(ce) + ")";
    return true;
  }
  // After a lock acquisition, heap objects freed before it are looked up again.
  if (n == "upc_lock") {
    out = "(" + splice(ce) + ", upcrt_check_sync())";
    return true;
  }
  if (n == "upc_lock_attempt") {
    std::string r = temp();
    out = "({ int " + r + " = " + splice(ce) + "; upcrt_check_sync(); " + r + "; })";
    return true;
  }
  // Which arguments are checked, with which kind; the size is the last.
  std::vector<std::pair<unsigned, const char *>> checked;
  if (n == "upc_memget") checked = {{1, "UPCRT_CHECK_MEMGET"}};
  else if (n == "upc_memput") checked = {{0, "UPCRT_CHECK_MEMPUT"}};
  else if (n == "upc_memcpy") checked = {{0, "UPCRT_CHECK_MEMCPY_DST"}, {1, "UPCRT_CHECK_MEMCPY_SRC"}};
  else if (n == "upc_memset") checked = {{0, "UPCRT_CHECK_MEMSET"}};
  else return false;
  if (ce->getNumArgs() != 3) return false;
  std::string args[3], decls;
  for (unsigned i = 0; i < 3; i++) {
    args[i] = temp();
    decls += "__auto_type " + args[i] + " = " + emit(ce->getArg(i)) + "; ";
  }
  for (auto &c : checked)
    decls += std::string("upcrt_check_range(") + args[c.first] + ", " + args[2] + ", " + c.second +
            ", &" + checkSite(ce->getArg(c.first), ce->getArg(c.first)->IgnoreParenCasts()) +
            "); ";
  out = "({ " + decls + n.str() + "(" + args[0] + ", " + args[1] + ", " + args[2] + "); })";
  return true;
}

} // namespace upc
