/**
 * Mantine's CSS for the components only the back office uses, loaded with the back office's code
 * (admin-layout.tsx, the frame of every `#/admin` page) so that a shopper's first page does not load
 * it. The shell's CSS (web/app/mantine-styles.ts) is already there: the back office renders inside
 * the shell, so only what that file lacks is here, in the order of `@mantine/core/styles.css`.
 * ColorSwatch is for @mantine/charts' legends and tooltips (their own CSS: reports-page.tsx).
 */
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Timeline.css';
