import { createContext } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { useProvided } from './use-provided';

const Colour = createContext<string | null>(null);

function Shows() {
  return <p>{useProvided(Colour, 'useColour')}</p>;
}

describe('useProvided', () => {
  it("gives the provider's value, an empty text included", () => {
    render(
      <Colour value="">
        <Shows />
      </Colour>,
    );
    expect(screen.getByRole('paragraph').textContent).toBe('');
  });

  it('names the hook when it is called outside its provider', () => {
    // React reports the error it rethrows; the test is about the error itself.
    const original = console.error;
    console.error = () => {};
    try {
      expect(() => render(<Shows />)).toThrow('useColour was called outside its provider');
    } finally {
      console.error = original;
    }
  });
});
