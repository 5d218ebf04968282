/**
 * The page's only script at load (docs/decisions/0117-server-rendered-first-view.md, "Nothing
 * before the first paint"): the server's markup and its stylesheets paint on their own, so the app
 * (React and the screens) is fetched once the browser has painted that markup, and the first paint
 * never shares the network or the main thread with it.
 *
 * Until the app has taken the page over, what a person does on it is kept: typing stays in the
 * fields (the app hydrates the same fields), and a press of a button, a choice in a list or a form sent is held here
 * and done again once the app is there, and so is a box ticked ("Early presses", same record). Without this a press on a
 * slow link would do nothing and a form would go the browser's way, to come back empty.
 */

import { APP_READY_EVENT, PAGE_PAYLOAD_ID, pageModules } from './boot-signals';

/** What a person did before the app took the page over, on the element (`on`) it was done to. */
type Held =
  | { kind: 'press'; on: HTMLButtonElement }
  | { kind: 'send'; on: HTMLFormElement; submitter: HTMLElement | null }
  | { kind: 'choose'; on: HTMLSelectElement; value: string }
  | { kind: 'tick'; on: HTMLInputElement; checked: boolean };

const held: Held[] = [];
const HELD_EVENTS = ['click', 'submit', 'change'] as const;

/** Holds `entry` in place of an earlier one of its kind on the same element: the last one counts. */
function holdLatest(entry: Held): void {
  const others = held.filter((other) => !(other.kind === entry.kind && other.on === entry.on));
  held.splice(0, held.length, ...others, entry);
}

/** A choice in a list (the language): hydration may set the list back. */
const holdChoice = (select: HTMLSelectElement) => holdLatest({ kind: 'choose', on: select, value: select.value });

/** A box (the shared-computer choice): it shows ticked at once, but the app holds its own state. */
const holdTick = (box: HTMLInputElement) => holdLatest({ kind: 'tick', on: box, checked: box.checked });

/**
 * A form sent or a button pressed is held, and goes no further: the app, which may already listen
 * (it has taken the page over, its held presses wait for the browser to be idle), hears it once,
 * when it is done again. Heard now as well, it would be sent twice: two sign-ins for one press.
 */
function hold(event: Event): void {
  const target = event.target;
  if (event.type === 'submit' && target instanceof HTMLFormElement) {
    event.preventDefault();
    event.stopPropagation();
    const { submitter } = event as SubmitEvent;
    // Enter pressed three times while waiting is one sending.
    holdLatest({ kind: 'send', on: target, submitter });
    // The button shows that it is at work, as the app's does while its call runs (global.css):
    // on a slow phone the app may take seconds to come, and nothing else would move.
    submitter?.setAttribute('aria-busy', 'true');
  } else if (event.type === 'change' && target instanceof HTMLSelectElement) {
    holdChoice(target);
  } else if (event.type === 'change' && target instanceof HTMLInputElement && target.type === 'checkbox') {
    holdTick(target);
  } else if (event.type === 'click' && target instanceof Element) {
    // Only the app's own buttons: links, fields and boxes work without it.
    const button = target.closest('button[type="button"]');
    if (button instanceof HTMLButtonElement) {
      event.stopPropagation();
      held.push({ kind: 'press', on: button });
    }
  }
}

/** The held presses and sendings, in their order, once the app has taken the page over (or, should it not load, the browser's way). */
function replay(): void {
  for (const type of HELD_EVENTS) document.removeEventListener(type, hold, true);
  for (const entry of held.splice(0)) {
    if (entry.kind === 'send') {
      // The app's button shows its own call from here on (or the browser's sending, should the app not come).
      entry.submitter?.removeAttribute('aria-busy');
    }
    if (!entry.on.isConnected) continue;
    if (entry.kind === 'press') {
      entry.on.click();
    } else if (entry.kind === 'choose') {
      entry.on.value = entry.value;
      entry.on.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (entry.kind === 'tick') {
      // Whatever hydration left in the box, a click from the other state ends in the person's
      // choice, and the app hears it as a change (React's tracker saw the other state last).
      entry.on.checked = !entry.checked;
      entry.on.click();
    } else {
      const { on: form, submitter } = entry;
      form.requestSubmit(submitter instanceof HTMLButtonElement && submitter.form === form ? submitter : null);
    }
  }
}

let started = false;
function startApp(): void {
  if (started) return;
  started = true;
  // The painted screen's own code comes with the app (main.tsx waits for it before hydrating).
  for (const href of pageModules(document)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  // Should the app not load, what was held goes the browser's way (a form is sent as a plain form).
  import('./main').catch(replay);
}

// The app's first commit leaves the screen's inner parts (its Suspense boundaries) to be hydrated
// in the tasks that follow, and React drops a press on a part not yet hydrated: the held presses
// wait until the browser is idle, which is after that work.
document.addEventListener(
  APP_READY_EVENT,
  () => {
    if ('requestIdleCallback' in window) requestIdleCallback(replay, { timeout: 1_000 });
    else setTimeout(replay, 50);
  },
  { once: true },
);

for (const type of HELD_EVENTS) document.addEventListener(type, hold, true);

// A module script runs once the page is parsed, and on a slow link that can be after the person's
// first choice: a list or a box that no longer shows what the page painted was changed before this
// script heard it, and is held as if it had.
for (const select of document.querySelectorAll('select')) {
  const painted = [...select.options].find((option) => option.defaultSelected) ?? select.options[0];
  if (painted && select.value !== painted.value) holdChoice(select);
}
for (const box of document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')) {
  if (box.checked !== box.defaultChecked) holdTick(box);
}

if (
  !document.getElementById(PAGE_PAYLOAD_ID) ||
  document.visibilityState === 'hidden' ||
  !PerformanceObserver.supportedEntryTypes?.includes('paint')
) {
  // A page the server did not render has nothing to paint before the app; a hidden tab paints
  // nothing, and a browser that cannot tell its paints would wait for nothing.
  startApp();
} else {
  // The task after the first contentful paint is reported.
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    setTimeout(startApp, 0);
  }).observe({ type: 'paint', buffered: true });
  // Should no paint be reported, the page's load is the latest start, once a frame has been painted
  // after it: the load event may come just before the first paint, and a callback of the next frame
  // runs before that frame paints, so the frame after it is awaited.
  addEventListener('load', () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(startApp, 0))), {
    once: true,
  });
  document.addEventListener('visibilitychange', startApp, { once: true });
}
