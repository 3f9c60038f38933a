/**
 * Every tool answers alike: structured content (checked against its output schema by the
 * SDK) and a short text a model or person can read. A problem with the arguments is a
 * tool error (`isError`) saying what to change; any other failure is a tool error too,
 * never a crash, a hang or a stack trace, and the server goes on serving.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ToolInputError } from './rest-calls';

/** Said under every answer: CC BY 4.0 asks that the attribution travel with the data. */
export const ATTRIBUTION_NOTE = 'Keep each item’s attributionStatement with it wherever you show it (CC BY 4.0).';

export async function toolResult(run: () => Promise<{ structured: Record<string, unknown>; text: string }>): Promise<CallToolResult> {
  try {
    const { structured, text } = await run();
    return { structuredContent: structured, content: [{ type: 'text', text: `${text}\n\n${ATTRIBUTION_NOTE}` }] };
  } catch (e) {
    const message =
      e instanceof ToolInputError
        ? e.message
        : `The standards data could not be read (${e instanceof Error ? e.message.slice(0, 200) : 'unknown error'}). Try again in a moment.`;
    return { isError: true, content: [{ type: 'text', text: message }] };
  }
}
