// optcheck.cpp — runs the optimizer passes on surface-form C (what the UPC
// surface pass produces) and prints the -Rupc remarks: the analysis tests of
// suite `opt` need neither the frontend nor the lowering.
//   optcheck [-fupc-opts=none] [-fno-upc-NAME]... [-T N] file.c
//   (-fno-upc-forall-opt, -fno-upc-privatize, -fno-upc-remote-update, ...)
#include "plan.h"

#include <clang/Frontend/ASTUnit.h>
#include <clang/Tooling/Tooling.h>

#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

int main(int argc, char **argv) {
  upc::OptimizerOptions o;
  o.remarks = true;
  const char *file = nullptr;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-fupc-opts=none")) o.allOff = true;
    else if (!strncmp(argv[i], "-fno-upc-", 9)) o.passes["upc-" + std::string(argv[i] + 9)] = false;
    else if (!strcmp(argv[i], "-T") && i + 1 < argc) o.staticThreads = atoi(argv[++i]);
    else file = argv[i];
  }
  if (!file) {
    std::cerr << "usage: optcheck [options] file.c\n";
    return 2;
  }
  std::ifstream in(file);
  if (!in) {
    std::cerr << "optcheck: cannot read " << file << "\n";
    return 2;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  std::string code = "int __upcc_forall_affinity();\n";
  if (o.staticThreads)
    code += "#define THREADS " + std::to_string(o.staticThreads) + "\nextern const int MYTHREAD; ";
  else
    code += "extern const int THREADS, MYTHREAD; ";
  code += "enum { __upcc_THREADS_DIM = 1 }; typedef struct upcrt_pts { unsigned long offset; "
          "unsigned thread, phase; } upcrt_pts_t;\n# 1 \"" + std::string(file) + "\"\n" + ss.str();
  auto ast = clang::tooling::buildASTFromCodeWithArgs(code, {"-std=gnu11", "-w"}, "input.c");
  if (!ast || ast->getDiagnostics().hasErrorOccurred()) {
    std::cerr << "optcheck: the input does not compile\n";
    return 1;
  }
  upc::runOptimizer(ast->getASTContext(), nullptr, o, llvm::outs());
  return 0;
}
