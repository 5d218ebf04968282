import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Message } from '../i18n';
import { renderWithProviders, wholeText } from '../testing/test-utils';
import { Address } from './address';
import styles from './address.module.css';

describe('Address', () => {
  it('shows the address as it is, in parts that end at "@" and at each dot', () => {
    const { container } = render(<Address>{'jana-novak.horvath@nemocnica-example.sk'}</Address>);
    const address = container.firstElementChild;
    expect(address?.tagName).toBe('SPAN');
    // What a screen reader reads and a copy carries: the address, nothing added.
    expect(address?.textContent).toBe('jana-novak.horvath@nemocnica-example.sk');
    expect([...(address?.children ?? [])].map((part) => part.textContent)).toEqual([
      'jana-novak.',
      'horvath@',
      'nemocnica-example.',
      'sk',
    ]);
  });

  it('keeps a part a line can hold as text that never breaks, and a longer one as a block that may break inside as a last resort', () => {
    const parts = (address: string) =>
      [...(render(<Address>{address}</Address>).container.firstElementChild?.children ?? [])].map((part) => ({
        text: part.textContent,
        long: part.className === styles.longPart,
      }));
    expect(parts('eva-maria.novak-horvath@nemocnica-example.sk')).toEqual([
      { text: 'eva-maria.', long: false },
      { text: 'novak-horvath@', long: false },
      { text: 'nemocnica-example.', long: true },
      { text: 'sk', long: false },
    ]);
    // 16 characters (with its "@" or dot) are the longest part sure of a line at twice the default text size on a 320 px screen.
    expect(parts('abcdefghijklmno@abcdefghijklmnop.sk').map(({ long }) => long)).toEqual([false, true, false]);
    expect(parts('jana@localhost').every(({ long }) => !long)).toBe(true);
  });

  it('stands in a message as its value, the sentence whole around it', () => {
    renderWithProviders(
      <p>
        <Message id="signIn.pin.description" values={{ email: <Address>{'eva-maria@example.sk'}</Address> }} />
      </p>,
      'sk',
    );
    const sentence = screen.getByText(wholeText('Na adresu eva-maria@example.sk sme poslali kód. Platí 10 minút.'));
    expect(sentence.tagName).toBe('P');
    expect(sentence.querySelector('span')?.textContent).toBe('eva-maria@example.sk');
  });
});
