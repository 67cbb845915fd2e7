#!/usr/bin/env python3
"""doc_inline.py SRC BUILD — what the prose of README.md and docs/*.md names
must exist, so that a renamed flag, variable or file fails a test.

doc_commands.py runs the fenced shell blocks; this checks the rest:
  - each inline code span that is a command of ours (upcc, upcrun,
    build/tools/..., tools/..., meson ..., after VAR=... assignments or
    not), and each span that is an optimizer flag alone (-fupc-...): every
    -flag/--flag it uses is one the tool prints in --help (for upcc, also
    -f[no-]upc-PASS of --print-passes; a one-letter flag takes its value
    glued, -DN=96), a suite or setup of meson test is defined in a
    meson.build, a -Dname an option of the build;
  - each UPCRT_*, UPCRUN_*, UPCC_*, UPC_* name anywhere in these pages and
    in docs/man/*.scd is read by the sources (getenv, as man_env.sh finds
    it, or a script's $NAME / os.environ) or, unless the page assigns it
    (NAME=...), defined by them (a macro, an enumerator: UPC_IN_ALLSYNC);
  - each repository path (rts/comm/cache.c, test/opt/style, examples/*.upc,
    build/tools/upcc) and each relative link exists; build/ paths are
    files of the build, outputs of its targets, or files a tool of ours
    names (build/bench/mupc_cache.png).
Spans that are neither commands nor names are not checked.  Prints
file:line for each failure and exits 1 if there is one."""
import glob
import json
import os
import re
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from doc_commands import blocks  # noqa: E402  (the fenced blocks: not prose)
from man_flags import FLAG, parse_help  # noqa: E402  (a flag; --help's option column)

ENV = re.compile(r"(?<![\w$])((?:UPCRT|UPCRUN|UPCC|UPC)_[A-Z0-9_]*[A-Z0-9])(\*|_\*)?")
TOP = r"(?:frontend|optimizer|lowering|rts|include|tools|test|docs|examples|build|\.ci)"
PATH = re.compile(r"(?<![\w./~$<-])(%s/[\w./{},*+-]*|(?:README\.md|meson\.build|"
                  r"meson_options\.txt)(?![\w.]))" % TOP)
SPAN = re.compile(r"(?<!`)(`+)(?!`)((?:(?!\1).|\n(?!\n))+?)(?<!`)\1(?!`)", re.S)
LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")


def source_files(src):
    """Every file of the source tree but the build, .git and the docs."""
    for d, dirs, files in os.walk(src, followlinks=True):
        if d == src:
            dirs[:] = [x for x in dirs if x not in ("build", ".git", "docs") and
                       not x.startswith("build-")]
        for f in files:
            if not (d == src and f == "README.md"):
                yield os.path.join(d, f)


def output(cmd, cwd=None):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=cwd,
                       universal_newlines=True, stdin=subprocess.DEVNULL)
    return p.stdout


class Tools:
    """Each tool's --help, asked once."""

    def __init__(self, src, build):
        self.src, self.build = src, build
        self.helps = {}
        bench = os.path.join(src, "tools", "upcbench")
        self.commands = {  # how a reader names it -> how to ask it for --help
            "upcc": [os.path.join(build, "tools", "upcc"), "--help"],
            "upcrun": [os.path.join(build, "tools", "upcrun"), "--help"],
            "upcbench": [sys.executable, bench, "--help"],
            "tools/cluster": [os.path.join(src, "tools", "cluster"), "--help"],
            "tools/trace_svg.py": [sys.executable, os.path.join(src, "tools", "trace_svg.py"),
                                   "--help"],
        }
        passes = output([os.path.join(build, "tools", "upcc"), "--print-passes"])
        self.passes = set(re.findall(r"\bupc-([a-z][a-z-]*[a-z])\b", passes))
        if not self.passes:
            sys.exit("FAIL: upcc --print-passes names no pass:\n" + passes)
        # and the passes of plugins: examples/plugins, the guide's own example
        for f in glob.glob(os.path.join(src, "examples", "plugins", "**", "*.cpp"),
                           recursive=True) + glob.glob(os.path.join(src, "docs", "*.md")):
            self.passes |= set(re.findall(r'name\(\) const override \{ return "upc-([a-z-]+)"',
                                          open(f, encoding="utf-8").read()))
        intro = lambda what: json.loads(output(["meson", "introspect", build, what]))
        self.options = {o["name"] for o in intro("--buildoptions")}
        self.meson_words = set()  # every quoted word of a meson.build: suites, setups
        for f in source_files(src):
            if os.path.basename(f) == "meson.build":
                self.meson_words |= set(re.findall(r"'([\w.+-]+)'", open(f).read()))

    def tool(self, words):
        """(name of the tool, the words of its arguments) of a command, or
        None if the span does not start with a command of ours."""
        w = words[0]
        for name, alias in (("upcc", ("upcc", "build/tools/upcc")),
                            ("upcrun", ("upcrun", "build/tools/upcrun")),
                            ("upcbench", ("upcbench", "tools/upcbench")),
                            ("tools/cluster", ("tools/cluster", "build/tools/cluster")),
                            ("tools/trace_svg.py", ("tools/trace_svg.py",))):
            if w in alias:
                return name, words[1:]
            if w.startswith("mpiexec"):
                return None  # MPI's, whose flags we do not check
        if w == "meson" and len(words) > 1 and re.match(r"^[a-z]+$", words[1]):
            return "meson " + words[1], words[2:]
        if re.match(r"^(build/|tools/)", w):
            return w, words[1:]  # a program of ours whose flags we do not know
        return None

    def help(self, name):
        if name not in self.helps:
            cmd = self.commands.get(name)
            if name.startswith("meson "):
                cmd = ["meson", name.split()[1], "--help"]
            self.helps[name] = output(cmd) if cmd else None
        return self.helps[name]

    def accepts(self, name, flag, token):
        """Is flag (token as written) one the tool takes?"""
        text = self.help(name)
        if text is None:
            return True  # no help to ask: only its paths are checked
        # the option column (a flag only its text mentions is not one it takes),
        # or, for a usage without one, every flag of the text
        known = parse_help(text)[0] or set(FLAG.findall(text))
        if flag in known:
            return True
        if name == "upcc" and re.match(r"^-f(no-)?upc-", flag):
            m = re.match(r"^-f(?:no-)?upc-(?:pass=)?([a-z-]+)", token)
            if m and (m.group(1) in self.passes or "-fupc-" + m.group(1) in known):
                return True
        # one letter takes its value glued (-DN=96, -O2, -Wno-x, -I.)
        if re.match(r"^-[A-Za-z]", flag) and flag[:2] in known and not flag.startswith("--"):
            return True
        # a placeholder as the help writes it: -f[no-]upc-NAME, -trace[=FILE]
        if re.search(r"[\[<]|[A-Z]{2,}", token):
            return re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(token.split("=")[0]),
                             text) is not None
        return False


