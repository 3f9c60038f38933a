/**
 * Skills in the selection messages, for hosts that ask for them (`skills=true`): each
 * chosen standard's learning components as an optional field of protocol v1. Messages
 * keep their order (each waits for the one before), and a standard whose skills cannot
 * be read (offline, not saved) goes without the field rather than with a wrong list.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ApiSource } from '../../lib/api-client';
import { skillAsText } from '../../lib/skill-text';
import type { EmbedItem, OutgoingMessage } from './embed-protocol';

async function withSkills(client: QueryClient, source: ApiSource, item: EmbedItem): Promise<EmbedItem> {
  try {
    // Loaded on first use: the picker's first load stays small.
    const { derivedSkillsOptions } = await import('../../api/derived-connections');
    // As every surface tells them: its own, or those of the standards rated identical, marked.
    const told = await client.fetchQuery(derivedSkillsOptions(client, source, item.caseIdentifierUUID));
    if (told.notSaved) return item;
    return {
      ...item,
      learningComponents: told.skills.map(skillAsText),
      ...(told.derivedThrough && { learningComponentsDerivedThrough: told.derivedThrough }),
    };
  } catch {
    return item;
  }
}

/** Wraps a sender so that every item of every message carries its skills, messages in order. */
export function sendingSkills(client: QueryClient, source: ApiSource, send: (m: OutgoingMessage) => void) {
  let queue = Promise.resolve();
  const add = (item: EmbedItem) => withSkills(client, source, item);
  return (message: OutgoingMessage) => {
    queue = queue.then(async () => {
      if ('item' in message) send({ ...message, item: await add(message.item) });
      else if ('items' in message) send({ ...message, items: await Promise.all(message.items.map(add)) });
      else send(message);
    });
  };
}
