import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { SignInForm } from './form';
import './floor.css';

// Floor (b): the HTML already holds the form (prerendered at build time, vite.config.ts); React hydrates it.
hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <SignInForm />
  </StrictMode>,
);
