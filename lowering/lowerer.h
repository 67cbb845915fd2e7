// lowerer.h — the lowering's shared state and the entry points of its rule
// families (one .cpp per family); lower.cpp drives the walk over the AST.
#pragma once
#include "lower.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Stmt.h>
#include <clang/Basic/SourceManager.h>

#include <map>
#include <set>
#include <string>
#include <vector>

namespace upc {

struct RemoteUpdate;
struct SharedObject;
struct VersionedLoop;
struct ForallPlan;
struct PrivatizedAccess;
struct CoalescedLoop;
struct CoalescedRead;

// The address of a shared lvalue while it is being built: `base`, advanced by
// `linear` elements with the UPC layout (upcrt_pts_add), then by `bytes`
// within one element (upcrt_pts_addbytes).  Keeping the pieces apart lets a
// chain of subscripts of a multi-dimensional array become one upcrt_pts_add.
struct SharedAddr {
  std::string base;     // a upcrt_pts_t-valued C expression
  std::string linear;   // elements to add with the layout ("" = none)
  std::string bytes;    // bytes to add inside the element ("" = none)
  unsigned block = 1;   // layout block size (0 = indefinite)
  std::string elemSize; // sizeof text of one layout element
  bool inElement = false; // inside one element: subscripts add bytes
  std::vector<bool> dims;  // THREADS dimensions of the root array object
  unsigned depth = 0;      // array dimensions already subscripted
  // For checking mode (upcc -fupc-check): the named static object at the
  // root and its subscripts (index text, multiplier), or the pointer-to-
  // shared expression the lvalue was reached through.
  std::string rootDesc;
  std::vector<std::pair<std::string, std::string>> subs;
  std::string ptr;
  bool ptrApart = false; // ptr is a variable the base was computed from
};

enum class Access { Read = 0, Write = 1, Update = 2 };

class Lowerer {
public:
  Lowerer(FrontendResult &fe, const OptimizerPlan *plan, const LowerOptions &opts);
  bool run(llvm::raw_ostream &out);

  clang::ASTContext &ctx;
  clang::SourceManager &sm;
  FrontendResult &fe;
  const OptimizerPlan *plan;
  LowerOptions opts;
  bool failed = false;

  // ---- lower.cpp: text, edits, walk, generic emission ----
  unsigned offsetOf(clang::SourceLocation l) const;
  unsigned endOffsetOf(clang::SourceLocation l) const; // just past the token
  std::string text(clang::SourceRange r) const;        // original source text
  std::string text(const clang::Stmt *s) const { return text(s->getSourceRange()); }
  bool validRange(clang::SourceRange r) const;
  void replace(unsigned b, unsigned e, std::string t);
  void replace(clang::SourceRange r, std::string t);
  void insert(unsigned at, std::string t);
  void error(clang::SourceLocation l, const std::string &msg);
  std::string temp(); // a fresh identifier for a temporary

  std::string emit(const clang::Expr *e, bool used = true);
  std::string splice(const clang::Stmt *s);
  std::string emitStmtText(const clang::Stmt *s);
  std::string emitCondition(const clang::Expr *e); // truth value of a scalar
  void lowerExprInPlace(clang::Expr *e, bool used);
  void lowerCondInPlace(clang::Expr *e);
  void walkStmt(clang::Stmt *s);
  void walkFunction(clang::FunctionDecl *fd);
  void walkTopLevel();
  void lowerConstantSizeofs();

