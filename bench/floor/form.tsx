import { useState, type FormEvent } from 'react';

/**
 * The floor's sign-in form: what any React 19 sign-in page must at least send and run (a heading,
 * two labelled fields, a button on a card). Rendered into an empty root (csr/) or prerendered at
 * build time and hydrated (prerendered/); see vite.config.ts.
 */
export function SignInForm() {
  const [message, setMessage] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setMessage(data.get('email') ? 'Checking…' : 'Enter your e-mail address.');
  };
  return (
    <main className="page">
      <form className="card" onSubmit={submit} noValidate>
        <h1>Sign in</h1>
        <p className="lead">Sign in to your patient account with your e-mail address and password.</p>
        <label htmlFor="email">E-mail</label>
        <input id="email" name="email" type="email" autoComplete="username" required />
        <label htmlFor="password">Password</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required />
        <p className="message" role="status">
          {message}
        </p>
        <button type="submit">Sign in</button>
      </form>
    </main>
  );
}
