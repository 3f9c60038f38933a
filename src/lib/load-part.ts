import { ApiError } from './api-client';

/**
 * A part of the app loaded when first used. A load that fails (offline, with the part not
 * yet on the device) is a network error, said as one ("You are offline…"), never a
 * TypeError nobody can act on.
 */
export async function loadPart<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch {
    throw new ApiError(0, 'NetworkError', 'A part of the app could not be loaded. Check your connection and try again.', null);
  }
}
