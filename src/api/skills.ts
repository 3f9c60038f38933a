/**
 * Learning components (contract operations 11–12 and the local extension that follows a
 * skill to its standards): the skills inside a standard, one skill, and every standard
 * that expects it. Each list is read whole (a standard has at most a few dozen skills)
 * and kept for the session; offline, what frameworks saved with their skills hold.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  frameworkLearningComponentSchema,
  learningComponentSchema,
  supportedStandardSchema,
  type LearningComponent,
  type SupportedStandard,
} from '../../contract/learning-component-schemas';
import { pageSchema } from '../../contract/schemas';
import { ApiError, getJson, isNetworkError, type ApiSource } from '../lib/api-client';
import { collectPages } from '../lib/paging';
import { savedSkill, savedSkillsOf, savedStandardsOfSkill } from '../lib/saved-skills';
import { withSavedFallback } from './saved-fallback';

const skillPage = pageSchema(learningComponentSchema);
const supportedPage = pageSchema(supportedStandardSchema);

export const skillKeys = {
  all: ['skills'] as const,
  ofStandard: (source: ApiSource, id: string) => [...skillKeys.all, source.baseUrl, 'standard', id] as const,
  detail: (source: ApiSource, identifier: string) => [...skillKeys.all, source.baseUrl, identifier] as const,
  standards: (source: ApiSource, identifier: string) => [...skillKeys.all, source.baseUrl, identifier, 'standards'] as const,
};

/** The skills that support a standard, in the order the service gives (the local API: by description). */
export function standardSkillsOptions(source: ApiSource, id: string) {
  return queryOptions({
    queryKey: skillKeys.ofStandard(source, id),
    queryFn: ({ signal }) =>
      withSavedFallback(
        () =>
          collectPages((cursor) =>
            getJson(source, `/academic-standards/${encodeURIComponent(id)}/learning-components`, skillPage, {
              params: { limit: 1000, cursor },
              signal,
            }),
          ),
        () => savedSkillsOf(source.baseUrl, id),
      ),
    staleTime: 30 * 60_000,
  });
}

export function skillOptions(source: ApiSource, identifier: string) {
  return queryOptions({
    queryKey: skillKeys.detail(source, identifier),
    queryFn: ({ signal }) =>
      withSavedFallback(
        () => getJson(source, `/learning-components/${encodeURIComponent(identifier)}`, learningComponentSchema, { signal }),
        () => savedSkill(source.baseUrl, identifier),
      ),
    staleTime: 30 * 60_000,
  });
}

export interface SkillStandards {
  standards: SupportedStandard[];
  /** Where the list came from: the service (every framework), or the frameworks saved on this device. */
  from: 'service' | 'saved';
}

/**
 * Every standard the skill supports (the local API's extension), framework by framework.
 * Offline, the standards of frameworks saved with their skills, and it says so.
 */
export function skillStandardsOptions(source: ApiSource, identifier: string) {
  return queryOptions({
    queryKey: skillKeys.standards(source, identifier),
    queryFn: ({ signal }) =>
      withSavedFallback<SkillStandards>(
        async () => ({
          standards: await collectPages((cursor) =>
            getJson(source, `/learning-components/${encodeURIComponent(identifier)}/academic-standards`, supportedPage, {
              params: { limit: 1000, cursor },
              signal,
            }),
          ),
          from: 'service',
        }),
        async () => {
          const standards = await savedStandardsOfSkill(source.baseUrl, identifier);
          return standards && { standards, from: 'saved' };
        },
      ),
    staleTime: 30 * 60_000,
  });
}

const frameworkSkillPage = pageSchema(frameworkLearningComponentSchema);

/** Every skill of a framework's standards through the local extension, by standard; undefined where it is not offered. */
export async function frameworkSkills(source: ApiSource, frameworkId: string, signal?: AbortSignal) {
  let rows;
  try {
    rows = await collectPages((cursor) =>
      getJson(source, `/standards-frameworks/${encodeURIComponent(frameworkId)}/learning-components`, frameworkSkillPage, {
        params: { limit: 2000, cursor },
        signal,
      }),
    );
  } catch (e) {
    // Offline: item by item, from what was saved; the hosted service: no such extension.
    if (isNetworkError(e) || (e instanceof ApiError && (e.status === 404 || e.status === 400))) return undefined;
    throw e;
  }
  const byStandard = new Map<string, LearningComponent[]>();
  for (const { standardCaseIdentifierUUID, ...skill } of rows) {
    const list = byStandard.get(standardCaseIdentifierUUID);
    if (list) list.push(skill);
    else byStandard.set(standardCaseIdentifierUUID, [skill]);
  }
  return byStandard;
}
