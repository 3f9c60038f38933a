/**
 * What a shared link's page says of the link: the link's size and what of it was read, in
 * one sentence whose counts agree, for a link read whole, in part, or not at all (standards
 * the data does not hold, or not readable offline).
 */
import { describe, expect, it } from 'vitest';
import { describeLinkReading, describeMissing } from './link-reading';

const standard = { item: { normalizedStatementType: 'Standard' }, path: [] };
const part = { item: { normalizedStatementType: 'Standard' }, path: [{ normalizedStatementType: 'Standard' }] };
const unit = [standard, part, part, standard];

describe('what a shared link holds, and what of it is read', () => {
  it('a link read whole is counted exactly', () => {
    expect(describeLinkReading({ total: 4, read: unit, missing: 0, failed: 0 })).toBe('2 standards (2 parts) in the link.');
  });

  it('a link none of whose standards are in this data says so, never “0 standards in the link”', () => {
    const reading = { total: 300, read: [], missing: 300, failed: 0 };
    expect(describeLinkReading(reading)).toBe('300 standards and parts in the link; none of them is in this data.');
    expect(describeMissing(reading)).toBe(
      'They may be retired, or from other data: there is nothing to show, save or export. Their CASE UUIDs:',
    );
    const one = { total: 1, read: [], missing: 1, failed: 0 };
    expect(describeLinkReading(one)).toBe('1 standard in the link; it is not in this data.');
    expect(describeMissing(one)).toMatch(/^It may be retired/);
  });

  it('a link partly in this data says both counts', () => {
    const reading = { total: 6, read: unit, missing: 2, failed: 0 };
    expect(describeLinkReading(reading)).toBe('6 standards and parts in the link; 2 standards (2 parts) of them are in this data.');
    expect(describeMissing(reading)).toBe(
      '2 standards and parts in this link are not in this data (retired, or from other data), and are left out:',
    );
    expect(describeLinkReading({ total: 2, read: [standard], missing: 1, failed: 0 })).toBe(
      '2 standards and parts in the link; 1 standard of them is in this data.',
    );
    expect(describeMissing({ total: 2, read: [standard], missing: 1, failed: 0 })).toMatch(/^1 standard in this link is not in this data/);
  });

  it('a link not readable offline says what could be read, as the offline notice counts it', () => {
    expect(describeLinkReading({ total: 9, read: [], missing: 0, failed: 9 })).toBe(
      '9 standards and parts in the link; none of them could be read.',
    );
    expect(describeLinkReading({ total: 13, read: unit, missing: 0, failed: 9 })).toBe(
      '13 standards and parts in the link; 2 standards (2 parts) of them could be read.',
    );
  });
});
