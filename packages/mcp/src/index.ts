export { mcpServer } from "./mcp-server.js";
