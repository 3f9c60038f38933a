/**
 * The picker opened by an LMS through LTI deep linking (`/embed?lti=<session>`) has no
 * host script to tell: "Use" and "Cancel" post the choice to this server, which signs the
 * deep-linking answer and hands it to the LMS (server/lti). Every other message has no
 * one to go to.
 */
import type { HostChannel } from './host-channel';
import type { OutgoingMessage } from './embed-protocol';

export const LTI_RETURN_PATH = '/lti/deep-link';

export function openLtiReturn(session: string): HostChannel {
  const send = (message: OutgoingMessage) => {
    if (message.type !== 'done' && message.type !== 'cancel') return;
    const form = document.createElement('form');
    form.method = 'post';
    form.action = LTI_RETURN_PATH;
    const fields = {
      session,
      action: message.type === 'done' ? 'use' : 'cancel',
      ids: message.type === 'done' ? message.items.map((i) => i.caseIdentifierUUID).join(',') : '',
    };
    for (const [name, value] of Object.entries(fields)) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
  };
  return { send, stats: { received: 0, ignoredOrigin: 0, ignoredSource: 0, ignoredMalformed: 0 }, close: () => {} };
}
