// ast_visitor.cpp — AstVisitor's hooks on the one RecursiveASTVisitor
// instantiation (ast_visitor.h says why).
#include "ast_visitor.h"

#include <clang/AST/RecursiveASTVisitor.h>

using namespace clang;

namespace {
// Stateless (Clang's visitor has no members), so one is made per call.
struct Forward : RecursiveASTVisitor<Forward> {
  upc::AstVisitor &v;
  explicit Forward(upc::AstVisitor &v) : v(v) {}
#define UPC_AST_VISIT(K)                                                                           \
  bool Visit##K(K *n) { return v.Visit##K(n); }
  UPC_AST_VISITED(UPC_AST_VISIT)
#undef UPC_AST_VISIT
#define UPC_AST_TRAVERSE(K)                                                                        \
  bool Traverse##K(K *n) { return v.Traverse##K(n); }
  UPC_AST_TRAVERSED(UPC_AST_TRAVERSE)
#undef UPC_AST_TRAVERSE
};
} // namespace

namespace upc {

bool AstVisitor::TraverseStmt(Stmt *s) { return Forward(*this).TraverseStmt(s); }
bool AstVisitor::TraverseDecl(Decl *d) { return Forward(*this).TraverseDecl(d); }
bool AstVisitor::WalkUpFromArraySubscriptExpr(ArraySubscriptExpr *e) {
  return Forward(*this).WalkUpFromArraySubscriptExpr(e);
}
#define UPC_AST_TRAVERSE(K)                                                                        \
  bool AstVisitor::Traverse##K(K *n) { return Forward(*this).RecursiveASTVisitor::Traverse##K(n); }
UPC_AST_TRAVERSED(UPC_AST_TRAVERSE)
#undef UPC_AST_TRAVERSE

} // namespace upc
