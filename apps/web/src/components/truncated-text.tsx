import { Text, Tooltip, type TextProps } from '@mantine/core';

/** The widest a name or an address in a table's cell gets before it is cut. */
const TRUNCATED_TEXT_MAX_WIDTH = 200;

/**
 * One line of small text (a name, an address) cut with an ellipsis where it does not fit, the
 * whole of it in a tooltip (on hover and on touch); screen readers read it whole.
 */
export function TruncatedText({ children, ...props }: Omit<TextProps, 'children' | 'truncate'> & { children: string }) {
  return (
    <Tooltip label={children} events={{ hover: true, focus: false, touch: true }}>
      <Text size="sm" truncate="end" maw={TRUNCATED_TEXT_MAX_WIDTH} {...props}>
        {children}
      </Text>
    </Tooltip>
  );
}
