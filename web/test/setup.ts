import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Mantine asks the browser for media queries and element sizes, which jsdom does not implement.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
// Mantine's Combobox scrolls its options into view.
Element.prototype.scrollIntoView ??= () => undefined;
// Mantine's growing text area listens for fonts to load, which jsdom does not do.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

afterEach(cleanup);
