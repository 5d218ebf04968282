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

  it('keeps a short first and last part as text that does not break, so that a bracket or full stop against them stays on their line', () => {
    const parts = (address: string) =>
      [...(render(<Address>{address}</Address>).container.firstElementChild?.children ?? [])].map((part) => ({
        text: part.textContent,
        edge: part.className === styles.edge,
      }));
    expect(parts('eva-maria.novak-horvath@nemocnica-example.sk')).toEqual([
      { text: 'eva-maria.', edge: true },
      { text: 'novak-horvath@', edge: false },
      { text: 'nemocnica-example.', edge: false },
      { text: 'sk', edge: true },
    ]);
    // A first part too long to be sure of a line keeps its last resort (a block that may break inside);
    // with two parts only, nothing would be left to break between them.
    expect(parts('evamarianovakhorvathova@example.sk').map(({ edge }) => edge)).toEqual([false, false, true]);
    expect(parts('jana@localhost').map(({ edge }) => edge)).toEqual([false, false]);
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
