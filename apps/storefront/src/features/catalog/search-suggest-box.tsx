import type { CategoryOption, ProductSuggestion, SearchSuggestions } from '@store/contracts';
import { GridIcon, Price, SearchField, visuallyHidden, type SearchFieldProps } from '@store/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useHydrated } from '@tanstack/react-router';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { ProductImage } from './product-image.tsx';
import { searchSuggestionsQueryOptions } from './queries.ts';
import * as styles from './search-suggest-box.css.ts';

/** How long typing must pause before suggestions are asked: well before the list's own search (300 ms). */
export const SUGGEST_DEBOUNCE_MS = 120;
/** Fewer letters suggest nothing: one letter starts too many titles to help. */
export const SUGGEST_MIN_LENGTH = 2;
/** The API's bound on the text (SearchSuggestQuerySchema): a longer one is asked by its beginning. */
const SUGGEST_MAX_LENGTH = 100;

/** One option of the list: a product to open, or a category to show. */
export type Suggestion = { kind: 'product'; product: ProductSuggestion } | { kind: 'category'; category: CategoryOption };

/** The options in the order the list shows them (and the arrows walk): the products, then the categories. */
export function suggestionsOf(answer: SearchSuggestions | undefined): Suggestion[] {
  if (!answer) return [];
  return [
    ...answer.products.map((product) => ({ kind: 'product' as const, product })),
    ...answer.categories.map((category) => ({ kind: 'category' as const, category })),
  ];
}

/** What the live region says once suggestions arrive. */
export function suggestionCountLabel(count: number): string {
  if (count === 0) return 'No suggestions';
  return `${count} ${count === 1 ? 'suggestion' : 'suggestions'}: up and down arrows to choose`;
}

/** The text as it stood after typing paused for `delay`. */
function useSettled(text: string, delay: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), delay);
    return () => clearTimeout(timer);
  }, [text, delay]);
  return settled;
}

export interface SearchSuggestBoxProps extends Omit<SearchFieldProps, 'value' | 'onChange' | 'onKeyDown' | 'onBlur' | 'role'> {
  value: string;
  /** The shopper typed: the box's new text. */
  onValueChange: (text: string) => void;
  /** A product suggestion was chosen (Enter or a click). */
  onProduct: (product: ProductSuggestion) => void;
  /** A category suggestion was chosen. */
  onCategory: (category: CategoryOption) => void;
}

/**
 * The catalogue's search box with suggestions as the shopper types: a combobox with a list of products and
 * categories (the WAI-ARIA 1.2 combobox pattern, list autocomplete without automatic selection). Focus stays in
 * the box; the arrows move the active option (`aria-activedescendant`), Enter chooses it or, with none active,
 * searches the text (the form's own submit); Escape closes the list and keeps the text. Before the page's script
 * runs (a server-rendered page, or no JavaScript at all) it is the plain search box of a GET form.
 */
