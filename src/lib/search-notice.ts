/**
 * What a link's search params had that could not be used. The router normalizes the
 * URL right after validation, so the bad values are caught here, at validation time,
 * and shown once by the page that opens.
 */
let pending: string[] = [];

export function reportSearchProblems(problems: string[]) {
  if (problems.length) pending = problems;
}

export function takeSearchProblems(): string[] {
  const taken = pending;
  pending = [];
  return taken;
}
