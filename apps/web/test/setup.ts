// Vitest setup of the web project: jest-dom matchers, the dialog methods jsdom lacks, and a
// clean DOM, storage and cookies after every test.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait up to 15 s instead of 1 s: a lazy route's first import takes longer than a
// second while the machine is busy (CI runs other suites beside this one; 5 s was once too short at
// a load of 40), and a test must not depend on the machine being idle. A passing assertion still
// returns at once; the test's own limit (30 s) stays above this one.
configure({ asyncUtilTimeout: 15_000 });

polyfillDialog();

// Test files share one jsdom per worker (isolate: false in vitest.config.ts): nothing a test
// leaves in storage or cookies may reach the next file.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});

/**
 * jsdom has HTMLDialogElement but not showModal(), show() or close(), nor the browser's
 * Escape handling. This stands in for them the way browsers behave: showModal() sets open
 * and puts the dialog on top; close() clears open and fires close; Escape fires a
 * cancelable cancel at the topmost modal dialog and closes it unless the cancel is refused.
 * (Focus trapping and inertness are the browser's; the end-to-end tests cover them.)
 */
function polyfillDialog(): void {
  if (typeof HTMLDialogElement === 'undefined' || typeof HTMLDialogElement.prototype.showModal === 'function') return;
  const modals: HTMLDialogElement[] = [];
  const proto = HTMLDialogElement.prototype;
  if (!Object.getOwnPropertyDescriptor(proto, 'open')) {
    Object.defineProperty(proto, 'open', {
      configurable: true,
      get(this: HTMLDialogElement) {
        return this.hasAttribute('open');
      },
      set(this: HTMLDialogElement, value: boolean) {
        this.toggleAttribute('open', value);
      },
    });
  }
  proto.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.showModal = function showModal(this: HTMLDialogElement) {
    if (!this.isConnected) throw new DOMException('The dialog is not connected.', 'InvalidStateError');
    if (this.hasAttribute('open')) throw new DOMException('The dialog is already open.', 'InvalidStateError');
    this.setAttribute('open', '');
    modals.push(this);
  };
  proto.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.hasAttribute('open')) return;
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.removeAttribute('open');
    const index = modals.indexOf(this);
    if (index >= 0) modals.splice(index, 1);
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const top = modals.filter((dialog) => dialog.isConnected).at(-1);
    if (!top) return;
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}