  // ---- types.cpp: types and layouts ----
  bool isSharedType(clang::QualType t) const;  // object of shared type (any array depth)
  bool isPts(clang::QualType t) const;         // pointer-to-shared
  bool isSharedLValue(const clang::Expr *e) const;
  unsigned blockOf(clang::QualType sharedT) const;
  Consistency consistencyOf(clang::QualType sharedT) const;
  clang::QualType lowerType(clang::QualType t);
  bool needsLowering(clang::QualType t) { return lowerType(t) != t; }
  std::string printType(clang::QualType t, const std::string &name = "");
  std::string printLowered(clang::QualType t, const std::string &name = "") {
    return printType(lowerType(t), name);
  }
  clang::QualType innermostElem(clang::QualType t) const; // strips arrays
  std::string sizeofText(clang::QualType t);               // sizeof(lowered t)
  bool dimHasThreads(const clang::ConstantArrayType *cat) const;
  std::vector<bool> threadsDims(const clang::ValueDecl *vd) const;
  std::vector<bool> threadsDims(clang::TypeLoc tl) const;
  bool typeHasThreadsDim(clang::QualType t, const std::vector<bool> &dims = {}) const;
  // innermost elements in t (text); dims[from..] mark THREADS dimensions
  std::string elemCount(clang::QualType t, const std::vector<bool> &dims = {},
                        unsigned from = 0);
  std::string accessorSuffix(clang::QualType t) const; // i32, pts, ... or ""
  std::string upcSpelling(clang::QualType t);
  bool isStrictAt(clang::QualType sharedT, clang::SourceLocation l) const;
  clang::QualType ptsTypedef;
  // A pointer-to-shared type as the C declares it: a typedef of upcrt_pts_t
  // whose name spells the UPC type for debuggers (tools/gdb), or upcrt_pts_t.
  clang::QualType ptsTypeFor(clang::QualType ptrT);
  std::map<std::string, clang::QualType> ptsNames; // name → its typedef type
  std::string ptsTypedefDecls() const;             // the typedefs, one line
  std::string gdbScriptEntry();                    // .debug_gdb_scripts entry or ""

  // ---- access.cpp: shared lvalues ----
  SharedAddr addrOf(const clang::Expr *lv);
  std::string materialize(const SharedAddr &a);
  // The address of lv for an access: checked in checking mode.
  std::string accessAddr(const clang::Expr *lv, Access kind);
  // A static upcrt_check_site_t for e (hoisted before the function); its name.
  // shown: the expression whose text the messages show (default e).
  std::string checkSite(const clang::Expr *e, const clang::Expr *shown = nullptr);
  bool checking() const { return opts.check && curFunction; }
  bool emitCheckedCall(const clang::CallExpr *ce, std::string &out);
  std::string emitRead(const clang::Expr *lv);
  std::string emitAssign(const clang::BinaryOperator *bo, bool used);
  std::string emitCompound(const clang::CompoundAssignOperator *bo, bool used);
  std::string emitIncDec(const clang::UnaryOperator *uo, bool used);
  std::string readText(const clang::Expr *lv, const std::string &pts);
  std::string writeText(const clang::Expr *lv, const std::string &pts,
                        const std::string &val);

  // ---- pointers.cpp: pointer-to-shared values ----
  std::string ptsAdd(const std::string &p, const std::string &n, clang::QualType ptrT);
  std::string emitPtsBinary(const clang::BinaryOperator *bo);
  std::string emitPtsCompound(const clang::CompoundAssignOperator *bo, bool used);
  std::string emitPtsIncDec(const clang::UnaryOperator *uo, bool used);
  std::string emitCast(const clang::CastExpr *ce, bool &handled);
  std::string emitAddrOf(const clang::UnaryOperator *uo);

  // ---- forall.cpp ----
  bool isForall(const clang::ForStmt *fs, const clang::Expr **aff) const;
  void lowerForall(clang::ForStmt *fs, const clang::Expr *aff);
  std::vector<std::string> forallSaves; // save variables of enclosing foralls
  bool usesForall = false;
  void lowerReturn(clang::ReturnStmt *rs);

  // ---- sync.cpp: barriers, fence, upc_*sizeof, THREADS/MYTHREAD ----
  bool emitIntrinsic(const clang::CallExpr *ce, std::string &out);
  bool emitAsync(const clang::CallExpr *ce, std::string &out);
  bool emitSizeof(const clang::UnaryExprOrTypeTraitExpr *e, std::string &out);
  std::string threadsRef(const clang::DeclRefExpr *dre) const; // "" if neither

