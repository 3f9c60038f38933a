/**
 * One MCP server definition, served over stdio (`npm run mcp`) and Streamable HTTP
 * (`/mcp` on the running server). It reads everything through the REST API.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerAlignmentTool } from './alignment-tool';
import { registerExplorerTools } from './explorer-tools';
import { registerKnowledgeGraphTools } from './knowledge-graph-tools';
import type { FrameworkLists } from './framework-search';
import type { CallApi } from './rest-calls';

export const MCP_SERVER_INFO = { name: 'standards-explorer', version: '0.1.0' };

/** `lists`: given when the REST API is the hosted service's (proxy mode), which has no framework search. */
export function createMcpServer(call: CallApi, lists: FrameworkLists | null = null): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, {
    instructions:
      'Academic standards (Common Core and state frameworks), their skills (learning components) and progressions, from the Learning Commons Knowledge Graph data. Start with find_standard_statement (a code or keywords); pass a standard’s caseIdentifierUUID to the other tools. Keep each result’s attributionStatement with it.',
  });
  registerKnowledgeGraphTools(server, call, lists);
  registerExplorerTools(server, call, lists);
  registerAlignmentTool(server, call);
  return server;
}