def prose(path):
    """The page's text with its fenced blocks blanked (lines kept)."""
    lines = open(path, encoding="utf-8").read().split("\n")
    if path.endswith(".md"):
        for start, _marks, text in blocks(path):
            for i in range(start - 1, start + text.count("\n") + 1):
                lines[i] = ""
        # the other fences (```text, ```c): blank them too
        fence = False
        for i, l in enumerate(lines):
            if l.startswith("```"):
                fence, lines[i] = not fence, ""
            elif fence:
                lines[i] = ""
    return "\n".join(lines)


def line_of(text, pos):
    return text.count("\n", 0, pos) + 1


def env_names(src):
    """(names the sources read, names they define)."""
    read = set(output(["sh", os.path.join(HERE, "man_env.sh"), "--names"] + [
        os.path.join(src, d) for d in ("rts", "include", "tools", "frontend", "lowering",
                                       "optimizer", "test")]).split())
    defined = set()
    for f in source_files(src):
        try:
            t = open(f, encoding="utf-8").read()
        except (UnicodeDecodeError, OSError):
            continue
        # scripts and build files: $NAME, ${NAME, environ["NAME"], 'NAME=' of an env list
        read |= set(re.findall(r"\$\{?((?:UPCRT|UPCRUN|UPCC|UPC)_\w+)", t))
        read |= set(re.findall(r"environ(?:\.get\(|\[)\s*[\"']((?:UPCRT|UPCRUN|UPCC|UPC)_\w+)", t))
        read |= set(re.findall(r"getenv\(\s*[\"']((?:UPCRT|UPCRUN|UPCC|UPC)_\w+)", t))
        if f.endswith((".h", ".c", ".cpp", ".upc")):
            defined |= set(re.findall(r"#\s*define\s+((?:UPCRT|UPCRUN|UPCC|UPC)_\w+)", t))
            defined |= set(re.findall(r"(?:#\s*if(?:n?def)?|defined)\W+((?:UPCRT|UPCRUN|UPCC|UPC)_\w+)", t))
            defined |= set(re.findall(r"^\s*((?:UPCRT|UPCRUN|UPCC|UPC)_\w+)\s*(?:=[^=]|,)", t, re.M))
    return read, defined


def build_path_ok(src, build, rel, outputs, named):
    p = os.path.join(build, rel[len("build/"):])
    return os.path.exists(p) or os.path.normpath(p) in outputs or \
        os.path.basename(rel.rstrip("/")) in named


def expand(path):
    """examples/{a,b}.upc -> examples/a.upc, examples/b.upc."""
    m = re.search(r"\{([^{}]*)\}", path)
    if not m:
        return [path]
    return [x for alt in m.group(1).split(",") for x in
            expand(path[:m.start()] + alt + path[m.end():])]


