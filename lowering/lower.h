// lower.h — from the type-checked AST of a UPC translation unit to C that
// calls the runtime API (include/upcrt.h), with #line back to the .upc file.
#pragma once
#include "../frontend/frontend.h"

#include <llvm/Support/raw_ostream.h>

namespace upc {

struct OptimizerPlan; // optimizer/: what the passes decided (null = naive)

struct LowerOptions {
  int staticThreads = 0;     // THREADS fixed at compile time, 0 = dynamic
  size_t defaultHeapSize = 0; // upcc -shared-heap, baked into main
  bool check = false;         // upcc -fupc-check: checked shared accesses
  // upcc -g: pointers-to-shared declared with typedefs of upcrt_pts_t that
  // name their UPC types, for debuggers (types.cpp, ptsTypeFor)
  bool debugTypeNames = false;
};

// Writes the lowered translation unit to out; false (with diagnostics on
// stderr) if something could not be lowered.
bool lowerTranslationUnit(FrontendResult &fe, const OptimizerPlan *plan,
                          const LowerOptions &opts, llvm::raw_ostream &out);

} // namespace upc
