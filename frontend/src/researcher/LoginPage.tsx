import { useTitle } from '../lib/useTitle';

/** LoginPage is a placeholder until researcher accounts land (DESIGN.md, decision 1). */
export function LoginPage() {
  useTitle('Researcher sign-in');
  return (
    <section className="page--narrow" aria-labelledby="login-title">
      <h1 id="login-title">Researcher sign-in</h1>
      <p>Sign-in for researchers is not available in this build yet.</p>
    </section>
  );
}
