/** What a person reads when something cannot be read offline: words that agree with what was asked for. */
import { describe, expect, it } from 'vitest';
import { notAvailableOffline } from './api-client';
import { describeError } from './describe-error';
import { notSavedAdvice, notSavedWords } from './not-saved-words';

describe('offline words', () => {
  it('agree in number with what was asked for', () => {
    expect(describeError(notAvailableOffline(), 'standards').hint).toBe(
      'These standards were not saved for offline use; they load by themselves when the network is back.',
    );
    expect(describeError(notAvailableOffline(), 'standard').hint).toBe(
      'This standard was not saved for offline use; it loads by itself when the network is back.',
    );
  });

  it('name the frameworks to save, or say plainly that theirs is not saved', () => {
    expect(notSavedWords(['California Math'])).toBe('California Math is not saved on this device');
    expect(notSavedWords(['A', 'B', 'A', 'C'])).toBe('A, B and C are not saved on this device');
    expect(notSavedWords([])).toBe('their framework is not saved on this device');
    expect(notSavedAdvice(['California Math'], 'load the file again')).toBe(
      'You are offline and California Math is not saved on this device. When the network is back, save it for offline use (“Make available offline” on the framework’s page), then load the file again.',
    );
  });
});
