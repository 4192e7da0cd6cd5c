#!/usr/bin/env python3
"""Every variation formula reads only its own parameters.

A prepared xform keeps only its variations' parameters, a block each
(fr_flame_xform_pre.prm), and a formula reads its block through
fr_flame_vctx.pv by the local indices FR_PL_<VAR>_<NAME>. A formula that
named another variation's parameter would read a wrong number, silently:
this check reads the formula headers (src/flame/flame_var_*.h) and fails on
 - a function called for variation V (flame_var_calls.h) that names a
   parameter of another variation, or a helper naming two variations';
 - an FR_PL_ name that the registry does not define;
 - a read of the old full parameter array (x->param, FR_P_ or FR_PF_ in a
   formula header).
Usage: check_var_params.py SOURCE_DIR
"""
import collections
import glob
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..')
fl = os.path.join(root, 'src', 'flame')
owner = {}  # PARAM ID_NAME -> variation ID
for fn in glob.glob(os.path.join(fl, 'flame_var_list*.h')):
    for m in re.finditer(r'PARAM\((\w+),\s*(\w+),', open(fn).read()):
        owner['%s_%s' % (m.group(1), m.group(2))] = m.group(1)
# parameters of a list macro that makes several variations (PARAM(ID, NAME, ...)
# with its ID an argument: ID_NAME for each variation it makes)
templated = {k[3:] for k, v in owner.items() if v == 'ID'}
calls = collections.defaultdict(set)  # function -> variation IDs it is called for
for m in re.finditer(r'X\(FR_V_(\w+),\s*\d+,\s*(.*?)\)\s*\\?\n', open(os.path.join(fl, 'flame_var_calls.h')).read()):
    for f in re.findall(r'(fr_\w+)\(', m.group(2)):
        calls[f].add(m.group(1))
skip = ('flame_var_list', 'flame_var_calls.h', 'flame_var_common.h')
files = [f for f in sorted(glob.glob(os.path.join(fl, 'flame_var_*.h')))
         if not os.path.basename(f).startswith(skip)]
bad = []
funcs = 0
for fn in files:
    s = open(fn).read()
    name = os.path.basename(fn)
    for m in re.finditer(r'x->param\b|\bFR_PF?_\w+', s):
        bad.append('%s: %s (the full parameter array: a formula reads f->pv[FR_PL_*])' % (name, m.group(0)))
    for m in re.finditer(r'\n(?:FR_HD\w*\s+)?(?:static\s+)?[\w\s\*]+?\b(fr_\w+)\s*\([^;{]*\)\s*\{', s):
        fname, i, depth = m.group(1), m.end(), 1
        while depth:
            depth += (s[i] == '{') - (s[i] == '}')
            i += 1
        used = re.findall(r'FR_PL_(\w+)', s[m.end():i])
        for p in used:
            for t in templated:
                if p not in owner and p.endswith('_' + t):
                    owner[p] = p[:-len(t) - 1]
        funcs += 1
        for p in used:
            if p not in owner:
                bad.append('%s: %s: FR_PL_%s is no parameter of the registry' % (name, fname, p))
        ids = {owner[p] for p in used if p in owner}
        if not ids:
            continue
        if fname in calls:
            if not ids <= calls[fname] or len(calls[fname]) > 1:
                bad.append('%s: %s reads parameters of %s, is called for %s' %
                           (name, fname, sorted(ids), sorted(calls[fname])))
        elif len(ids) > 1:
            bad.append('%s: helper %s reads parameters of %s' % (name, fname, sorted(ids)))
for b in bad:
    print(b)
if funcs < 300:
    print('only %d functions found in %d headers: the check no longer reads them' % (funcs, len(files)))
    sys.exit(1)
print('%d formula functions in %d headers: %s' % (funcs, len(files), 'ok' if not bad else '%d faults' % len(bad)))
sys.exit(1 if bad else 0)
