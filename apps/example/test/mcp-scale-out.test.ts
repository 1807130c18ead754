import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempFolder } from "./support/example-server.js";
import { freePort } from "./support/free-port.js";
import { type Process, start, stop, until200 } from "./support/processes.js";

/** Round robin over the instances, no stickiness; each answer's upstream logged. */
function nginxConf(folder: string, upstreams: readonly number[], listen: number): string {
  return `worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 1024; }
http {
  log_format upstream '$request_method $uri $status $upstream_addr';
  access_log ${folder}/access.log upstream;
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  upstream trellis {
${upstreams.map((port) => `    server 127.0.0.1:${port} max_fails=0;`).join("\n")}
    keepalive 8;
  }
  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://trellis;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
    }
  }
}
`;
}

const folder = tempFolder("trellis-mcp-scale-");
const instances: Process[] = [];
let nginx: Process;
let front: string;

beforeAll(async () => {
  const ports = [await freePort(), await freePort()];
  const database = join(folder.path, "users.sqlite");
  for (const port of ports) {
    const env = {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_PATH: database,
      NODE_ENV: "production",
    };
    instances.push(start(process.execPath, ["src/main.ts"], env));
  }
  await Promise.all(
    ports.map((port, index) => until200(`http://127.0.0.1:${port}/users`, instances[index])),
  );
  for (const name of ["body", "proxy", "fastcgi", "uwsgi", "scgi"])
    mkdirSync(join(folder.path, name));
  const listen = await freePort();
  writeFileSync(join(folder.path, "nginx.conf"), nginxConf(folder.path, ports, listen));
  nginx = start("nginx", [
    "-p",
    folder.path,
    "-c",
    join(folder.path, "nginx.conf"),
    "-g",
    "daemon off;",
  ]);
  front = `http://127.0.0.1:${listen}`;
  await until200(`${front}/users`, nginx);
}, 120_000);

afterAll(async () => {
  await Promise.all([nginx, ...instances].filter(Boolean).map((process) => stop(process)));
  folder.remove();
}, 60_000);

describe("two example instances behind nginx, no sticky sessions", () => {
  it("answer every call of one SDK client, whichever instance gets it", async () => {
    const client = new Client({ name: "scale-out", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${front}/mcp`)));
    let failures = 0;
    const created: string[] = [];
    for (let index = 0; index < 12; index++) {
      const email = `user${index}@example.com`;
      const result = await client.callTool({
        name: "createUser",
        arguments: { body: { name: `User ${index}`, email } },
      });
      if (result.isError) failures += 1;
      else created.push((result.structuredContent as { id: string }).id);
      // Read it back: likely on the other instance (round robin).
      const read = await client.callTool({ name: "getUser", arguments: { id: created.at(-1) } });
      if (read.isError) failures += 1;
    }
    // A 2026-07-28 client too: no handshake, each request stands alone.
    const modern = new ModernClient(
      { name: "scale-out-v2", version: "1.0.0" },
      { versionNegotiation: { mode: { pin: "2026-07-28" } } },
    );
    await modern.connect(new ModernTransport(new URL(`${front}/mcp`)));
    for (let index = 12; index < 16; index++) {
      const result = await modern.callTool({
        name: "createUser",
        arguments: { body: { name: `User ${index}`, email: `user${index}@example.com` } },
      });
      if (result.isError) failures += 1;
      const id = (result.structuredContent as { id: string }).id;
      const read = await modern.callTool({ name: "getUser", arguments: { id } });
      if (read.isError) failures += 1;
    }
    await modern.close();
    const listed = await client.callTool({ name: "listUsers", arguments: { limit: 100 } });
    await client.close();
    expect(failures).toBe(0);
    expect((listed.structuredContent as { result: unknown[] }).result).toHaveLength(16);
    // Both instances answered MCP POSTs.
    const log = readFileSync(join(folder.path, "access.log"), "utf8").split("\n");
    const upstreams = new Set(
      log.filter((line) => line.startsWith("POST /mcp 200")).map((line) => line.split(" ")[3]),
    );
    expect(upstreams.size).toBe(2);
  }, 60_000);
});
