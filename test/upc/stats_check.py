#!/usr/bin/env python3
"""stats_check.py — runs stats_pattern under upcrun -stats and checks the
JSON counts against what the program does (its #defines, read from the
source), that the SVG is well-formed XML, and that without -stats no file
is written.

usage: stats_check.py UPCRUN PROGRAM SOURCE THREADS MODE
MODE: rma (UPCRT_FORCE_RMA=1, cache off, -stats=FILE), local (one node,
-stats, default file name), off (no -stats: no file)."""
import json, os, re, subprocess, sys, tempfile
import xml.etree.ElementTree as ET

upcrun, prog, source, T, mode = sys.argv[1:6]
T = int(T)
prog = os.path.abspath(prog)
if '/' in upcrun:
    upcrun = os.path.abspath(upcrun)
P = {m[0]: int(m[1]) for m in re.findall(r'#define (\w+) (\d+)', open(source).read())}
INT = 4
errors = []


def check(what, got, want):
    if got != want:
        errors.append(f'{what}: got {got}, expected {want}')


with tempfile.TemporaryDirectory() as tmp:
    env = dict(os.environ)
    for v in ('UPCRT_STATS', 'UPCRT_FORCE_RMA', 'UPCRT_NODE_SIZE'):
        env.pop(v, None)
    env['UPCRT_CACHE_LINES'] = '0'  # exact counts: every remote access goes to MPI
    args = [upcrun, '-n', str(T)]
    name = 'upcc-stats.json'
    if mode == 'rma':
        env['UPCRT_FORCE_RMA'] = '1'
        name = 'pattern.json'
        args.append('-stats=' + os.path.join(tmp, name))
    elif mode == 'local':
        args.append('-stats')
    r = subprocess.run(args + [prog], cwd=tmp, env=env, capture_output=True, text=True,
                       timeout=120)
    sys.stdout.write(r.stdout + r.stderr)
    if r.returncode != 0 or 'PASS' not in r.stdout:
        sys.exit(f'stats_check: the program failed (exit status {r.returncode})')
    files = sorted(os.listdir(tmp))
    if mode == 'off':
        if files:
            sys.exit(f'stats_check: without -stats the run wrote {files}')
        print('PASS: no statistics file without -stats')
        sys.exit(0)
    if 'upc stats:' not in r.stderr:
        errors.append('no per-thread table on stderr')
    data = json.load(open(os.path.join(tmp, name)))
    svg = os.path.join(tmp, name[:-5] + '.svg')
    root = ET.parse(svg).getroot()
    check('svg root', root.tag, '{http://www.w3.org/2000/svg}svg')
    cells = [e for e in root.iter('{http://www.w3.org/2000/svg}rect') if e.find(
        '{http://www.w3.org/2000/svg}title') is not None]
    check('heat-map cells', len(cells), T * T)
    check('threads', data['threads'], T)
    check('records', len(data['per_thread']), T)
    for rec in data['per_thread']:
        me = rec['thread']
        nxt = (me + 1) % T
        remote = mode == 'rma' and nxt != me
        want = [0] * T
        reads, rbytes, writes, wbytes = list(want), list(want), list(want), list(want)
        if remote:
            reads[nxt] = P['NREAD'] + 1  # the upc_memget is one more read
            rbytes[nxt] = (P['NREAD'] + P['GETN']) * INT
            writes[nxt] = P['NWRITE']
            wbytes[nxt] = P['NWRITE'] * INT
        tag = f'thread {me}'
        check(tag + ' reads_to', rec['reads_to'], reads)
        check(tag + ' read_bytes_to', rec['read_bytes_to'], rbytes)
        check(tag + ' writes_to', rec['writes_to'], writes)
        check(tag + ' write_bytes_to', rec['write_bytes_to'], wbytes)
        check(tag + ' remote_reads', rec['remote_reads'], sum(reads))
        check(tag + ' remote_write_bytes', rec['remote_write_bytes'], sum(wbytes))
        check(tag + ' barriers', rec['barriers'], P['NBAR'])
        check(tag + ' locks', rec['locks'], P['NLOCK'])
        check(tag + ' bulk', rec['bulk'], 1)
        check(tag + ' bulk_bytes', rec['bulk_bytes'], P['GETN'] * INT)
        check(tag + ' bulk_local', rec['bulk_local'], 0 if remote else 1)
        for k in ('updates', 'collectives', 'atomics', 'nb', 'vis', 'lock_attempts', 'async',
                  'cache_hits', 'cache_misses'):
            check(tag + ' ' + k, rec[k], 0)
        for k in ('barrier_wait_s', 'lock_wait_s'):
            if not 0 <= rec[k] < 60:
                errors.append(f'{tag} {k}: {rec[k]} is not a plausible wait')
if errors:
    sys.exit('stats_check: FAIL\n  ' + '\n  '.join(errors))
print('PASS')
