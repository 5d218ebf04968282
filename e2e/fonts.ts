// What the browser really draws text with (Chromium's own answer, through the DevTools protocol),
// for the tests of the fonts (docs/decisions/0117-server-rendered-first-view.md, "Fonts").
import type { CDPSession, Locator, Page } from '@playwright/test';

export interface DrawnFont {
  familyName: string;
  isCustomFont: boolean;
}

/**
 * The fonts the text of `element` is drawn with: their names, and whether each is a web font. The
 * element's own text, or else that of its first descendant with text (a button's label sits in a
 * span). One DevTools session per page, opened on first use.
 */
export async function drawnFonts(element: Locator): Promise<DrawnFont[]> {
  await element.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT, (node) =>
      (node.textContent ?? '').trim() === '' ? NodeFilter.FILTER_SKIP : NodeFilter.FILTER_ACCEPT,
    );
    const holder = walker.nextNode()?.parentElement ?? element;
    document.querySelectorAll('[data-drawn-fonts]').forEach((old) => old.removeAttribute('data-drawn-fonts'));
    holder.setAttribute('data-drawn-fonts', '');
  });
  const cdp = await sessionOf(element.page());
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-drawn-fonts]' });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  return fonts.map(({ familyName, isCustomFont }) => ({ familyName, isCustomFont }));
}

const sessions = new WeakMap<Page, Promise<CDPSession>>();

function sessionOf(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (session === undefined) {
    session = (async () => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      return cdp;
    })();
    sessions.set(page, session);
  }
  return session;
}
