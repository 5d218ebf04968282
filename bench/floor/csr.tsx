import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SignInForm } from './form';
import './floor.css';

// Floor (a): rendered in the browser into an empty root.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SignInForm />
  </StrictMode>,
);
