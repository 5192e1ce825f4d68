// Researcher accounts: who is signed in, signing in and out, the first account.
import { call } from './client';

/** Researcher is a signed-in researcher account. */
export interface Researcher {
  name: string;
}

/** me answers who is signed in; it throws a 401 ResearcherApiError when nobody is. */
export function me(): Promise<Researcher> {
  return call<Researcher>('/v1/auth/me', { quiet401: true });
}

/** authStatus says whether any researcher account exists yet (no sign-in needed). */
export function authStatus(): Promise<{ accounts_exist: boolean }> {
  return call('/v1/auth/status', { quiet401: true });
}

/** login signs in; a wrong name or password is a 401, too many failures a 429 with retryAfter. */
export function login(name: string, password: string): Promise<Researcher> {
  return call<Researcher>('/v1/auth/login', { body: { name, password }, quiet401: true });
}

/** logout ends the session (if any). */
export async function logout(): Promise<void> {
  await call('/v1/auth/logout', { method: 'POST', body: {}, quiet401: true });
}

/** setup creates the first account from the one-time setup token and signs it in. */
export function setup(token: string, name: string, password: string): Promise<Researcher> {
  return call<Researcher>('/v1/auth/setup', { body: { token, name, password }, quiet401: true });
}

/** listResearchers lists every researcher account (to share a study with). */
export async function listResearchers(): Promise<Researcher[]> {
  return (await call<{ researchers?: Researcher[] }>('/v1/researchers')).researchers ?? [];
}
