// upcc.cpp — the UPC compiler driver: Berkeley-style flags; per source
// preprocess (clang -E + prelude) → UPC frontend → lowering → X.trans.c →
// backend C compiler; then link with libupcrt.a and MPI.
#include "frontend.h"
#include "lower.h"
#include "pass.h"

#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendActions.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/Frontend/Utils.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Support/thread.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fcntl.h>
#include <fstream>
#include <iostream>
#include <set>
#include <signal.h>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#ifndef UPCC_SANITIZE
#define UPCC_SANITIZE "none"
#endif
#ifndef UPCC_VERSION
#define UPCC_VERSION "0.0.0"
#endif

namespace {

const char *const kUsage =
    "usage: upcc [options] file...\n"
    "  UPC sources: .upc, .c (compiled as UPC); objects .o and archives .a are linked.\n"
    "  -o FILE              write the executable (or, with -c/-E, the output) to FILE\n"
    "  -c                   compile to object files, do not link\n"
    "  -E                   print the preprocessed UPC source\n"
    "  -T N, -T=N, -fupc-threads=N\n"
    "                       compile for a static THREADS = N\n"
    "  -shared-heap SIZE    default per-thread shared heap (e.g. 256MB, 1GB) baked into the program\n"
    "  -I DIR -isystem DIR -D NAME[=V] -U NAME   preprocessor search paths and macros\n"
    "  -L DIR -l LIB        linker search paths and libraries\n"
    "  -O0 -O1 -O2 -O3 -Os -g   backend optimization and debug information (line\n"
    "                       tables are always on, for the runtime's error messages;\n"
    "                       -g0 drops them)\n"
    "  -save-temps          keep the generated C as X.trans.c next to the output\n"
    "  -network=mpi         the conduit (only mpi is available)\n"
    "  -Wc,ARGS -Wl,ARGS -Wp,ARGS   pass comma-separated ARGS to the backend compiler,\n"
    "                       the linker, the preprocessor\n"
    "  -w                   suppress warnings\n"
    "  -W... -pedantic -pedantic-errors   warning flags of the C front end (legacy C:\n"
    "                       implicit declarations, implicit int, int/pointer conversions\n"
    "                       are warnings; -Werror=implicit-function-declaration etc. or\n"
    "                       -pedantic-errors make them errors)\n"
    "  -fupc-opts=all|none  enable/disable the UPC optimizer passes\n"
    "  -fupc-pass=NAME, -fno-upc-pass=NAME\n"
    "                       enable/disable one optimizer pass (--print-passes lists them);\n"
    "                       also -fupc-NAME, -fno-upc-NAME (-fno-upc-forall-opt,\n"
    "                       -fno-upc-privatize, -fno-upc-remote-update, -fno-upc-loop-versioning)\n"
    "  -fupc-pass-plugin=FILE.so\n"
    "                       load optimizer passes built out of the tree (pkg-config upcc-plugin)\n"
    "  --print-passes       list the optimizer passes in the order they run, on or off\n"
    "  -Rupc                report what the optimizer did\n"
    "  -ftime-report        print where compile time goes: preprocessing, surface pass,\n"
    "                       Sema, each optimizer pass, lowering, backend, link\n"
    "  -fsave-optimization-record[=FILE], -foptimization-record-file=FILE\n"
    "                       write the optimizer's remarks as YAML records, as Clang does\n"
    "                       (default FILE: the output's or the source's name, .opt.yaml)\n"
    "  -fupc-check          checking mode: every shared access, pointer-to-shared cast and\n"
    "                       bulk copy is checked at run time (bounds against the object it\n"
    "                       was derived from, null, data on another node); a failed check\n"
    "                       ends the job naming the object and source location (defines\n"
    "                       __UPCC_CHECK__)\n"
    "  -v                   show the commands upcc runs\n"
    "  --print-surface      print the C the UPC surface pass gives Clang (debugging)\n"
    "  --version, --help\n";

// Switches of the optimizer passes, checked against the registry once the
// plugins are loaded.
struct PassFlag {
  std::string name; // as spelled: upc-privatize, privatize
  bool on;
  std::string flag; // the argument, for errors
};
struct OptimizerFlags {
  bool allOff = false;            // -fupc-opts=none
  std::vector<PassFlag> passes;   // in order: the last one for a pass wins
  std::vector<std::string> plugins;
  bool printPasses = false;
  bool remarks = false;
  bool saveRecord = false; // -fsave-optimization-record
  std::string recordFile;  // its file ("" = the default name)
};

struct Options {
  std::vector<std::string> sources; // UPC sources
  std::vector<std::string> linkInputs; // .o/.a and -l/-L in order
  std::vector<std::string> ppArgs;     // -I -D -U -Wp
  std::vector<std::string> ccArgs;     // -O -g -Wc
  std::vector<std::string> ldArgs;     // -Wl
  std::vector<std::string> warnArgs;   // -W..., -pedantic[-errors]: for Sema
  std::string output;
  bool compileOnly = false, preprocessOnly = false, saveTemps = false, verbose = false;
  bool noWarnings = false;
  bool printSurface = false; // --print-surface: the C the surface pass hands to Clang
  bool check = false;        // -fupc-check
  bool timeReport = false;   // -ftime-report
  int staticThreads = 0;
  size_t heapSize = 0;
  OptimizerFlags opt;
  upc::OptimizerOptions passOptions; // opt's switches, resolved (setUpPasses)
};

[[noreturn]] void usage(const std::string &msg) {
  std::cerr << "upcc: error: " << msg << "\n" << kUsage;
  std::exit(2);
}

std::string selfDir() {
  char buf[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return "";
  buf[n] = 0;
  std::string p(buf);
  size_t s = p.rfind('/');
  return s == std::string::npos ? "." : p.substr(0, s);
}

std::string realPath(const std::string &p) {
  char buf[PATH_MAX];
  if (!realpath(p.c_str(), buf)) return p;
  return buf;
}

bool exists(const std::string &p) {
  struct stat st;
  return stat(p.c_str(), &st) == 0;
}

struct Paths {
  std::string include; // include/ with upcc_prelude.h and upcrt.h
  std::string runtime; // libupcrt.a
};

// In the build tree: the sources' include/ and build/rts/libupcrt.a;
// installed: $prefix/include/upcc and $prefix/lib/libupcrt.a.
Paths findPaths() {
  Paths p;
  std::string self = realPath(selfDir());
  std::string buildTools = realPath(std::string(UPCC_BUILD_DIR) + "/tools");
  if (self == buildTools && exists(std::string(UPCC_SOURCE_DIR) + "/include/upcc_prelude.h")) {
    p.include = std::string(UPCC_SOURCE_DIR) + "/include";
    p.runtime = std::string(UPCC_BUILD_DIR) + "/rts/libupcrt.a";
  } else {
    // Relative to the installed binary first (a relocated prefix), then the
    // configured prefix.
    std::string prefix = self.substr(0, self.rfind('/'));
    std::string inc = prefix + "/" + UPCC_INCLUDEDIR_REL + "/upcc";
    std::string lib = prefix + "/" + UPCC_LIBDIR_REL + "/libupcrt.a";
    if (!exists(inc + "/upcc_prelude.h")) inc = std::string(UPCC_INSTALL_INCLUDEDIR);
    if (!exists(lib)) lib = std::string(UPCC_INSTALL_LIBDIR) + "/libupcrt.a";
    p.include = inc;
    p.runtime = lib;
  }
  return p;
}

std::string quoteArg(const std::string &a) {
  if (!a.empty() && a.find_first_of(" \t\n'\"\\$`*?&;|<>()") == std::string::npos) return a;
  std::string q = "'";
  for (char c : a) {
    if (c == '\'') q += "'\\''";
    else q += c;
  }
  return q + "'";
}

void showCommand(const std::vector<std::string> &argv) {
  std::string s;
  for (auto &a : argv) s += (s.empty() ? "" : " ") + quoteArg(a);
  std::cerr << s << "\n";
}

// Runs argv; stdout goes to outFd if >= 0, or into *capture.  Returns the
// exit status (128+signal when killed).
int run(const std::vector<std::string> &argv, bool verbose, std::string *capture = nullptr,
        int outFd = -1) {
  if (verbose) showCommand(argv);
  int pipefd[2] = {-1, -1};
  if (capture && pipe(pipefd) != 0) {
    std::cerr << "upcc: error: pipe: " << std::strerror(errno) << "\n";
    return 1;
  }
  pid_t pid = fork();
  if (pid < 0) {
    std::cerr << "upcc: error: fork: " << std::strerror(errno) << "\n";
    return 1;
  }
  if (pid == 0) {
    if (capture) {
      dup2(pipefd[1], 1);
      close(pipefd[0]);
      close(pipefd[1]);
    } else if (outFd >= 0) {
      dup2(outFd, 1);
    }
    std::vector<char *> args;
    for (auto &a : argv) args.push_back(const_cast<char *>(a.c_str()));
    args.push_back(nullptr);
    execvp(args[0], args.data());
    std::fprintf(stderr, "upcc: error: cannot run %s: %s\n", args[0], std::strerror(errno));
    _exit(127);
  }
  if (capture) {
    close(pipefd[1]);
    char buf[65536];
    ssize_t n;
    while ((n = read(pipefd[0], buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
      if (n > 0) capture->append(buf, size_t(n));
    close(pipefd[0]);
  }
  int st = 0;
  while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(st)) return 128 + WTERMSIG(st);
  return WEXITSTATUS(st);
}

bool parseSize(const std::string &s, size_t &out) {
  if (s.empty() || !isdigit(static_cast<unsigned char>(s[0]))) return false;
  char *end = nullptr;
  errno = 0;
  double v = std::strtod(s.c_str(), &end);
  if (errno || v <= 0) return false;
  std::string suf(end);
  for (char &c : suf) c = char(toupper(static_cast<unsigned char>(c)));
  double m = 1;
  if (suf == "" || suf == "B") m = 1;
  else if (suf == "K" || suf == "KB" || suf == "KIB") m = 1024.0;
  else if (suf == "M" || suf == "MB" || suf == "MIB") m = 1024.0 * 1024;
  else if (suf == "G" || suf == "GB" || suf == "GIB") m = 1024.0 * 1024 * 1024;
  else if (suf == "T" || suf == "TB" || suf == "TIB") m = 1024.0 * 1024 * 1024 * 1024;
  else return false;
  out = size_t(v * m);
  return out > 0;
}

bool parseThreads(const std::string &s, int &out) {
  if (s.empty()) return false;
  char *end = nullptr;
  long v = std::strtol(s.c_str(), &end, 10);
  if (*end || v < 1 || v > 1000000) return false;
  out = int(v);
  return true;
}

void splitCommas(const std::string &s, std::vector<std::string> &out) {
  size_t b = 0;
  for (;;) {
    size_t e = s.find(',', b);
    std::string part = s.substr(b, e == std::string::npos ? std::string::npos : e - b);
    if (!part.empty()) out.push_back(part);
    if (e == std::string::npos) break;
    b = e + 1;
  }
}

bool endsWith(const std::string &s, const char *suf) {
  size_t n = std::strlen(suf);
  return s.size() >= n && s.compare(s.size() - n, n, suf) == 0;
}

Options parseArgs(int argc, char **argv) {
  Options o;
  auto value = [&](int &i, const std::string &flag) -> std::string {
    if (i + 1 >= argc) usage("missing argument to '" + flag + "'");
    return argv[++i];
  };
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    if (a == "--help" || a == "-help" || a == "-h") {
      std::cout << "upcc " << UPCC_VERSION << " — UPC 1.3 compiler (Clang 19 front end, MPI-3 runtime)\n"
                << kUsage;
      std::exit(0);
    }
    if (a == "--version" || a == "-version") {
      std::cout << "upcc " << UPCC_VERSION << " (UPC 1.3, __UPC_VERSION__ 201311L)\n"
                << "front end: Clang 19 libTooling; runtime: libupcrt on MPI-3; network: mpi\n";
      std::exit(0);
    }
    if (a.empty() || a[0] != '-' || a == "-") {
      if (a.empty() || a == "-") usage("reading a UPC program from standard input is not supported");
      if (endsWith(a, ".upc") || endsWith(a, ".c")) o.sources.push_back(a);
      else if (endsWith(a, ".o") || endsWith(a, ".a") || endsWith(a, ".so")) o.linkInputs.push_back(a);
      else usage("unrecognized input file '" + a + "' (expected .upc, .c, .o or .a)");
      continue;
    }
    if (a == "-o") { o.output = value(i, a); continue; }
    if (a == "-c") { o.compileOnly = true; continue; }
    if (a == "-E") { o.preprocessOnly = true; continue; }
    if (a == "-v") { o.verbose = true; continue; }
    if (a == "-w") { o.noWarnings = true; continue; }
    if (a == "--print-surface") { o.printSurface = true; continue; }
    if (a == "-g" || a == "-g3" || a == "-g0") { o.ccArgs.push_back(a); continue; }
    if (a == "-O" || a == "-O0" || a == "-O1" || a == "-O2" || a == "-O3" || a == "-Os") {
      o.ccArgs.push_back(a == "-O" ? "-O1" : a);
      continue;
    }
    if (a == "-save-temps" || a == "--save-temps" || a == "-save-all-temps") { o.saveTemps = true; continue; }
    if (a == "-I" || a == "-D" || a == "-U" || a == "-isystem") {
      std::string v = value(i, a);
      o.ppArgs.push_back(a + v);
      continue;
    }
    if (a.compare(0, 2, "-I") == 0 || a.compare(0, 2, "-D") == 0 || a.compare(0, 2, "-U") == 0 ||
        a.compare(0, 8, "-isystem") == 0) {
      o.ppArgs.push_back(a);
      continue;
    }
    if (a == "-L" || a == "-l") { o.linkInputs.push_back(a + value(i, a)); continue; }
    if (a.compare(0, 2, "-L") == 0 || a.compare(0, 2, "-l") == 0) { o.linkInputs.push_back(a); continue; }
    if (a == "-T") {
      std::string v = value(i, a);
      if (!parseThreads(v, o.staticThreads)) usage("invalid THREADS count '" + v + "' for -T");
      continue;
    }
    if (a.compare(0, 2, "-T") == 0 || a.compare(0, 15, "-fupc-threads=") == 0 ||
        a.compare(0, 14, "-fupc-threads-") == 0) {
      std::string v = a.compare(0, 2, "-T") == 0 ? a.substr(a[2] == '=' ? 3 : 2) : a.substr(14);
      if (!v.empty() && v[0] == '=') v = v.substr(1);
      if (!parseThreads(v, o.staticThreads)) usage("invalid THREADS count '" + v + "' in '" + a + "'");
      continue;
    }
    if (a == "-shared-heap" || a == "--shared-heap" || a.compare(0, 13, "-shared-heap=") == 0) {
      std::string v = a.find('=') != std::string::npos ? a.substr(a.find('=') + 1) : value(i, a);
      if (!parseSize(v, o.heapSize)) usage("invalid size '" + v + "' for -shared-heap (e.g. 64MB, 1GB)");
      continue;
    }
    if (a == "-network" || a.compare(0, 9, "-network=") == 0) {
      std::string v = a == "-network" ? value(i, a) : a.substr(9);
      if (v != "mpi") {
        std::cerr << "upcc: error: network '" << v << "' is not available; upcc supports -network=mpi\n";
        std::exit(2);
      }
      continue;
    }
    if (a.compare(0, 4, "-Wc,") == 0) { splitCommas(a.substr(4), o.ccArgs); continue; }
    if (a.compare(0, 4, "-Wl,") == 0) { splitCommas(a.substr(4), o.ldArgs); continue; }
    if (a.compare(0, 4, "-Wp,") == 0) { splitCommas(a.substr(4), o.ppArgs); continue; }
    // Warning flags are the C front end's (it reports on the UPC source).
    if ((a.size() > 2 && a.compare(0, 2, "-W") == 0) || a == "-pedantic" ||
        a == "-pedantic-errors") {
      o.warnArgs.push_back(a);
      continue;
    }
    if (a == "-Rupc" || a == "-Rpass=upc") { o.opt.remarks = true; continue; }
    if (a == "-fsave-optimization-record" || a == "-fsave-optimization-record=yaml") {
      o.opt.saveRecord = true;
      continue;
    }
    if (a.rfind("-fsave-optimization-record=", 0) == 0 || a.rfind("-foptimization-record-file=", 0) == 0) {
      std::string f = a.substr(a.find('=') + 1);
      if (f.empty() || f == "bitstream") usage("'" + a + "': the optimization record is a YAML file name");
      o.opt.saveRecord = true;
      o.opt.recordFile = f;
      continue;
    }
    if (a == "-fupc-check") { o.check = true; continue; }
    if (a == "-ftime-report") { o.timeReport = true; continue; }
    if (a == "-fno-upc-check") { o.check = false; continue; }
    if (a == "-fupc-opts=none" || a == "-fno-upc-opts" || a == "-fupc-opts=all" || a == "-fupc-opts") {
      o.opt.allOff = a == "-fupc-opts=none" || a == "-fno-upc-opts";
      o.opt.passes.clear();
      continue;
    }
    if (a == "--print-passes") { o.opt.printPasses = true; continue; }
    if (a.rfind("-fupc-pass-plugin=", 0) == 0) {
      if (a.size() == 18) usage("'-fupc-pass-plugin=' needs a file");
      o.opt.plugins.push_back(a.substr(18));
      continue;
    }
    if (a.rfind("-fupc-pass=", 0) == 0 || a.rfind("-fno-upc-pass=", 0) == 0) {
      std::string n = a.substr(a.find('=') + 1);
      if (n.empty()) usage("'" + a + "' needs a pass name (upcc --print-passes lists them)");
      o.opt.passes.push_back({n, a[2] == 'u', a});
      continue;
    }
    // -fupc-NAME / -fno-upc-NAME: a pass's alias, checked once plugins are in
    if (a.rfind("-fupc-", 0) == 0 || a.rfind("-fno-upc-", 0) == 0) {
      o.opt.passes.push_back({a.substr(a[2] == 'u' ? 6 : 9), a[2] == 'u', a});
      continue;
    }
    usage("unknown option '" + a + "'");
  }
  if (o.opt.printPasses && o.sources.empty() && o.linkInputs.empty()) return o;
  if (o.sources.empty() && o.linkInputs.empty()) usage("no input files");
  if (o.compileOnly && !o.output.empty() && o.sources.size() > 1)
    usage("cannot specify -o with -c and several source files");
  if (o.compileOnly && o.sources.empty()) usage("-c needs at least one UPC source");
  return o;
}

std::string baseName(const std::string &p) {
  size_t s = p.rfind('/');
  std::string b = s == std::string::npos ? p : p.substr(s + 1);
  size_t d = b.rfind('.');
  return d == std::string::npos ? b : b.substr(0, d);
}

std::string dirName(const std::string &p) {
  size_t s = p.rfind('/');
  return s == std::string::npos ? "." : (s == 0 ? "/" : p.substr(0, s));
}

std::vector<std::string> preprocessCommand(const Options &o, const Paths &paths,
                                           const std::string &src) {
  std::vector<std::string> cmd = {UPCC_CLANG, "-E", "-x", "c", "-std=gnu11"};
  if (o.staticThreads) cmd.push_back("-D__UPCC_STATIC_THREADS=" + std::to_string(o.staticThreads));
  if (o.check) cmd.push_back("-D__UPCC_CHECK__=1");
  for (auto &a : o.ppArgs) cmd.push_back(a);
  // upcc's headers are searched where a C compiler's own are: after every
  // -I of the user's (a program shipping its own upc_collective.h gets it
  // with -I.), after the user's -isystem, before /usr/include.
  // unmarkUpccHeaders then lets the later passes see them as today.
  cmd.push_back("-isystem");
  cmd.push_back(paths.include);
  cmd.push_back("-idirafter");
  cmd.push_back(UPCC_MPI_INCLUDEDIR);
  cmd.push_back("-include");
  cmd.push_back(paths.include + "/upcc_prelude.h");
  cmd.push_back(src);
  return cmd;
}

// clang -E in this process, into pp: Clang's driver makes the same cc1
// invocation from the command as clang-19 would, and its diagnostics are
// printed the same way.  Starting clang-19 is most of what preprocessing
// costs on a UPC program; upcc has Clang loaded already.
int preprocessInProcess(const std::vector<std::string> &cmd, bool verbose, std::string &pp) {
  if (verbose) showCommand(cmd);
  std::vector<const char *> argv;
  for (auto &a : cmd) argv.push_back(a.c_str());
  auto *printer = new clang::TextDiagnosticPrinter(llvm::errs(), new clang::DiagnosticOptions());
  clang::CreateInvocationOptions cio;
  cio.Diags = clang::CompilerInstance::createDiagnostics(new clang::DiagnosticOptions(), printer);
  // the driver's: createInvocation adds -fsyntax-only, which -E leaves unused
  cio.Diags->setIgnoreAllWarnings(true);
  std::shared_ptr<clang::CompilerInvocation> inv = clang::createInvocation(argv, cio);
  if (!inv) return 1;
  struct PrintToString : clang::PreprocessorFrontendAction {
    std::string &out;
    explicit PrintToString(std::string &o) : out(o) {}
    void ExecuteAction() override {
      clang::CompilerInstance &ci = getCompilerInstance();
      llvm::raw_string_ostream os(out);
      clang::DoPrintPreprocessedInput(ci.getPreprocessor(), &os, ci.getPreprocessorOutputOpts());
    }
  } action(pp);
  clang::CompilerInstance ci;
  ci.setInvocation(std::move(inv));
  ci.createDiagnostics();
  return ci.ExecuteAction(action) && !ci.getDiagnostics().hasErrorOccurred() ? 0 : 1;
}

// The line markers clang -E writes for a header found in upcc's own
// directory carry flag 3 (a system header, from -isystem): drop the flag,
// so that the surface pass rewrites the UPC they hold (upc.h's shared
// declarations, upc_strict.h's #pragma upc strict) and the checks see them
// as before.
void unmarkUpccHeaders(std::string &pp, const std::string &includeDir) {
  const std::string prefix = "\"" + includeDir + "/";
  std::string out;
  out.reserve(pp.size());
  size_t i = 0;
  while (i < pp.size()) {
    size_t e = pp.find('\n', i);
    if (e == std::string::npos) e = pp.size();
    std::string line = pp.substr(i, e - i);
    // # N "file" flags
    if (line.size() > 2 && line[0] == '#' && line[1] == ' ' &&
        isdigit(static_cast<unsigned char>(line[2]))) {
      size_t q = line.find('"');
      size_t q2 = q == std::string::npos ? q : line.rfind('"');
      if (q != std::string::npos && q2 > q && line.compare(q, prefix.size(), prefix) == 0) {
        std::string flags = line.substr(q2 + 1), kept;
        for (size_t k = 0; k < flags.size(); k++)
          if (isdigit(static_cast<unsigned char>(flags[k])) && flags[k] != '3' && flags[k] != '4')
            kept += std::string(" ") + flags[k];
        line = line.substr(0, q2 + 1) + kept;
      }
    }
    out += line;
    if (e < pp.size()) out += '\n';
    i = e + 1;
  }
  pp.swap(out);
}

// -ftime-report: (phase, seconds) in order, per source.
using PhaseTimes = std::vector<std::pair<std::string, double>>;

double secondsSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Each source's phases, their total, and the total against the backend's
// compile of the emitted C alone.
void printTimeReport(const std::vector<std::pair<std::string, PhaseTimes>> &report) {
  for (auto &src : report) {
    double total = 0, backend = 0;
    std::fprintf(stderr, "upcc: time report for %s (wall clock)\n", src.first.c_str());
    for (auto &p : src.second) {
      std::fprintf(stderr, "upcc: time: %9.4f s  %s\n", p.second, p.first.c_str());
      total += p.second;
      if (p.first.rfind("backend", 0) == 0) backend = p.second;
    }
    std::fprintf(stderr, "upcc: time: %9.4f s  total", total);
    if (backend > 0) std::fprintf(stderr, ", %.2fx the backend alone", total / backend);
    std::fprintf(stderr, "\n");
  }
}

// Translates one source into transPath (run in a child process, so a crash
// in the translator is reported, not inherited).
int translate(const Options &o, const std::string &src, const std::string &pp,
              const std::string &transPath, const std::string &recordPath) {
  upc::FrontendOptions fo;
  fo.inputName = src;
  fo.staticThreads = o.staticThreads;
  for (auto &a : o.warnArgs) fo.clangArgs.push_back(a);
  if (o.noWarnings) fo.clangArgs.push_back("-w");
  upc::FrontendResult fe = upc::runFrontend(pp, fo);
  if (!fe.ast) return 1;
  // -ftime-report: the phases' seconds, for the driver (this may be a child)
  PhaseTimes times = {{"surface pass", fe.surfaceSeconds}, {"Sema and UPC checks", fe.semaSeconds}};
  if (o.printSurface) {
    std::cout << fe.surfaceText;
    std::cout.flush();
    return 0;
  }
  upc::LowerOptions lo;
  lo.staticThreads = o.staticThreads;
  lo.defaultHeapSize = o.heapSize;
  lo.check = o.check;
  for (const std::string &a : o.ccArgs) // the last -g or -g0 counts
    if (a == "-g" || a == "-g3" || a == "-g0") lo.debugTypeNames = a != "-g0";
  std::string out;
  llvm::raw_string_ostream os(out);
  upc::OptimizerOptions oo = o.passOptions;
  oo.remarks = o.opt.remarks;
  oo.recordFile = recordPath;
  oo.staticThreads = o.staticThreads;
  upc::OptimizerPlan plan = upc::runOptimizer(fe, oo, llvm::errs());
  for (auto &p : plan.passSeconds) times.push_back({std::string("optimizer: ") + p.first, p.second});
  auto t0 = std::chrono::steady_clock::now();
  bool ok = upc::lowerTranslationUnit(fe, &plan, lo, os);
  os.flush();
  times.push_back({"lowering", secondsSince(t0)});
  if (!ok) return 1;
  if (o.timeReport) {
    std::ofstream tf(transPath + ".times");
    for (auto &t : times) tf << t.second << " " << t.first << "\n";
  }
  std::ofstream f(transPath, std::ios::binary);
  if (!f) {
    std::cerr << "upcc: error: cannot write " << transPath << ": " << std::strerror(errno) << "\n";
    return 1;
  }
  f << out;
  f.close();
  if (!f) {
    std::cerr << "upcc: error: cannot write " << transPath << "\n";
    return 1;
  }
  return 0;
}

// Clang's parser and the surface pass recurse once per nesting level of the
// program (`****...p`, `((((...))))`): on the main thread's 8 MiB stack a few
// thousand levels overflow it, so the translator runs on a thread with a
// 512 MiB stack (address space only; pages are touched as used).
int translateOnLargeStack(const Options &o, const std::string &src, const std::string &pp,
                          const std::string &transPath, const std::string &recordPath) {
  int r = 1;
  llvm::thread t(std::optional<unsigned>(512u << 20),
                 [&] { r = translate(o, src, pp, transPath, recordPath); });
  t.join();
  return r;
}

int translateIsolated(const Options &o, const std::string &src, const std::string &pp,
                      const std::string &transPath, const std::string &recordPath) {
  std::cout.flush();
  std::cerr.flush();
  // UPCC_NO_FORK=1 translates in this process (for debuggers).
  const char *nf = std::getenv("UPCC_NO_FORK");
  if (nf && *nf && std::strcmp(nf, "0") != 0)
    return translateOnLargeStack(o, src, pp, transPath, recordPath);
  pid_t pid = fork();
  if (pid < 0) return translateOnLargeStack(o, src, pp, transPath, recordPath);
  if (pid == 0) {
    int r = translateOnLargeStack(o, src, pp, transPath, recordPath);
    llvm::errs().flush();
    std::cerr.flush();
    _exit(r);
  }
  int st = 0;
  while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(st)) {
    std::cerr << "upcc: internal error: the translator was killed by signal " << WTERMSIG(st)
              << " (" << strsignal(WTERMSIG(st)) << ") while compiling " << src
              << "; please report this with the source file\n";
    return 1;
  }
  return WEXITSTATUS(st);
}

// The per-invocation scratch directory; holds only files upcc wrote.
struct TempDir {
  std::string path;
  ~TempDir() {
    if (!path.empty()) run({"rm", "-rf", path}, false);
  }
};

} // namespace

// Loads the pass plugins, checks the pass switches against the registry
// and, for --print-passes, lists the pipeline.  False after an error.
bool setUpPasses(Options &o) {
  for (const std::string &f : o.opt.plugins) {
    // RTLD_GLOBAL: a plugin's passes may use another plugin's
    std::string path = f.find('/') == std::string::npos ? "./" + f : f;
    if (!dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL)) {
      std::cerr << "upcc: error: cannot load the pass plugin '" << f << "': " << dlerror() << "\n";
      return false;
    }
  }
  std::string error;
  std::vector<std::unique_ptr<upc::opt::Pass>> passes = upc::opt::pipeline(&error);
  if (!error.empty()) {
    std::cerr << "upcc: error: " << error << "\n";
    return false;
  }
  upc::OptimizerOptions &oo = o.passOptions;
  oo.allOff = o.opt.allOff;
  oo.check = o.check;
  for (const PassFlag &f : o.opt.passes) {
    const upc::opt::Pass *found = nullptr;
    for (auto &p : passes)
      if (f.name == p->name() || "upc-" + f.name == p->name()) found = p.get();
    if (!found) {
      if (f.flag.find('=') == std::string::npos) usage("unknown option '" + f.flag + "'");
      std::cerr << "upcc: error: unknown optimizer pass '" << f.name << "' in '" << f.flag
                << "' (upcc --print-passes lists them)\n";
      std::exit(2);
    }
    oo.passes[found->name()] = f.on;
  }
  if (o.opt.printPasses) {
    upc::OptimizerOptions unchecked = oo;
    unchecked.check = false;
    for (auto &p : passes) {
      std::string state = upc::opt::passEnabled(oo, *p)        ? "on"
                          : upc::opt::passEnabled(unchecked, *p) ? "off (-fupc-check)"
                                                                 : "off";
      std::string needs;
      for (const std::string &n : p->needs()) needs += (needs.empty() ? " (needs " : ", ") + n;
      std::string name = p->name();
      name.resize(std::max<size_t>(name.size() + 1, 22), ' ');
      state.resize(std::max<size_t>(state.size() + 1, 18), ' ');
      std::cout << name << state << p->description() << (needs.empty() ? "" : needs + ")") << "\n";
    }
  }
  return true;
}

