import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { forgetUsedLinks } from './shared/link-request/link-check';

// The page's live regions (shared/a11y) repeat what the screen shows; tests read them with
// `announced()` (shared/testing/test-utils), and the screen's own text stays found once.
configure({ defaultIgnore: 'script, style, [data-announcer]' });

afterEach(() => {
  cleanup();
  // A page's record of the links it used lives as long as the page: one test is one page.
  forgetUsedLinks();
});
