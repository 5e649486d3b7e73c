import {
  Button,
  Container,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  Loader,
  type MantineColorsTuple,
} from '@mantine/core';
import numberInputClasses from './number-input.module.css';

/** A deep maple red: shade 8 keeps white text above 4.5:1 contrast. */
const maple: MantineColorsTuple = [
  '#fff0f0',
  '#ffdede',
  '#f9b9b9',
  '#f39191',
  '#ed6e6e',
  '#ea5858',
  '#e84b4b',
  '#cf3c3d',
  '#b93335',
  '#a2262c',
];

/**
 * Mantine's orange with a darker last shade: 'orange.9' is the text of warnings (low stock, choose a
 * size), and Mantine's own (#d9480f) is 4.1:1 on the page's grey, under WCAG AA's 4.5:1; this is
 * 6.2:1. The lighter shades (badges, alerts) are Mantine's.
 */
const [o0, o1, o2, o3, o4, o5, o6, o7, o8] = DEFAULT_THEME.colors.orange;
const orange: MantineColorsTuple = [o0, o1, o2, o3, o4, o5, o6, o7, o8, '#a63c06'];

/**
 * Mantine's green with a darker last shade: 'green.9' is the text of good news (in stock, free
 * shipping, a discount), and Mantine's own (#2b8a3e) is 4.4:1 on white and 4.1:1 on the page's grey;
 * this is 5.4:1 and 5.1:1.
 */
const [g0, g1, g2, g3, g4, g5, g6, g7, g8] = DEFAULT_THEME.colors.green;
const green: MantineColorsTuple = [g0, g1, g2, g3, g4, g5, g6, g7, g8, '#237a35'];

export const theme = createTheme({
  primaryColor: 'maple',
  primaryShade: 8,
  colors: { maple, orange, green },
  defaultRadius: 'md',
  // Focus rings for keyboard users, none on mouse clicks.
  focusRing: 'auto',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
  headings: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '700',
  },
  components: {
    Container: Container.extend({ defaultProps: { size: 'lg' } }),
    Button: Button.extend({ defaultProps: { radius: 'md' } }),
    // A spinner says what is loading (its aria-label) as a status: a bare <span> may not be named.
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
    // A table wider than its page shows its scrollbar, not only under a mouse: on a phone, or to a
    // reader who would not guess that columns are hidden to the right. Named, not imported, so that
    // a shopper's first page does not load the table's code.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { type: 'auto' } } },
    // A dialog's × is named for screen readers (Mantine's has only an icon); the same reason as above
    // to name the component rather than import it.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A heading breaks a word longer than its line (a product's long code-like name) instead of
    // widening the page past a phone's screen.
    Title: { styles: { root: { overflowWrap: 'anywhere' } } },
    // No spinner chevrons on a touch screen (number-input.module.css): named, as the table's above.
    NumberInput: { classNames: { controls: numberInputClasses.controls } },
  },
});

/**
 * Grey text (codes, counts, hints, dates: Mantine's "dimmed") at about 6:1 on white and 5.8:1 on
 * the page's grey, above WCAG AA's 4.5:1; Mantine's own grey is 3.3:1. The text of light green and
 * yellow badges and alerts (an order's status, TEST MODE) is darkened the same way: Mantine's is
 * 3.8:1 and 2.7:1 on their tints; these are 5.0:1 and 6.7:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-green-light-color': '#237a35',
    '--mantine-color-yellow-light-color': '#7a4f00',
  },
  dark: {},
});
