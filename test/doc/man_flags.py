#!/usr/bin/env python3
"""man_flags.py PROGRAM PAGE.scd: the options PROGRAM --help prints and the
OPTIONS section of its manual page name the same flags.

--help's option lines ("  -T N, -T=N, -fupc-threads=N   description") give
the flags in their first column; the page's OPTIONS entries are its
unindented lines that start with a bold flag ("*-T* _N_, *-T=*_N_").  Flags
are compared by name (-T=N and -T N are -T; -Wc,ARGS is -Wc; -W... is -W):

  - every flag of --help's option column has an entry in the page;
  - every flag of a page entry is in --help (option column or text);
  - every flag and environment variable --help mentions in its text appears
    somewhere in the page (the page explains all that --help says)."""
import re
import subprocess
import sys

# A flag: one or two dashes, a letter or digit, then letters, digits and
# dashes; not preceded by a word character or a dash (not "non-blocking").
FLAG = re.compile(r'(?<![\w-])(--?[A-Za-z0-9][A-Za-z0-9-]*)')
# An environment variable or predefined macro of upcc's: UPC..., __UPCC_...
ENV = re.compile(r'(?<![A-Za-z0-9_])(_*UPC[A-Z0-9_]*[A-Z0-9])')


def flags(text):
    return set(FLAG.findall(text))


def parse_help(text):
    """(flags of the option column, flags and variables of the rest)."""
    column, rest, in_usage = set(), [], False
    for line in text.splitlines():
        # the usage block: "usage:" and the lines indented deeper than options
        in_usage = line.startswith('usage:') or (in_usage and line.startswith('   '))
        m = re.match(r'  (-\S.*?)(?:\s{2,}(.*))?$', line)
        if in_usage:
            continue
        if m:
            column |= flags(m.group(1))
            rest.append(m.group(2) or '')
        else:
            rest.append(line)
    rest = '\n'.join(rest)
    return column, flags(rest) - column, set(ENV.findall(rest))


def parse_page(path):
    """(flags of the OPTIONS entries, all text of the page without markup)."""
    section, entries, text = None, set(), []
    for line in open(path, encoding='utf-8'):
        line = line.rstrip('\n')
        m = re.match(r'# (.*)', line)
        if m:
            section = m.group(1).strip()
        # bold and underline markers off (identifiers keep their underscores)
        bare = re.sub(r'\\(.)', r'\1', re.sub(r'(?<![\\\w])_|(?<!\\)_(?![\w\\])|(?<!\\)\*', '', line))
        text.append(bare)
        if section == 'OPTIONS' and line.startswith('*-'):
            entries |= flags(bare)
    return entries, '\n'.join(text)


def main():
    program, page = sys.argv[1], sys.argv[2]
    out = subprocess.run([program, '--help'], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         universal_newlines=True)
    if out.returncode != 0:
        print('FAIL: %s --help exited with %d:\n%s' % (program, out.returncode, out.stdout))
        return 1
    column, mentioned, variables = parse_help(out.stdout)
    entries, text = parse_page(page)
    in_page = flags(text)
    if not column:
        print('FAIL: no option lines found in %s --help' % program)
        return 1
    if not entries:
        print('FAIL: no OPTIONS entries found in %s' % page)
        return 1
    problems = []
    for f in sorted(column - entries):
        problems.append('%s --help prints %s, which %s has no OPTIONS entry for' % (program, f, page))
    for f in sorted(entries - column - mentioned):
        problems.append('%s documents %s, which %s --help does not print' % (page, f, program))
    for f in sorted(mentioned - in_page):
        problems.append('%s --help mentions %s, which %s does not' % (program, f, page))
    for v in sorted(variables):
        if v not in text:
            problems.append('%s --help mentions %s, which %s does not' % (program, v, page))
    for p in problems:
        print('FAIL: ' + p)
    if problems:
        return 1
    print('%s: %d flags in --help and %s agree (%s)' % (program, len(column), page,
                                                    ' '.join(sorted(column))))
    return 0


if __name__ == '__main__':
    sys.exit(main())
