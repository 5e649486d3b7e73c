import { Button, Container, createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
  primaryColor: 'maple',
  primaryShade: 8,
  colors: { maple },
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
  },
});
