import { ActionIcon, Box, Combobox, Group, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from '../../../domain/catalog-display.ts';
import { productHref } from '../../components/product-href.ts';
import { ProductImage } from '../../components/product-image.tsx';
import { paths } from '../../lib/paths.ts';
import { useSuggestions } from './search.api.ts';
import classes from './search.module.css';
import { searchTermOf, suggestionTerm } from './search-rules.ts';

function SearchIcon() {
  return (
    <svg className={classes.icon} viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="10" cy="10" r="7" />
      <path d="M21 21l-6 -6" />
    </svg>
  );
}

/**
 * The header search (spec §2 Header search): suggestions once the text is longer than 2
 * characters and the typing has paused for 300 ms, never twice for the same text (the query
 * cache answers); each shows its category and opens the product. Enter or the button opens the
 * results page with the term and clears the box; Enter on a highlighted suggestion opens it.
 */
export function SearchBox({ autoFocus = false, onDone }: { autoFocus?: boolean; onDone?: () => void }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const term = suggestionTerm(debounced);
  const suggestions = useSuggestions(term);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  // Suggestions show only while the box holds a text long enough to have asked for them.
  const results = suggestionTerm(text) !== null && term !== null ? (suggestions.data ?? []) : [];

  const finish = (to: string) => {
    setText('');
    combobox.closeDropdown();
    navigate(to);
    onDone?.();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const searchTerm = searchTermOf(text);
    if (!searchTerm) return;
    finish(paths.search(searchTerm));
  };

  return (
    <Box component="form" role="search" onSubmit={onSubmit} className={classes.form}>
      <Combobox
        store={combobox}
        onOptionSubmit={(value) => {
          const product = results.find((result) => String(result.id) === value);
          if (product) finish(productHref(product));
        }}
        // Inside the header's popover: a portal would put the list outside it, and a click on a
        // suggestion would count as a click outside that closes the popover first.
        withinPortal={false}
        position="bottom-start"
        width="target"
      >
        <Combobox.Target withExpandedAttribute>
          <TextInput
            type="search"
            aria-label="Search products"
            placeholder="Search socks…"
            value={text}
            autoFocus={autoFocus}
            onChange={(event) => {
              setText(event.currentTarget.value);
              combobox.openDropdown();
              combobox.updateSelectedOptionIndex();
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            maxLength={100}
            radius="xl"
            className={classes.input}
            rightSectionWidth={36}
            rightSection={
              <ActionIcon type="submit" variant="subtle" color="gray" radius="xl" aria-label="Search">
                <SearchIcon />
              </ActionIcon>
            }
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={results.length === 0}>
          <Combobox.Options aria-label="Suggestions">
            {results.map((product) => (
              <Combobox.Option value={String(product.id)} key={product.id}>
                <Group gap="sm" wrap="nowrap">
                  <ProductImage
                    icon={product.icon}
                    variant="thumbnail"
                    alt=""
                    w={36}
                    h={36}
                    radius="sm"
                    style={{ flex: 'none' }}
                  />
                  <Box miw={0}>
                    <Text size="sm" fw={500} truncate="end">
                      {product.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate="end">
                      {product.category_name}
                    </Text>
                  </Box>
                </Group>
              </Combobox.Option>
            ))}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </Box>
  );
}
