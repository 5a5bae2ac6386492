import { createTheme, type MantineThemeOverride } from '@mantine/core';

/** Tooltip defaults of spec §2 / §9: content wraps at 360 px, 4 px from the target. */
const TOOLTIP_MAX_WIDTH = 360;
const TOOLTIP_OFFSET = 4;

const japaneseFonts =
  '"Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans JP", "Noto Sans CJK JP", "Yu Gothic UI", "Yu Gothic", Meiryo, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export const theme: MantineThemeOverride = createTheme({
  primaryColor: 'indigo',
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
  },
});
