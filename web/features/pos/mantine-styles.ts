/**
 * Mantine's CSS for the components only the point of sale uses, loaded with the POS's code (every
 * POS page module imports this file first: the POS pages have no common layout) so that a shopper's
 * first page does not load it. The shell's CSS (web/app/mantine-styles.ts) is already there: the
 * POS renders inside the shell, so only what that file lacks is here, in the order of
 * `@mantine/core/styles.css`.
 */
import '@mantine/core/styles/LoadingOverlay.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Radio.css';
