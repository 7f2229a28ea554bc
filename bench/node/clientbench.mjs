// clientbench: askapi and a peer as an MCP client sees them (issue 31). Each run starts
// the server as a fresh process over stdio with the official TypeScript SDK's client and
// times, from the spawn: initialize answered, listTools() resolved (the client parses
// the list and compiles a validator for every output schema), and the first tool call
// answered. The server's peak RSS (VmHWM) is read before it is closed. Figures are the
// median of --runs runs.
//
//   node bench/node/clientbench.mjs --askapi BIN --spec FILE [--runs 5] [--json out.json]
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => {
  if (a.startsWith('--')) acc.push([a.slice(2), all[i + 1] && !all[i + 1].startsWith('--') ? all[i + 1] : true]);
  return acc;
}, []));
const runs = Number(args.runs || 5);
const peerBin = join(here, 'node_modules/@ivotoby/openapi-mcp-server/bin/mcp-server.js');
const base = 'http://127.0.0.1:9';

function hwm(pid) {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/);
    return m ? Number(m[1]) * 1024 : null;
  } catch { return null; }
}

async function once(cfg) {
  const t0 = performance.now();
  const transport = new StdioClientTransport({ command: cfg.command, args: cfg.args, env: { ...process.env, ...cfg.env }, stderr: 'ignore' });
  const client = new Client({ name: 'clientbench', version: '1' });
  const out = {};
  try {
    await client.connect(transport);
    out.init = performance.now() - t0;
    try {
      const list = await client.listTools();
      out.list = performance.now() - t0;
      out.tools = list.tools.length;
      out.listBytes = JSON.stringify(list).length;
    } catch (e) {
      out.list = performance.now() - t0;
      out.listError = String(e.message || e).slice(0, 160);
    }
    if (cfg.call && !out.listError) {
      try {
        await client.callTool(cfg.call);
        out.call = performance.now() - t0;
      } catch (e) {
        out.callError = String(e.message || e).slice(0, 160);
      }
    }
    out.rss = hwm(transport.pid);
  } finally {
    await client.close().catch(() => {});
  }
  return out;
}

function median(xs) {
  const v = xs.filter((x) => typeof x === 'number').sort((a, b) => a - b);
  return v.length ? v[Math.floor(v.length / 2)] : null;
}

async function measure(name, cfg, before) {
  const all = [];
  for (let i = 0; i < runs; i++) {
    if (before) before();
    all.push(await once(cfg));
  }
  const row = { name, runs };
  for (const k of ['init', 'list', 'call', 'rss', 'tools', 'listBytes']) row[k] = median(all.map((r) => r[k]));
  row.listError = all.find((r) => r.listError)?.listError;
  row.callError = all.find((r) => r.callError)?.callError;
  return row;
}

const spec = args.spec;
const askapi = args.askapi;
const find = { name: 'find_operations', arguments: { query: args.query || 'list issues of a repository' } };
const rows = [];
const cache = mkdtempSync(join(tmpdir(), 'clientbench-'));
const fresh = () => { rmSync(cache, { recursive: true, force: true }); };
for (const mode of ['auto', 'static']) {
  const cfg = (env) => ({ command: askapi, args: ['serve', '--spec', spec, '--base-url', base, '--mode', mode], env: { ASKAPI_CACHE_DIR: cache, ...env }, call: mode === 'auto' ? find : null });
  rows.push(await measure(`askapi ${mode}, no cache`, cfg({}), fresh));
  await once(cfg({})); // fill the cache
  rows.push(await measure(`askapi ${mode}, warm cache`, cfg({})));
}
if (!args['no-peer']) {
  rows.push(await measure('peer dynamic', { command: process.execPath, args: [peerBin, '--api-base-url', base, '--openapi-spec', spec, '--tools', 'dynamic'], call: { name: 'list-api-endpoints', arguments: {} } }));
  rows.push(await measure('peer all tools', { command: process.execPath, args: [peerBin, '--api-base-url', base, '--openapi-spec', spec, '--tools', 'all'] }));
}
rmSync(cache, { recursive: true, force: true });

const ms = (x) => (x == null ? '—' : `${Math.round(x)} ms`);
const mb = (x) => (x == null ? '—' : `${Math.round(x / 1048576)} MB`);
console.log(`spec ${spec}; ${runs} runs each, medians; times from the spawn`);
console.log('| server | initialize | listTools() | first call | peak RSS | tools | list bytes | note |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
for (const r of rows) {
  console.log(`| ${r.name} | ${ms(r.init)} | ${ms(r.list)} | ${ms(r.call)} | ${mb(r.rss)} | ${r.tools ?? '—'} | ${r.listBytes ?? '—'} | ${r.listError ? 'listTools rejected: ' + r.listError : ''}${r.callError ? ' call failed: ' + r.callError : ''} |`);
}
if (args.json) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(args.json, JSON.stringify({ spec, runs, rows }, null, 2));
}
