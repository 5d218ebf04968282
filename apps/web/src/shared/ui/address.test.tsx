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

  it('joins each hyphen to the character after it, so that no line ends at a hyphen, and adds no box and no text', () => {
    const { container } = render(<Address>{'eva-maria.novak--horvath@nemocnica-example.sk'}</Address>);
    const address = container.firstElementChild;
    const joined = [...(address?.querySelectorAll(`.${styles.joined}`) ?? [])].map((piece) => piece.textContent);
    expect(joined).toEqual(['-m', '--h', '-e']);
    expect(address?.querySelectorAll(`.${styles.part}`)).toHaveLength(4);
    // Every element is a plain span: no element of its own for a screen reader, nothing but the address.
    expect([...(address?.querySelectorAll('*') ?? [])].every((element) => element.tagName === 'SPAN')).toBe(true);
    expect(address?.textContent).toBe('eva-maria.novak--horvath@nemocnica-example.sk');
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
