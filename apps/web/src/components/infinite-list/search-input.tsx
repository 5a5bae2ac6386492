import { Loader, TextInput, type TextInputProps } from '@mantine/core';
import { SEARCH_QUERY_MAX_LENGTH } from '@console/domain';
import { SearchIcon } from '../icons';
import type { SearchQuery } from './use-search-query';

export interface SearchInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  search: SearchQuery;
  /** The box's accessible name. */
  label: string;
  /** The answer to the search is on its way (a spinner in the box). */
  searching: boolean;
}

/** A list's search box (the search runs on the server once the typing pauses). */
export function SearchInput({ search, label, searching, ...props }: SearchInputProps) {
  return (
    <TextInput
      aria-label={label}
      leftSection={<SearchIcon size={16} />}
      rightSection={searching ? <Loader size={14} /> : null}
      maxLength={SEARCH_QUERY_MAX_LENGTH}
      value={search.input}
      onChange={(event) => search.setInput(event.currentTarget.value)}
      {...props}
    />
  );
}
