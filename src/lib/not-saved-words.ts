/**
 * What a person reads when standards cannot be read offline because their framework is
 * not saved here: the framework by name (never "this standards"), and what to do.
 */
const listed = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** "California Math is not saved on this device" (or "their framework is not…" when no name is known). */
export function notSavedWords(frameworkNames: readonly string[]): string {
  const names = [...new Set(frameworkNames.filter(Boolean))];
  if (!names.length) return 'their framework is not saved on this device';
  return `${listed(names)} ${names.length === 1 ? 'is' : 'are'} not saved on this device`;
}

/** The whole sentence: "You are offline and California Math is not saved on this device: save it for offline use …". */
export function notSavedAdvice(frameworkNames: readonly string[], then: string): string {
  const names = [...new Set(frameworkNames.filter(Boolean))];
  const it = names.length > 1 ? 'them' : 'it';
  return `You are offline and ${notSavedWords(names)}. When the network is back, save ${it} for offline use (“Make available offline” on ${names.length > 1 ? 'each framework' : 'the framework'}’s page), then ${then}.`;
}
