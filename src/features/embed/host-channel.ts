/**
 * The embed's side of the conversation with its host page. Messages go only to the
 * configured origins (never "*"); anything from another origin, another window, or in
 * a shape the protocol does not define is ignored and counted, never thrown.
 */
import { envelope, incomingMessageSchema, type IncomingMessage, type OutgoingMessage } from './embed-protocol';

export interface ChannelStats {
  received: number;
  ignoredOrigin: number;
  ignoredSource: number;
  ignoredMalformed: number;
}

export interface HostChannel {
  send: (message: OutgoingMessage) => void;
  stats: ChannelStats;
  close: () => void;
}

export function openHostChannel(
  origins: readonly string[],
  onMessage: (message: IncomingMessage) => void,
  target: Window = window.parent,
): HostChannel {
  const stats: ChannelStats = { received: 0, ignoredOrigin: 0, ignoredSource: 0, ignoredMalformed: 0 };
  // Where the host has spoken from; until then, every allowed origin (the browser only
  // delivers to the one that matches the parent).
  let confirmed: string | null = null;

  const ignore = (kind: 'ignoredOrigin' | 'ignoredSource' | 'ignoredMalformed', origin: string) => {
    stats[kind]++;
    console.debug(`[standards-explorer embed] ${kind} from ${origin}`, { ...stats });
  };
  const listener = (event: MessageEvent) => {
    if (!origins.includes(event.origin)) return ignore('ignoredOrigin', event.origin);
    if (event.source !== target) return ignore('ignoredSource', event.origin);
    const parsed = incomingMessageSchema.safeParse(event.data);
    if (!parsed.success) return ignore('ignoredMalformed', event.origin);
    stats.received++;
    confirmed = event.origin;
    onMessage(parsed.data);
  };
  window.addEventListener('message', listener);
  // For hosts and tests: how many messages were ignored and why.
  (window as unknown as { standardsExplorerEmbed?: { stats: ChannelStats } }).standardsExplorerEmbed = { stats };

  return {
    stats,
    send: (message) => {
      if (target === window) return; // not framed: nobody to tell
      for (const origin of confirmed ? [confirmed] : origins) {
        try {
          target.postMessage(envelope(message), origin);
        } catch {
          // A detached or closed parent: nothing to deliver to.
        }
      }
    },
    close: () => window.removeEventListener('message', listener),
  };
}
