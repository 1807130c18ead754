type Scheme = Readonly<Record<string, unknown>>;

function flowsOf(flows: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, flow] of Object.entries((flows ?? {}) as Record<string, Scheme>)) {
    const { scopes, ...rest } = flow;
    out[name] = { ...rest, availableScopes: scopes ?? {} };
  }
  return out;
}

/**
 * An OpenAPI security scheme as AsyncAPI 3.0 writes it: `apiKey` becomes `httpApiKey`, OAuth
 * flows list `availableScopes`, mutual TLS is `X509`; `http` and `openIdConnect` keep their shape.
 */
export function asyncApiSecurityScheme(scheme: Scheme): Record<string, unknown> {
  const description =
    typeof scheme.description === "string" ? { description: scheme.description } : {};
  switch (scheme.type) {
    case "apiKey":
      return { type: "httpApiKey", name: scheme.name, in: scheme.in, ...description };
    case "oauth2":
      return { type: "oauth2", flows: flowsOf(scheme.flows), ...description };
    case "mutualTLS":
      return { type: "X509", ...description };
    case "openIdConnect":
      return { type: "openIdConnect", openIdConnectUrl: scheme.openIdConnectUrl, ...description };
    default: {
      const { type, scheme: name, bearerFormat } = scheme;
      return {
        type,
        ...(name === undefined ? {} : { scheme: name }),
        ...(bearerFormat === undefined ? {} : { bearerFormat }),
        ...description,
      };
    }
  }
}

/** An OpenAPI server URL as an AsyncAPI server (`https://h/v1` -> wss, host h, pathname /v1). */
export function asyncApiServer(server: {
  readonly url: string;
  readonly description?: string;
}): Record<string, unknown> | undefined {
  let url: URL;
  try {
    url = new URL(server.url);
  } catch {
    return undefined; // a relative URL names no host
  }
  const protocol = url.protocol === "https:" || url.protocol === "wss:" ? "wss" : "ws";
  const pathname = url.pathname.replace(/\/$/, "");
  return {
    host: url.host,
    protocol,
    ...(pathname === "" ? {} : { pathname }),
    ...(server.description === undefined ? {} : { description: server.description }),
  };
}
