#!/usr/bin/env node
// validate-tools.mjs — check a tools/list result the way the official MCP
// TypeScript SDK clients do, and report every tool they would reject.
//
// Usage:
//   node validate-tools.mjs [file.json]        (reads stdin when no file, or "-")
//
// Input: a tools/list result ({"tools":[...]}), the Inspector CLI's
// `--format json` envelope ({"result":{"tools":[...]}}), or a JSON-RPC
// response ({"jsonrpc":"2.0","id":1,"result":{"tools":[...]}}).
//
// Checks (each exactly as the SDK does it, using the SDK's own code):
//   v1  @modelcontextprotocol/sdk   ListToolsResultSchema.safeParse (zod), then
//       AjvJsonSchemaValidator.getValidator(outputSchema) for every tool —
//       Client.listTools() does this and THROWS for the whole list if any one
//       outputSchema fails to compile (client/index.js cacheToolMetadata).
//   v1  inputSchema compiled with the same validator (the v1 client does not do
//       this itself, but servers/clients built on the SDK do; treated as error).
//   v2  @modelcontextprotocol/core ListToolsResultSchema.safeParse and
//       @modelcontextprotocol/client AjvJsonSchemaValidator (dialect-dispatching,
//       Ajv2020 by default) for every outputSchema (v2 defers the error to
//       callTool of that tool only, but the tool is still unusable).
//   lint duplicate tool names (error); SEP-986 name regex
//       /^[A-Za-z0-9._-]{1,128}$/ from the SDK's shared/toolNameValidation.js
//       and Ajv "unknown format ... ignored" messages (warnings only).
//
// Exit status: 0 when no errors, 1 when any tool is invalid, 2 on bad input.
// Output: one line per problem on stderr, a summary line on stdout
// ("validate-tools: N tools, N invalid, N warnings").
import { readFileSync } from "node:fs";
import { ListToolsResultSchema as V1ListTools } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator as V1Ajv } from "@modelcontextprotocol/sdk/validation/ajv";
import { ListToolsResultSchema as V2ListTools } from "@modelcontextprotocol/core";
import { AjvJsonSchemaValidator as V2Ajv } from "@modelcontextprotocol/client/validators/ajv";

const TOOL_NAME_REGEX = /^[A-Za-z0-9._-]{1,128}$/;

function readInput() {
  const arg = process.argv[2];
  const text = !arg || arg === "-" ? readFileSync(0, "utf8") : readFileSync(arg, "utf8");
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    console.error(`validate-tools: input is not JSON: ${e.message}`);
    process.exit(2);
  }
  if (doc && typeof doc === "object" && doc.result && typeof doc.result === "object") doc = doc.result;
  if (!doc || typeof doc !== "object" || !Array.isArray(doc.tools)) {
    console.error("validate-tools: input has no tools array (expected a tools/list result)");
    process.exit(2);
  }
  return doc;
}

// Run fn while capturing console.warn/console.log (Ajv's default logger) output.
function capture(fn) {
  const msgs = [];
  const { warn, log } = console;
  console.warn = (...a) => msgs.push(a.join(" "));
  console.log = (...a) => msgs.push(a.join(" "));
  try {
    return { value: fn(), msgs };
  } catch (error) {
    return { error, msgs };
  } finally {
    console.warn = warn;
    console.log = log;
  }
}

const doc = readInput();
const tools = doc.tools;
const errors = new Map(); // label -> [messages]
const warnings = new Set();
const label = (i) => {
  const t = tools[i];
  return `tool[${i}]${t && typeof t.name === "string" ? ` ${t.name}` : ""}`;
};
const order = (k) => (k === "result" ? -1 : Number(k.slice(5, k.indexOf("]"))));
const addErr = (i, msg) => {
  const k = i === undefined ? "result" : label(i);
  if (!errors.has(k)) errors.set(k, []);
  errors.get(k).push(msg);
};

function zodIssues(which, parsed) {
  if (parsed.success) return;
  for (const issue of parsed.error.issues) {
    const path = issue.path ?? [];
    const idx = path[0] === "tools" && typeof path[1] === "number" ? path[1] : undefined;
    const rest = idx === undefined ? path : path.slice(2);
    addErr(idx, `${which} zod ListToolsResultSchema: ${rest.join(".") || "(root)"}: ${issue.message}`);
  }
}

zodIssues("v1", V1ListTools.safeParse(doc));
zodIssues("v2", V2ListTools.safeParse(doc));

// Fresh validators per schema kind, like one Client instance per connection.
const v1out = new V1Ajv();
const v1in = new V1Ajv();
const v2out = new V2Ajv();
const seen = new Map();
tools.forEach((tool, i) => {
  if (!tool || typeof tool !== "object") return;
  if (typeof tool.name === "string") {
    if (seen.has(tool.name)) addErr(i, `duplicate tool name (also tool[${seen.get(tool.name)}])`);
    else seen.set(tool.name, i);
    if (!TOOL_NAME_REGEX.test(tool.name)) {
      warnings.add(`${label(i)}: name does not match SEP-986 ${TOOL_NAME_REGEX}`);
    }
  }
  const compile = (which, validator, schemaKey) => {
    const schema = tool[schemaKey];
    if (!schema || typeof schema !== "object") return;
    const r = capture(() => validator.getValidator(schema));
    for (const m of r.msgs) warnings.add(`${label(i)}: ${which} ${schemaKey}: ajv: ${m}`);
    if (r.error) {
      addErr(i, `${which} ajv compile ${schemaKey}: ${String(r.error.message ?? r.error).split("\n")[0]}`);
    }
  };
  compile("v1", v1out, "outputSchema");
  compile("v1", v1in, "inputSchema");
  compile("v2", v2out, "outputSchema");
});

for (const w of warnings) console.error(`warning: ${w}`);
for (const [k, msgs] of [...errors].sort((a, b) => order(a[0]) - order(b[0]))) for (const m of msgs) console.error(`INVALID ${k}: ${m}`);
const invalid = errors.size;
console.log(`validate-tools: ${tools.length} tools, ${invalid} invalid, ${warnings.size} warnings`);
process.exit(invalid > 0 ? 1 : 0);