export function SearchSuggestBox({ value, onValueChange, onProduct, onCategory, className, ...field }: SearchSuggestBoxProps) {
  const hydrated = useHydrated();
  const listboxId = useId();
  // The list is wanted from the first keystroke until it is closed (Escape, Tab, a choice, leaving the box).
  const [wanted, setWanted] = useState(false);
  const [active, setActive] = useState(-1);
  const term = useSettled(value.trim().slice(0, SUGGEST_MAX_LENGTH).trim(), SUGGEST_DEBOUNCE_MS);
  const asking = hydrated && wanted && term.length >= SUGGEST_MIN_LENGTH;
  // A newer text's query replaces the older one; the older, now unobserved, is aborted (its signal) and its
  // answer, should it still arrive, is never shown. The last answer stays while the next one loads.
  const suggestions = useQuery({ ...searchSuggestionsQueryOptions(term), enabled: asking, placeholderData: keepPreviousData });
  const options = asking && value.trim().length >= SUGGEST_MIN_LENGTH ? suggestionsOf(suggestions.data) : [];
  const open = options.length > 0;

  // New options: none is active until the arrows choose one.
  const [shown, setShown] = useState(suggestions.data);
  if (shown !== suggestions.data) {
    setShown(suggestions.data);
    setActive(-1);
  }

  const optionId = (index: number) => `${listboxId}-option-${index}`;
  const activeOption = open && active >= 0 && active < options.length ? active : -1;

  // The active option in view when the list scrolls (jsdom has no scrollIntoView).
  useEffect(() => {
    if (activeOption >= 0) document.getElementById(`${listboxId}-option-${activeOption}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeOption, listboxId]);

  const close = () => {
    setWanted(false);
    setActive(-1);
  };

  const choose = (option: Suggestion) => {
    close();
    if (option.kind === 'product') onProduct(option.product);
    else onCategory(option.category);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!wanted) {
          setWanted(true);
          return;
        }
        if (!open) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        // From the box, Down goes to the first option and Up to the last; both wrap round.
        const from = activeOption >= 0 ? activeOption : step > 0 ? -1 : 0;
        setActive((from + step + options.length) % options.length);
        return;
      }
      case 'Enter': {
        const option = options[activeOption];
        if (option) {
          event.preventDefault();
          choose(option);
        } else {
          // No option active: the form's submit searches the text as typed.
          close();
        }
        return;
      }
      case 'Escape':
        // Closing keeps the text (a search box's own Escape would clear it); a closed list leaves Escape alone.
        if (open) {
          event.preventDefault();
          close();
        }
        return;
      case 'Tab':
        close();
        return;
      default:
    }
  };

  const products = options.flatMap((option, index) => (option.kind === 'product' ? [{ product: option.product, index }] : []));
  const categories = options.flatMap((option, index) => (option.kind === 'category' ? [{ category: option.category, index }] : []));
  const answered = asking && !suggestions.isPlaceholderData && suggestions.isSuccess;
  // Until the script runs the box is a plain search box: a combobox that never opens would only mislead.
  const combobox = hydrated
    ? {
        role: 'combobox',
        'aria-autocomplete': 'list' as const,
        'aria-expanded': open,
        'aria-controls': listboxId,
        'aria-activedescendant': activeOption >= 0 ? optionId(activeOption) : undefined,
        onKeyDown,
        onBlur: close,
      }
    : {};

  return (
    <div className={[styles.box, className].filter(Boolean).join(' ')}>
      <SearchField
        {...field}
        {...combobox}
        value={value}
        onChange={(event) => {
          onValueChange(event.target.value);
          setWanted(true);
          setActive(-1);
        }}
      />
      {hydrated && (
        <>
          {/* A press on an option keeps the focus in the box (no blur to close the list before the click lands). */}
          <div
            id={listboxId}
            role="listbox"
            aria-label="Suggestions"
            hidden={!open}
            className={styles.listbox}
            onMouseDown={(event) => event.preventDefault()}
          >
            {products.length > 0 && (
              <div role="group" aria-labelledby={`${listboxId}-products`}>
                <div id={`${listboxId}-products`} role="presentation" className={styles.groupLabel}>
                  Products
                </div>
                {products.map(({ product, index }) => (
                  <div
                    key={product.id}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === activeOption}
                    className={styles.option}
                    onClick={() => choose({ kind: 'product', product })}
                  >
                    <ProductImage src={product.image} alt="" sizes="48px" className={styles.thumb} />
                    <span className={styles.title}>{product.title}</span>
                    <Price amount={product.price} className={styles.price} />
                  </div>
                ))}
              </div>
            )}
            {categories.length > 0 && (
              <div role="group" aria-labelledby={`${listboxId}-categories`}>
                <div id={`${listboxId}-categories`} role="presentation" className={styles.groupLabel}>
                  Categories
                </div>
                {categories.map(({ category, index }) => (
                  <div
                    key={category.value}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === activeOption}
                    className={styles.option}
                    onClick={() => choose({ kind: 'category', category })}
                  >
                    <span className={styles.categoryIcon} aria-hidden="true">
                      <GridIcon size={18} />
                    </span>
                    <span className={styles.title}>{category.label}</span>
                  </div>
                ))}
              </div>
            )}
          </div>
          <div role="status" className={visuallyHidden}>
            {answered && wanted ? suggestionCountLabel(options.length) : ''}
          </div>
        </>
      )}
    </div>
  );
}
