// Words the researcher pages share for failures, so each is said one way everywhere.
import { ResearcherApiError } from './api';

/** waitText says a wait of seconds in words: "45 seconds", "1 minute", "15 minutes". */
export function waitText(seconds: number): string {
  if (seconds < 60) {
    const s = Math.max(1, Math.ceil(seconds));
    return `${s} second${s === 1 ? '' : 's'}`;
  }
  const m = Math.ceil(seconds / 60);
  return `${m} minute${m === 1 ? '' : 's'}`;
}

/** errorMessage is what to tell the researcher about a failed call. */
export function errorMessage(err: unknown): string {
  if (err instanceof ResearcherApiError) return err.message;
  return 'Something went wrong. Try again.';
}

/** signInMessage is what to say when a sign-in failed: the server's words, and for a
 * throttled sign-in how long to wait (from the server's retry_after when it sends one). */
export function signInMessage(err: unknown): string {
  if (err instanceof ResearcherApiError && err.code === 'rate_limited') {
    if (err.retryAfter !== undefined) {
      return `Too many failed sign-ins. Wait ${waitText(err.retryAfter)}, then try again.`;
    }
    return err.message;
  }
  return errorMessage(err);
}
