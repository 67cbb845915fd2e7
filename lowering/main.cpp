// main.cpp — the program entry: the user's main is renamed and the emitted
// main() hands it to upcrt_start with the compile-time configuration
// (static THREADS, default shared heap).
#include "lowerer.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

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
  s += gdbScriptEntry();
  return s;
}

// gdb loads the pretty-printers and `upc` commands of tools/gdb for the
// program, as it loads libstdc++'s for its containers: an entry in the
// program's .debug_gdb_scripts section naming the script, which lies next to
// the <upcrt.h> this unit includes — tools/gdb of the source tree, or
// $datadir/upcc/gdb of the installed tree.  None when it is not there.
std::string Lowerer::gdbScriptEntry() {
  const TypedefNameDecl *td = ptsTypedef->getAs<TypedefType>()->getDecl();
  PresumedLoc pl = sm.getPresumedLoc(td->getLocation());
  if (pl.isInvalid()) return "";
  StringRef include = llvm::sys::path::parent_path(pl.getFilename());
  std::vector<std::string> candidates = {(include + "/../tools/gdb").str()};
  StringRef installedInclude = "/" UPCC_INCLUDEDIR_REL "/upcc";
  if (include.ends_with(installedInclude))
    candidates.push_back(
        (include.drop_back(installedInclude.size()) + "/" UPCC_DATADIR_REL "/upcc/gdb").str());
  candidates.push_back(UPCC_INSTALL_DATADIR "/upcc/gdb");
  for (const std::string &dir : candidates) {
    llvm::SmallString<256> script;
    if (llvm::sys::fs::real_path(dir + "/upcc_printers.py", script)) continue;
    if (script.str().find_first_of("\"\\\n") != StringRef::npos) return "";
    return "__asm__(\".pushsection .debug_gdb_scripts, \\\"MS\\\", @progbits, 1\\n"
           ".byte 1\\n.asciz \\\"" + script.str().str() + "\\\"\\n.popsection\");\n";
  }
  return "";
}

} // namespace upc
