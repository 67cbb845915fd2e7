// main.cpp — the program entry: the user's main is renamed and the emitted
// main() hands it to upcrt_start with the compile-time configuration
// (static THREADS, default shared heap).
#include "lowerer.h"

using namespace clang;

namespace upc {

void Lowerer::lowerMainName(FunctionDecl *fd) {
  replace(fd->getLocation(), userMainName());
  if (!userMain || fd->doesThisDeclarationHaveABody()) userMain = fd;
  if (fd->doesThisDeclarationHaveABody() && fd->getReturnType()->isIntegerType())
    if (auto *body = dyn_cast<CompoundStmt>(fd->getBody()))
      // Reaching the end of main returns 0 (C11 5.1.2.2.3); the renamed
      // function would not.
      insert(offsetOf(body->getRBracLoc()), " return 0; ");
}

std::string Lowerer::mainWrapper() {
  const FunctionDecl *m = userMain;
  unsigned np = m->getNumParams();
  // As many arguments as the user's main has parameters, prototyped or not
  // (`int main()` takes none), each converted to the parameter's own type
  // (`const char **argv`): the backend's warnings about this call would name
  // the renamed function, which the user never wrote.
  static const char *const args[] = {"argc", "argv", "environ"};
  std::string call = userMainName() + "(";
  for (unsigned k = 0; k < np && k < 3; k++) {
    if (k) call += ", ";
    call += "(" + printLowered(m->getParamDecl(k)->getType().getUnqualifiedType()) + ")" + args[k];
  }
  call += ")";
  std::string s = "# 1 \"<upcc main>\"\n";
  if (np >= 3) s += "extern char **environ;\n";
  s += "static int __upcc_main(int argc, char **argv) {\n  (void)argc; (void)argv;\n";
  s += "  int stores = 0;\n"
       "  for (struct __upcc_init *i = __upcc_inits; i; i = i->next) { i->fn(); stores |= i->shared_stores; }\n"
       "  if (stores) upcrt_barrier(0, 0);\n";
  if (m->getReturnType()->isVoidType()) s += "  " + call + ";\n  return 0;\n";
  else s += "  return " + call + ";\n";
  s += "}\n";
  s += "int main(int argc, char **argv) {\n";
  s += "  static const upcrt_config_t config = { " + std::to_string(opts.staticThreads) + ", " +
       std::to_string(opts.defaultHeapSize) + "u };\n";
  s += "  upcrt_start(argc, argv, __upcc_main, &config);\n}\n";
  return s;
}

} // namespace upc
