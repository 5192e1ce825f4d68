// The home page's "Join the alpha" sign-ups, read by any signed-in researcher.
import { call } from './client';

/** Signup is one sign-up left on the home page. */
export interface Signup {
  email: string;
  name: string;
  /** epoch ms */
  created_at: number;
}

/** listSignups lists every sign-up, newest first. */
export async function listSignups(): Promise<Signup[]> {
  return (await call<{ signups?: Signup[] }>('/v1/signups')).signups ?? [];
}