int main(int argc, char **argv) {
  Options o = parseArgs(argc, argv);
  if (!setUpPasses(o)) return 1;
  if (o.opt.printPasses) {
    std::cout.flush();
    if (o.sources.empty() && o.linkInputs.empty()) return 0;
  }
  Paths paths = findPaths();
  if (!exists(paths.include + "/upcc_prelude.h")) {
    std::cerr << "upcc: error: cannot find upcc_prelude.h (looked in " << paths.include << ")\n";
    return 1;
  }

  // -E: the preprocessed UPC of every source.
  if (o.preprocessOnly) {
    int fd = -1;
    if (!o.output.empty() && o.output != "-") { // -o -: standard output, as cc's
      fd = open(o.output.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (fd < 0) {
        std::cerr << "upcc: error: cannot write " << o.output << ": " << std::strerror(errno) << "\n";
        return 1;
      }
    }
    int rc = 0;
    for (auto &s : o.sources)
      if (run(preprocessCommand(o, paths, s), o.verbose, nullptr, fd) != 0) rc = 1;
    if (fd >= 0) close(fd);
    return rc;
  }

  TempDir tmp;
  {
    char tmpl[] = "/tmp/upcc-XXXXXX";
    if (!mkdtemp(tmpl)) {
      std::cerr << "upcc: error: cannot create a temporary directory: " << std::strerror(errno) << "\n";
      return 1;
    }
    tmp.path = tmpl;
  }
  std::string outDir = o.output.empty() ? "." : dirName(o.output);

  std::vector<std::string> objects;
  std::set<std::string> recordsStarted;
  std::vector<std::pair<std::string, PhaseTimes>> report; // -ftime-report
  auto now = [] { return std::chrono::steady_clock::now(); };
  int rc = 0;
  for (size_t k = 0; k < o.sources.size(); k++) {
    const std::string &src = o.sources[k];
    if (!exists(src)) {
      std::cerr << "upcc: error: no such file: '" << src << "'\n";
      rc = 1;
      continue;
    }
    std::string pp;
    auto tPre = now();
    int r = preprocessInProcess(preprocessCommand(o, paths, src), o.verbose, pp);
    if (r != 0) { rc = 1; continue; }
    if (o.timeReport) report.push_back({src, {{"preprocessing", secondsSince(tPre)}}});
    unmarkUpccHeaders(pp, paths.include);
    std::string base = baseName(src);
    std::string trans = (o.saveTemps ? outDir : tmp.path) + "/" + base + ".trans.c";
    if (!o.saveTemps) trans = tmp.path + "/" + std::to_string(k) + "_" + base + ".trans.c";
    if (o.verbose) std::cerr << "upcc: translating " << src << " -> " << trans << "\n";
    // The records of this run replace the file's (the translator appends).
    std::string record;
    if (o.opt.saveRecord) {
      record = !o.opt.recordFile.empty()                ? o.opt.recordFile
               : o.compileOnly && !o.output.empty()     ? dirName(o.output) + "/" + baseName(o.output) + ".opt.yaml"
                                                        : outDir + "/" + base + ".opt.yaml";
      if (recordsStarted.insert(record).second) std::ofstream(record, std::ios::trunc);
    }
    if (translateIsolated(o, src, pp, trans, record) != 0) { rc = 1; continue; }
    if (o.timeReport) {
      std::ifstream tf(trans + ".times");
      double t;
      std::string phase;
      while (tf >> t && std::getline(tf >> std::ws, phase)) report.back().second.push_back({phase, t});
      std::remove((trans + ".times").c_str());
    }
    if (o.printSurface) continue;
    std::string obj;
    if (o.compileOnly) obj = !o.output.empty() ? o.output : base + ".o";
    else obj = tmp.path + "/" + std::to_string(k) + "_" + base + ".o";
    // The translation holds system headers as clang-19 preprocessed them (glibc
    // picks compiler-specific declarations), so the same compiler compiles it.
    std::vector<std::string> cc = {UPCC_CLANG, "-std=gnu11", "-c", trans, "-o", obj,
                                   "-I" + paths.include, "-idirafter", UPCC_MPI_INCLUDEDIR,
                                   // upcc's front end already warned at each use of a
                                   // deprecated function, in the user's spelling
                                   "-Wno-deprecated-declarations"};
    // The front end has reported the legacy C it accepted (implicit
    // declarations, implicit int, ...); the backend must accept it silently.
    // Nor what its own Sema does not warn about in gnu11 (K&R definitions),
    // nor what it has reported in the user's code already (a duplicate
    // `const`, which the lowering's `static const` for the initial value of
    // a `shared const` object repeats): the backend would show the generated
    // line, which names upcc's internals.
    for (const char *w : {"implicit-function-declaration", "implicit-int",
                          "incompatible-function-pointer-types", "int-conversion",
                          "deprecated-non-prototype", "duplicate-decl-specifier"})
      cc.push_back(std::string("-Wno-") + w);
    if (o.noWarnings) cc.push_back("-w");
    // Line tables (no run-time cost; -g or -g0 below override them): the
    // runtime names the .upc line of a fault through the #line directives.
    // DWARF 4: binutils 2.40's addr2line reads clang's DWARF 5 file table
    // wrongly (it names the .trans.c instead of the .upc file).
    cc.push_back("-gline-tables-only");
    cc.push_back("-fdebug-default-version=4");
    for (auto &a : o.ccArgs) cc.push_back(a);
    auto tCc = now();
    int ccStatus = run(cc, o.verbose);
    if (o.timeReport) report.back().second.push_back({"backend (clang -c of the emitted C)", secondsSince(tCc)});
    if (ccStatus != 0) {
      std::cerr << "upcc: error: the backend C compiler failed on the translation of " << src
                << (o.saveTemps ? "" : " (keep it with -save-temps)") << "\n";
      rc = 1;
      continue;
    }
    objects.push_back(obj);
  }
  if (o.timeReport) printTimeReport(report);
  if (rc != 0 || o.compileOnly || o.printSurface) return rc;

  if (!exists(paths.runtime)) {
    std::cerr << "upcc: error: cannot find the runtime library " << paths.runtime << "\n";
    return 1;
  }
  std::vector<std::string> ld = {UPCC_BACKEND_CC, "-o", o.output.empty() ? "a.out" : o.output};
  for (auto &a : o.ccArgs)
    if (a == "-g" || a.compare(0, 2, "-O") == 0) ld.push_back(a);
  for (auto &obj : objects) ld.push_back(obj);
  for (auto &a : o.linkInputs) ld.push_back(a);
  ld.push_back(paths.runtime);
  // HUNT (upcrun -hunt): the program's calls that hand a buffer to the kernel
  // go through rts/comm/hunt_syscalls.c's __wrap_NAME, which completes the strips
  // of upc_memget in flight there first; the same list as that file.
  for (const char *f :
       {"read", "write", "pread", "pwrite", "pread64", "pwrite64", "readv", "writev", "preadv",
        "pwritev", "preadv64", "pwritev64", "preadv2", "pwritev2", "preadv64v2", "pwritev64v2",
        "send", "sendto", "sendmsg", "sendmmsg", "recv", "recvfrom", "recvmsg", "recvmmsg",
        "fread", "fwrite", "fread_unlocked", "fwrite_unlocked", "setvbuf", "setbuf", "setbuffer",
        "__read_chk", "__pread_chk", "__pread64_chk", "__recv_chk", "__recvfrom_chk",
        "__fread_chk", "__fread_unlocked_chk"})
    ld.push_back(std::string("-Wl,--wrap=") + f);
  for (auto &a : o.ldArgs) ld.push_back("-Wl," + a);
  ld.push_back("-lm");
  ld.push_back("-lffi"); // upcx_async calls functions through libffi
  ld.push_back("-lpthread");
  // A runtime built with -Db_sanitize=address,... calls into the sanitizer
  // runtimes, which only the compiler driver links in.
  if (std::string(UPCC_SANITIZE) != "none" && std::string(UPCC_SANITIZE) != "")
    ld.push_back("-fsanitize=" + std::string(UPCC_SANITIZE));
  auto tLd = now();
  if (run(ld, o.verbose) != 0) {
    std::cerr << "upcc: error: linking failed\n";
    return 1;
  }
  if (o.timeReport) std::fprintf(stderr, "upcc: time: %9.4f s  link\n", secondsSince(tLd));
  return 0;
}