def main():
    src, build = (os.path.abspath(p) for p in sys.argv[1:3])
    tools = Tools(src, build)
    read, defined = env_names(src)
    outputs = set()
    for t in json.loads(output(["meson", "introspect", build, "--targets"])):
        outputs |= {os.path.normpath(f) for f in t["filename"]}
    named = set()  # basenames of files our tools and tests write
    for f in glob.glob(os.path.join(src, "tools", "*")) + glob.glob(os.path.join(src, "test", "**", "*.py"), recursive=True):
        if os.path.isfile(f):
            named |= set(re.findall(r"[\"']([\w.-]+\.(?:png|svg|json|dat|yaml))[\"']",
                                    open(f, encoding="utf-8", errors="replace").read()))
    pages = [os.path.join(src, "README.md")] + sorted(glob.glob(os.path.join(src, "docs", "*.md")))
    pages += sorted(glob.glob(os.path.join(src, "docs", "man", "*.scd")))
    failures, checked = [], {"commands": 0, "names": 0, "paths": 0}

    def fail(path, text, pos, msg):
        failures.append("%s:%d: %s" % (os.path.relpath(path, src), line_of(text, pos), msg))

    for path in pages:
        whole = open(path, encoding="utf-8").read()
        text = prose(path)
        # every name of ours, fenced blocks included
        for m in ENV.finditer(whole):
            name, star = m.group(1), m.group(2)
            checked["names"] += 1
            if star:  # UPCRT_CACHE_*: some name of the sources starts so
                if not any(n.startswith(name) for n in read | defined):
                    fail(path, whole, m.start(), "%s%s names no variable or constant the "
                         "sources read or define" % (name, star))
                continue
            assigned = whole[m.end():m.end() + 1] == "="
            if name in read or (name in defined and not assigned):
                continue
            fail(path, whole, m.start(), "%s: %s" % (name, "no source reads this variable"
                 if name in defined else "no source reads or defines this name"))
        # every repository path, fenced blocks included
        for m in PATH.finditer(whole):
            raw = m.group(1).rstrip(".,;:")
            for p in expand(raw):
                if re.search(r"(^|/)[A-Z][A-Z_]*(\.|/|$)", p) and not re.search(
                        r"(^|/)(README|BUGS|CONSTRAINTS|DESIGN)\.md$", p):
                    continue  # a placeholder: docs/bench/SECTION.json
                checked["paths"] += 1
                if p.startswith("build/"):
                    ok = build_path_ok(src, build, p, outputs, named)
                elif "*" in p:
                    ok = bool(glob.glob(os.path.join(src, p)))
                else:  # in the tree, or a target of the build (ninja -C build rts/libupcrt.a)
                    ok = os.path.exists(os.path.join(src, p)) or \
                        os.path.normpath(os.path.join(build, p)) in outputs
                if not ok:
                    fail(path, whole, m.start(), "%s does not exist" % p)
        # relative links of a Markdown page
        if path.endswith(".md"):
            for m in LINK.finditer(text):
                target = m.group(1)
                if re.match(r"^[a-z]+:", target):
                    continue
                checked["paths"] += 1
                if not os.path.exists(os.path.join(os.path.dirname(path), target)):
                    fail(path, text, m.start(), "the link %s leads nowhere" % target)
        if not path.endswith(".md"):
            continue
        for m in SPAN.finditer(text):
            span = " ".join(m.group(2).split())
            try:
                words = shlex.split(span.replace("\\|", "|"))
            except ValueError:
                words = span.split()
            while words and re.match(r"^[A-Z][A-Z0-9_]*=", words[0]):
                words = words[1:]  # VAR=... before a command: the name is checked above
            if not words:
                continue
            got = tools.tool(words)
            if got is None and re.match(r"^-f(no-)?upc-", words[0]):
                got = ("upcc", words)  # an optimizer flag alone is upcc's
            if got is None:
                continue
            name, args = got
            checked["commands"] += 1
            for i, tok in enumerate(args):
                if tok.startswith("mpiexec"):
                    break  # tools/cluster mpiexec N -n T: the rest is mpiexec's
                if name == "upcrun" and (tok.startswith("./") or (i and not tok.startswith("-")
                                         and not args[i - 1].startswith("-"))):
                    break  # the program: what follows is its own
                if name.startswith("meson ") and i and args[i - 1] in ("--suite", "--setup"):
                    if tok not in tools.meson_words:
                        fail(path, text, m.start(), "`%s`: meson defines no %s %s"
                             % (span, args[i - 1][2:], tok))
                    continue
                f = FLAG.match(tok)
                if not f or tok in ("-", "--"):
                    continue
                flag = f.group(1)
                if name.startswith("meson ") and flag.startswith("-D") and len(flag) > 2:
                    if tok[2:].split("=")[0] not in tools.options:
                        fail(path, text, m.start(), "`%s`: the build has no option %s"
                             % (span, tok[2:].split("=")[0]))
                    continue
                if not tools.accepts(name, flag, tok):
                    fail(path, text, m.start(), "`%s`: %s is not a flag of %s (not in its "
                         "--help)" % (span, tok, name))
    for f in failures:
        print("FAIL " + f)
    print("checked %(commands)d commands, %(names)d variable names, %(paths)d paths" % checked)
    print("%d failures" % len(failures))
    sys.exit(1 if failures or not all(checked.values()) else 0)


if __name__ == "__main__":
    main()
