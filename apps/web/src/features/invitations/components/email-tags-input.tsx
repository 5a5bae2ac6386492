import { Combobox, Group, Pill, PillsInput, Text, useCombobox } from '@mantine/core';
import { isValidEmail, uniqueEmails } from '@console/domain';
import { useState } from 'react';
import { displayName } from '@/components/display-name';
import { useTranslation } from '@/lib/i18n';

const SUGGESTION_LIST_MAX_HEIGHT = 250;

export interface EmailSuggestion {
  email: string;
  name: string | null;
}

export interface EmailTagsInputProps {
  value: string[];
  onChange: (emails: string[]) => void;
  suggestions: readonly EmailSuggestion[];
  /** Told the text being typed, so the suggestions can be searched for it. */
  onSearchChange?: (text: string) => void;
  label: string;
  placeholder?: string;
}

/**
 * Suggestions not chosen yet whose name or email contains the query, case-insensitively (docs/product-rules.md#invitations):
 * the list narrows as one types, before the server's answer for the new text arrives.
 */
function filterSuggestions(suggestions: readonly EmailSuggestion[], chosen: readonly string[], query: string): EmailSuggestion[] {
  const taken = new Set(chosen.map((e) => e.toLowerCase()));
  const q = query.trim().toLowerCase();
  return suggestions.filter(
    (s) => !taken.has(s.email.toLowerCase()) && (q === '' || s.email.toLowerCase().includes(q) || (s.name ?? '').toLowerCase().includes(q)),
  );
}

/**
 * Tag input of e-mail addresses (docs/product-rules.md#invitations): a chip on Enter or blur when the text is a valid
 * address; an invalid non-empty text shows メールアドレスを正しく入力してください in red;
 * duplicates are removed. Suggestions (at most 250 px high) add their address when picked.
 */
export function EmailTagsInput({ value, onChange, suggestions, onSearchChange, label, placeholder }: EmailTagsInputProps) {
  const { t } = useTranslation();
  const [search, setSearchText] = useState('');
  const setSearch = (text: string) => {
    setSearchText(text);
    onSearchChange?.(text);
  };
  const [invalid, setInvalid] = useState(false);
  const [listWanted, setListWanted] = useState(false);
  const options = filterSuggestions(suggestions, value, search);
  // The list is open only while it shows suggestions: Escape in the field then closes the dialog
  // rather than a list nobody sees.
  const combobox = useCombobox({
    opened: listWanted && options.length > 0,
    onOpenedChange: setListWanted,
    onDropdownClose: () => combobox.resetSelectedOption(),
  });

  function add(email: string) {
    onChange(uniqueEmails([...value, email]));
    setSearch('');
    setInvalid(false);
  }

  /** Turns the typed text into a chip when valid; flags it when not. */
  function commit() {
    const text = search.trim();
    if (text === '') {
      setInvalid(false);
      return;
    }
    if (isValidEmail(text)) add(text);
    else setInvalid(true);
  }

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(email) => {
        add(email);
        combobox.closeDropdown();
      }}
      withinPortal={false}
    >
      <Combobox.DropdownTarget>
        <PillsInput label={label} error={invalid ? t('invite.invalidEmail') : undefined} onClick={() => combobox.openDropdown()}>
          <Pill.Group>
            {value.map((email) => (
              <Pill
                key={email}
                withRemoveButton
                onRemove={() => onChange(value.filter((e) => e !== email))}
                removeButtonProps={{ 'aria-label': t('invite.removeEmail', { email }) }}
                data-testid="email-chip"
              >
                {email}
              </Pill>
            ))}
            <Combobox.EventsTarget>
              <PillsInput.Field
                aria-label={label}
                value={search}
                placeholder={value.length === 0 ? placeholder : undefined}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => {
                  combobox.closeDropdown();
                  // Also when no suggestion showed (the combobox then counts as closed already).
                  setListWanted(false);
                  commit();
                }}
                onChange={(event) => {
                  combobox.updateSelectedOptionIndex();
                  combobox.openDropdown();
                  setSearch(event.currentTarget.value);
                  setInvalid(false);
                }}
                onKeyDown={(event) => {
                  if (event.nativeEvent.isComposing) return;
                  if (event.key === 'Enter') {
                    // A highlighted suggestion is picked by the combobox itself; otherwise the typed text.
                    if (!combobox.dropdownOpened || combobox.getSelectedOptionIndex() === -1) {
                      event.preventDefault();
                      commit();
                    }
                  } else if (event.key === 'Backspace' && search === '' && value.length > 0) {
                    event.preventDefault();
                    onChange(value.slice(0, -1));
                  }
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown hidden={options.length === 0}>
        <Combobox.Options mah={SUGGESTION_LIST_MAX_HEIGHT} style={{ overflowY: 'auto' }} data-testid="invite-suggestions">
          {options.map((s) => (
            <Combobox.Option value={s.email} key={s.email}>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" truncate>
                  {displayName(s)}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {s.email}
                </Text>
              </Group>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
