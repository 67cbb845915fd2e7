// frontend.h — UPC source to a type-checked Clang AST: the surface pass over
// the preprocessed text, then Clang Sema through libTooling, then the UPC
// constraint checks.  Diagnostics speak UPC (`shared [4] int *`).
#pragma once
#include "upc_encoding.h"

#include <clang/Frontend/ASTUnit.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace upc {

// What the surface pass learned that the C text no longer says.
struct SurfaceInfo {
  // Default consistency from `#pragma upc strict|relaxed` (and the
  // <upc_strict.h>/<upc_relaxed.h> headers): each entry holds from its byte
  // offset in the surface-pass output to the next entry.  Empty: relaxed.
  struct PragmaRegion { unsigned offset; Consistency mode; };
  std::vector<PragmaRegion> pragmas;
  // Consistency in force at a byte offset of the surface-pass output.
  Consistency defaultAt(unsigned offset) const;
  // "file:line:col" of a location of the parsed text in the user's source
  // (the surface pass rewrites lines, so Clang's own columns drift).
  std::function<std::string(clang::SourceLocation)> userLocation;
};

struct FrontendOptions {
  std::string inputName;        // the user's file, for messages
  int staticThreads = 0;        // upcc -T N; 0 = dynamic THREADS
  std::vector<std::string> clangArgs; // extra -D/-I/-W seen by Sema
};

struct FrontendResult {
  std::unique_ptr<clang::ASTUnit> ast; // null when errors were reported
  SurfaceInfo info;
  std::string surfaceText;             // the C text Clang parsed
  // Wall-clock seconds (-ftime-report): the surface pass with the constants
  // it asks Clang about, and Sema with its fix rounds and UPC checks.
  double surfaceSeconds = 0, semaSeconds = 0;
};

// preprocessed: the output of the preprocessor with upcc's predefines and
// include/ on the path.  Errors go to stderr as located diagnostics.
FrontendResult runFrontend(const std::string &preprocessed, const FrontendOptions &opts);

// The user's spelling of a type whose address spaces encode UPC qualifiers.
std::string upcTypeSpelling(clang::QualType t, const clang::ASTContext &ctx);

// upcx_async(thread, fn, args...) reaches the AST as
// __upcc_async(thread, sizeof((fn)(args...), 0)): the call inside sizeof,
// which Clang type-checked, or null.
const clang::CallExpr *asyncInnerCall(const clang::CallExpr *marker);
// The signature characters (rts/async.h) of a type an invoked function
// takes or returns, or "" with *why saying what it is that another thread
// could not use ("a private pointer ('int *'), which ...").
std::string asyncTypeCode(clang::QualType t, const clang::ASTContext &ctx, std::string *why);

} // namespace upc
