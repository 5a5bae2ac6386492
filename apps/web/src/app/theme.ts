import { createTheme, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import { i18n } from '@/lib/i18n';

/** Tooltip defaults of docs/product-rules.md#screens, #limits: content wraps at 360 px, 4 px from the target. */
const TOOLTIP_MAX_WIDTH = 360;
const TOOLTIP_OFFSET = 4;

const japaneseFonts =
  '"Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans JP", "Noto Sans CJK JP", "Yu Gothic UI", "Yu Gothic", Meiryo, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export const theme: MantineThemeOverride = createTheme({
  primaryColor: 'indigo',
  // Shade 7: white text on filled buttons and links on white or gray.0 reach WCAG AA (4.5:1); shade 6 does not.
  primaryShade: 7,
  // Mantine's palettes with darker shades where theirs miss WCAG AA: red.6-9 (red text of menu
  // items on white, white text on filled red.7), orange.9 and teal.9 (the text of light badges on
  // shade 1, the system-admin banner's orange.9 on orange.0).
  colors: {
    red: ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#d42a2a', '#c92a2a', '#b32424', '#9c1f1f'],
    orange: ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#fd7e14', '#f76707', '#e8590c', '#b03d0b'],
    teal: ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#12b886', '#0ca678', '#099268', '#076f50'],
  },
  defaultRadius: 'md',
  fontFamily: japaneseFonts,
  headings: { fontFamily: japaneseFonts, fontWeight: '700' },
  components: {
    // Plain objects, not Tooltip.extend/Modal.extend: those would bring both components (and
    // their positioning library) into every page's bundle, the login page included.
    Tooltip: {
      defaultProps: { multiline: true, offset: TOOLTIP_OFFSET, withArrow: true, openDelay: 150 },
      styles: { tooltip: { maxWidth: TOOLTIP_MAX_WIDTH, whiteSpace: 'normal', wordBreak: 'break-word' } },
    },
    Modal: { defaultProps: { centered: true } },
    // Japanese headings break between phrases (Chromium), and a word longer than the line anywhere.
    Title: { styles: { root: { wordBreak: 'auto-phrase', overflowWrap: 'anywhere' } } },
    // Mantine's placeholder that keeps the focus off the first item is a focusable child of role
    // "menu", which only menu items may be: the first item takes the focus when a menu opens.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // The close buttons of dialogs and toasts show only an icon: their accessible name, read when they render.
    CloseButton: { defaultProps: () => ({ 'aria-label': i18n.t('common.close') }) },
  },
});

/**
 * Text colours of the light scheme that reach WCAG AA (4.5:1) on white and gray.0 backgrounds,
 * where Mantine's defaults do not: dimmed text (gray.6 is 3.3:1) and error messages (Mantine's
 * red.6 is 3.3:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#656c73',
    '--mantine-color-error': 'var(--mantine-color-red-7)',
  },
  dark: {},
});
