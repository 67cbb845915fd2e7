// ast_visitor.h — the translator's one instantiation of Clang's
// RecursiveASTVisitor.  Each instantiation of that template costs 8–13
// CPU-seconds at -O2, and the translator's 30 visitors were half the time to
// build it; a visitor derives from AstVisitor instead and overrides the
// virtual hooks it needs (Clang 20's DynamicRecursiveASTVisitor is the same
// idea).  A hook returning false ends the traversal, as in Clang.  To hook a
// node kind not listed, add it to a list below.
#pragma once

// Visit<Kind>: called for every node of the kind (and of its subclasses).
#define UPC_AST_VISITED(X)                                                                         \
  X(ArraySubscriptExpr) X(BinaryOperator) X(BreakStmt) X(CallExpr) X(CastExpr)                    \
  X(CompoundAssignOperator) X(ContinueStmt) X(CStyleCastExpr) X(DeclRefExpr)                      \
  X(ExplicitCastExpr) X(ForStmt) X(FunctionDecl) X(GCCAsmStmt) X(GotoStmt) X(ImplicitCastExpr)    \
  X(IndirectGotoStmt) X(LabelStmt) X(MemberExpr) X(OffsetOfExpr) X(RecoveryExpr) X(ReturnStmt)    \
  X(StaticAssertDecl) X(UnaryExprOrTypeTraitExpr) X(UnaryOperator) X(VarDecl)
// Traverse<Kind>: replaces the traversal of the node; the base class's
// Traverse<Kind> is Clang's (visits the node and its children).
#define UPC_AST_TRAVERSED(X)                                                                       \
  X(ArraySubscriptExpr) X(DoStmt) X(ForStmt) X(FunctionDecl) X(SwitchStmt) X(UnaryOperator)       \
  X(WhileStmt)

namespace clang {
class Decl;
class Stmt;
#define UPC_AST_DECLARE(K) class K;
UPC_AST_VISITED(UPC_AST_DECLARE)
UPC_AST_TRAVERSED(UPC_AST_DECLARE)
#undef UPC_AST_DECLARE
} // namespace clang

namespace upc {

class AstVisitor {
public:
  virtual ~AstVisitor() = default;
  bool TraverseStmt(clang::Stmt *s);
  bool TraverseDecl(clang::Decl *d);
#define UPC_AST_VISIT(K)                                                                           \
  virtual bool Visit##K(clang::K *) { return true; }
  UPC_AST_VISITED(UPC_AST_VISIT)
#undef UPC_AST_VISIT
#define UPC_AST_TRAVERSE(K) virtual bool Traverse##K(clang::K *n);
  UPC_AST_TRAVERSED(UPC_AST_TRAVERSE)
#undef UPC_AST_TRAVERSE
  // The Visit hooks of e's kind and its superclasses, without its children.
  bool WalkUpFromArraySubscriptExpr(clang::ArraySubscriptExpr *e);
};

} // namespace upc
