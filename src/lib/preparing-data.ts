import { ApiError } from './api-client';

/** The local API answers 503 while it imports the data: ask again every few seconds until it is ready. */
export const isPreparingData = (error: unknown) =>
  error instanceof ApiError && error.status === 503 && error.error === 'ServiceUnavailableError';
