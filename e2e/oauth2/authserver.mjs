// A real OAuth2 authorization server on loopback for askapi's end-to-end test
// (e2e/oauth2_test.go): oauth2-mock-server, which signs JWT access tokens and serves the
// client-credentials, authorization-code and refresh-token grants, made strict here:
//
//   - clients authenticate (CLIENT_ID and CLIENT_SECRET, HTTP Basic or in the body);
//   - access tokens live TOKEN_TTL seconds;
//   - a refresh token works only if this server issued it and it is not revoked;
//   - POST /revoke {"token": ...} revokes an access or refresh token (RFC 7009);
//   - POST /introspect {"token": ...} says whether a token is active, and its scope
//     (RFC 7662), which the test's resource server asks for every request.
//
// It prints {"issuer": URL} on its first line, then one JSON line per token request:
// {"grant", "scope", "status", "access_token", "refresh_token"}. It stops when its stdin
// closes, so it never outlives the test that started it.
import { randomUUID } from "node:crypto";
import { OAuth2Server } from "oauth2-mock-server";

const ttl = Number(process.env.TOKEN_TTL || 3600);
const clientId = process.env.CLIENT_ID || "askapi-e2e";
const clientSecret = process.env.CLIENT_SECRET || "askapi-e2e-secret";

const server = new OAuth2Server();
await server.issuer.keys.generate("RS256");

const issued = new Map(); // access token -> {exp, scope}
const refreshTokens = new Set();
const revoked = new Set();

function clientOf(req) {
  const auth = req.headers.authorization || "";
  if (auth.startsWith("Basic ")) {
    const [id, secret] = Buffer.from(auth.slice(6), "base64").toString().split(":");
    return { id: decodeURIComponent(id), secret: decodeURIComponent(secret || "") };
  }
  return { id: req.body.client_id, secret: req.body.client_secret };
}

server.service.on("beforeTokenSigning", (token) => {
  token.payload.exp = token.payload.iat + ttl;
  token.payload.jti = randomUUID(); // two tokens signed in the same second differ
});

server.service.on("beforeResponse", (response, req) => {
  const grant = req.body.grant_type;
  const client = clientOf(req);
  const refuse = (status, error, description) => {
    response.statusCode = status;
    response.body = { error, error_description: description };
  };
  if (client.id !== clientId || client.secret !== clientSecret) {
    refuse(401, "invalid_client", "unknown client or wrong secret");
  } else if (grant === "refresh_token" && (!refreshTokens.has(req.body.refresh_token) || revoked.has(req.body.refresh_token))) {
    refuse(400, "invalid_grant", "the refresh token is revoked or unknown");
  } else {
    response.body.expires_in = ttl;
    if (grant === "refresh_token") revoked.add(req.body.refresh_token); // rotated: used once
    issued.set(response.body.access_token, { exp: Date.now() / 1000 + ttl, scope: response.body.scope || "" });
    if (response.body.refresh_token) refreshTokens.add(response.body.refresh_token);
  }
  console.log(JSON.stringify({
    grant, scope: req.body.scope || "", status: response.statusCode,
    access_token: response.body.access_token || "", refresh_token: response.body.refresh_token || "",
  }));
});

server.service.on("beforeRevoke", (_response, req) => {
  if (req.body && req.body.token) revoked.add(req.body.token);
});

server.service.on("beforeIntrospect", (response, req) => {
  const token = req.body && req.body.token;
  const t = issued.get(token);
  const active = !!t && !revoked.has(token) && t.exp > Date.now() / 1000;
  response.body = active ? { active, scope: t.scope, exp: Math.floor(t.exp) } : { active: false };
});

await server.start(0, "127.0.0.1");
console.log(JSON.stringify({ issuer: `http://127.0.0.1:${server.address().port}` }));
process.stdin.on("end", () => server.stop().then(() => process.exit(0)));
process.stdin.resume();
