/** The size of a project's name as a page's heading: a step smaller on a phone, where a long name would take many lines. */
export const PROJECT_NAME_HEADING_SIZE = { base: 'h4', sm: 'h3' } as const;
