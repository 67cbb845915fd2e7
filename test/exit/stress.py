#!/usr/bin/env python3
"""stress.py — runs every test that ends a job on purpose (every test whose
command is check_death.sh: the death tests of test/rts, test/upc, test/lib and
test/hunt, and the exit programs of test/exit) many times under each runtime
setup, and counts the runs that ended wrongly: a wrong status, a missing
message, an MPI banner, or no end within the test's time limit (check_death.sh
judges each run).  Not part of the default test run (docs/runtime.md, "How a job ends").

usage: test/exit/stress.py [-n RUNS] [-j JOBS] [-s SETUP,...] [-k REGEX]
                           [-o DIR] BUILD_DIR
  -n RUNS    runs of each test under each setup (default 200)
  -j JOBS    tests run at once (default 2)
  -s SETUPS  comma-separated from shm, rma, rmatiny (default all three): shm
             is the test's own environment, rma and rmatiny add what
             `meson test --setup rma|rmatiny` adds (test/meson.build); a
             test's own setting wins, as under meson
  -k REGEX   only tests whose name matches
  -o DIR     where the output of failed runs goes (default BUILD_DIR/stress-logs)
The tests are those of BUILD_DIR's meson-info (build them first); it prints
one line per test and setup, then totals, and exits 1 if any run failed.
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import time

SETUPS = {
    'shm': {},
    'rma': {'UPCRT_FORCE_RMA': '1'},
    'rmatiny': {'UPCRT_FORCE_RMA': '1', 'UPCRT_CACHE_LINES': '1', 'UPCRT_CACHE_LINE_SIZE': '8'},
}


# what a run says when ninja was rewriting its executable at the time
REBUILT = re.compile(r'execvp error on file .*\((Permission denied|Text file busy|No such file)')


def death_tests(build):
    with open(os.path.join(build, 'meson-info', 'intro-tests.json')) as f:
        tests = json.load(f)
    return [t for t in tests if t['cmd'] and t['cmd'][0].endswith('check_death.sh')]


def run_once(build, test, setup, logdir, index, tries=5):
    env = dict(os.environ)
    env.update(SETUPS[setup])
    env.update(test.get('env') or {})
    env['CHECK_DEATH_REPEAT'] = '1'
    # check_death.sh's own limit ends a hang; this one ends a stuck script
    limit = (test.get('timeout') or 120) + 30
    t0 = time.monotonic()
    try:
        p = subprocess.run(test['cmd'], cwd=test.get('workdir') or build, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=limit)
        ok, out = p.returncode == 0, p.stdout.decode(errors='replace')
    except subprocess.TimeoutExpired as e:
        ok, out = False, 'stress.py: check_death.sh itself did not end\n' + (
            e.stdout or b'').decode(errors='replace')
    took = time.monotonic() - t0
    if not ok and tries > 1 and REBUILT.search(out):
        # the shared build directory relinked the program under this run
        time.sleep(5)
        return run_once(build, test, setup, logdir, index, tries - 1)
    if not ok:
        name = '%s.%s.%d.log' % (test['name'], setup, index)
        with open(os.path.join(logdir, name), 'w') as f:
            f.write('$ %s\n%s' % (' '.join(test['cmd']), out))
        first = out.strip().splitlines()[0] if out.strip() else '(no output)'
        return False, took, first
    return True, took, ''


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('-n', type=int, default=200)
    ap.add_argument('-j', type=int, default=2)
    ap.add_argument('-s', default='shm,rma,rmatiny')
    ap.add_argument('-k', default='')
    ap.add_argument('-o', default='')
    ap.add_argument('build')
    a = ap.parse_args()
    build = os.path.abspath(a.build)
    setups = [s for s in a.s.split(',') if s]
    for s in setups:
        if s not in SETUPS:
            sys.exit('stress.py: unknown setup %s (shm, rma, rmatiny)' % s)
    logdir = os.path.abspath(a.o or os.path.join(build, 'stress-logs'))
    os.makedirs(logdir, exist_ok=True)
    tests = [t for t in death_tests(build) if re.search(a.k, t['name'])]
    if not tests:
        sys.exit('stress.py: no check_death tests in %s match "%s"' % (build, a.k))
    print('stress.py: %d tests x %d setups x %d runs, %d at once; failed runs in %s' %
          (len(tests), len(setups), a.n, a.j, logdir), flush=True)
    start = time.monotonic()
    total = failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.j) as pool:
        for setup in setups:
            for t in tests:
                futs = [pool.submit(run_once, build, t, setup, logdir, i) for i in range(a.n)]
                res = [f.result() for f in futs]
                bad = [r for r in res if not r[0]]
                total += len(res)
                failed += len(bad)
                slowest = max(r[1] for r in res)
                line = '%-8s %-44s %4d/%d ok, slowest %.1fs' % (setup, t['name'], len(res) - len(bad),
                                                                len(res), slowest)
                if bad:
                    line += '  FAIL: ' + bad[0][2]
                print(line, flush=True)
    mins = (time.monotonic() - start) / 60
    print('%d passed, %d failed (%d runs in %.1f minutes)' % (total - failed, failed, total, mins))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
