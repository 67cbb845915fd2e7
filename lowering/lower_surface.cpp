// lower_surface.cpp — upcc-lower-surface: runs the lowering alone on C that
// is already in surface form (what frontend/'s surface pass produces), for
// developing and testing lowering rules independently of the frontend.
// Usage: upcc-lower-surface [-T N] in.c   (prints the lowered C)
#include "lower.h"

#include <clang/Tooling/Tooling.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>

int main(int argc, char **argv) {
  int T = 0;
  const char *in = nullptr;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "-T" && i + 1 < argc) T = atoi(argv[++i]);
    else in = argv[i];
  }
  if (!in) {
    std::cerr << "usage: upcc-lower-surface [-T N] in.c\n";
    return 2;
  }
  std::string cmd = std::string(UPCC_CLANG) + " -E -x c -std=gnu11 -include upcc_prelude.h -I" +
                    UPCC_INCLUDE + (T ? " -D__UPCC_STATIC_THREADS=" + std::to_string(T) : "") +
                    " '" + in + "'";
  FILE *p = popen(cmd.c_str(), "r");
  std::string text;
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) text.append(buf, n);
  if (pclose(p) != 0) return 1;
  upc::FrontendResult fe;
  fe.surfaceText = text;
  fe.ast = clang::tooling::buildASTFromCodeWithArgs(text, {"-x", "c", "-std=gnu11"}, "input.c");
  if (!fe.ast || fe.ast->getDiagnostics().hasErrorOccurred()) return 1;
  upc::LowerOptions lo;
  lo.staticThreads = T;
  return upc::lowerTranslationUnit(fe, nullptr, lo, llvm::outs()) ? 0 : 1;
}