  // ---- decls.cpp: declarations ----
  void lowerDeclGroup(const std::vector<clang::Decl *> &group, bool local,
                      bool inForInit);
  void lowerFunctionSignature(clang::FunctionDecl *fd);
  void lowerRecord(clang::RecordDecl *rd);
  std::string descriptorName(const clang::VarDecl *vd);
  bool runtimeInit(const clang::VarDecl *vd);
  std::vector<clang::Expr *> vlaSizes(clang::TypeSourceInfo *ts);
  std::map<const clang::RecordDecl *, std::string> anonNames; // named by the lowering
  void nameAnonymousRecords();
  void lowerVarInit(clang::VarDecl *vd);
  std::string declTail; // statements lowerVarInit puts after the declaration's ';'
  std::string dynInits;        // run-time initialisers, run before main
  bool dynInitShared = false;  // some of them store to shared objects
  std::string sharedObjectDecl(clang::VarDecl *vd, unsigned &end, std::string &after);
  void sharedDynInit(clang::VarDecl *vd, const std::string &desc);
  std::map<const clang::VarDecl *, std::string> descNames;
  std::string hoisted; // descriptors of static shared locals of the current function
  const clang::FunctionDecl *curFunction = nullptr;

  // ---- optimized.cpp: the forms the optimizer chose (optimizer/plan.h) ----
  std::string affinityTest(const clang::Expr *aff); // forall.cpp
  bool lowerOptimizedForall(clang::ForStmt *fs, const clang::Expr *aff);
  bool lowerSegmentedForall(clang::ForStmt *fs, const clang::Expr *aff, const ForallPlan &fp);
  std::set<const clang::ForStmt *> naiveForalls; // lowered without the plan
  std::map<const clang::Expr *, std::string> segmentText; // i / D, i % D in a segment's copy
  bool lowerVersionedLoop(clang::ForStmt *fs);
  std::set<const clang::ForStmt *> versioning; // being lowered as two copies
  bool emitOptimized(const clang::Expr *e, bool used, std::string &out);
  bool privatizedRoot(const clang::Expr *e) const;
  std::string emitRemoteUpdate(const RemoteUpdate &ru);
  std::string privateBase(const SharedObject &o);
  std::string objectStart(const SharedObject &o);
  std::string walkToText(clang::Stmt *s);
  unsigned optStmtEnd(const clang::Stmt *s) const;
  std::vector<const clang::ForStmt *> activePriv; // loops whose body is privatized
  std::vector<const clang::ForStmt *> activeRows; // ... in the copy for rows on this node
  bool plainHere(const PrivatizedAccess *pa) const;
  std::string versionSetup(const VersionedLoop &vl, std::string &test);
  std::string rowsSetup(const VersionedLoop &vl, std::string &test);
  bool optHelpersEmitted = false;

  // ---- coalesced.cpp: loops whose reads upc-coalesce gathers ----
  bool lowerCoalescedLoop(clang::ForStmt *fs);
  std::set<const clang::ForStmt *> coalescing;         // their original copy being lowered
  std::vector<const clang::ForStmt *> activeCoalesced; // loops whose reads come from the schedule
  bool coalescedHere(const clang::Expr *e) const;      // e is such a read, here
  std::string emitCoalescedRead(const clang::Expr *e);
  std::string coalesceInspector(const CoalescedLoop &cl, int node, int foralls, bool listing);
  std::string loopInitText(const clang::ForStmt *fs);
  std::string indexText(const CoalescedRead &r);
  std::string cursorName(const CoalescedLoop &cl, size_t k);
  std::string extentText(const CoalescedRead &r);
  std::string forallFilter(const clang::ForStmt *fs, int foralls);

  // ---- main.cpp ----
  const clang::FunctionDecl *userMain = nullptr;
  void lowerMainName(clang::FunctionDecl *fd);
  std::string mainWrapper();
  std::string userMainName() const { return "__upcc_user_main"; }

private:
  struct Edit { unsigned b, e; std::string t; unsigned seq; };
  std::vector<Edit> edits;
  unsigned tempCounter = 0;
  unsigned siteCounter = 0;
};

} // namespace upc
