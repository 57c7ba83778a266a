import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useLanguage } from '@/lib/language';
import { SelectField, TextInputField } from '@/components/plain-controls';
import { toLatinDigits } from '@contract/rules';
import { categoriesQuery } from '../api/get-categories';
import type { ListParams, Sort } from '../api/get-products';
import './catalog-filters.css';

export const DEBOUNCE_MS = 300;

const SORTS: readonly Sort[] = ['newest', 'price_asc', 'price_desc', 'best_selling', 'top_rated'];

export type CatalogParams = Omit<ListParams, 'per_page'> & { page: number };

function positiveInt(value: string | null): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 ? n : undefined;
}

function amount(value: string | null): number | undefined {
  const n = Number(value);
  return value && Number.isFinite(n) && n >= 0 ? n : undefined;
}

/**
 * The list's filters live in the URL query string (same names as the API's
 * query), so back/forward, reload and shared links keep them.
 */
export function useCatalogParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo<CatalogParams>(() => {
    const sort = search.get('sort') as Sort | null;
    return {
      page: positiveInt(search.get('page')) ?? 1,
      category_id: positiveInt(search.get('category_id')),
      q: search.get('q')?.trim() || undefined,
      sort: sort && SORTS.includes(sort) ? sort : undefined,
      min_price: amount(search.get('min_price')),
      max_price: amount(search.get('max_price')),
    };
  }, [search]);

  /** Changing a filter goes back to page 1; typing replaces the history entry instead of adding one per word. */
  // setSearchParams' updater sees the params of the last render, so two
  // changes before a render (both price fields settling) would lose one:
  // build each change on the latest URL we asked for.
  const latest = useRef({ from: search, next: search });
  if (latest.current.from !== search) latest.current = { from: search, next: search };
  const update = useCallback(
    (changes: Partial<CatalogParams>, { replace = false } = {}) => {
      const next = new URLSearchParams(latest.current.next);
      if (!('page' in changes)) next.delete('page');
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(key);
        else next.set(key, String(value));
      }
      latest.current.next = next;
      setSearch(next, { replace });
    },
    [setSearch],
  );

  const clear = useCallback(() => setSearch(new URLSearchParams()), [setSearch]);
  return { params, update, clear };
}

/** `٢٥٠` or `250.5` → 250 / 250.5; '' → undefined; anything else → null (not a number). */
export function parseAmount(text: string): number | undefined | null {
  const latin = toLatinDigits(text).replace(/[٬,\s]/g, '').replace('٫', '.');
  if (latin === '') return undefined;
  return /^\d{1,8}(\.\d{1,2})?$/.test(latin) ? Number(latin) : null;
}

/**
 * What the shopper types shows at once and is committed after a pause;
 * `commit` returns the value as the URL will hold it (null: not committed).
 * The text follows the URL when that changes from elsewhere (back/forward,
 * clear filters).
 */
function useDebouncedText(value: string, commit: (text: string) => string | null) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      clearTimeout(timer.current);
      setText(value);
    }
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onChange = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const urlValue = commit(next);
      if (urlValue !== null) committed.current = urlValue;
    }, DEBOUNCE_MS);
  };
  return { text, onChange };
}

type OnChange = (changes: Partial<CatalogParams>, options?: { replace?: boolean }) => void;

function SearchField({ value, onChange }: { value: string; onChange: OnChange }) {
  const { t } = useLingui();
  const field = useDebouncedText(value, (text) => {
    const q = text.trim();
    onChange({ q: q || undefined }, { replace: true });
    return q;
  });
  return (
    <TextInputField
      type="search"
      label={t`Search products`}
      value={field.text}
      onChange={(e) => field.onChange(e.target.value)}
      maxLength={100}
    />
  );
}

function PriceField({ name, label, value, onChange }: { name: 'min_price' | 'max_price'; label: string; value?: number; onChange: OnChange }) {
  const { t } = useLingui();
  const [invalid, setInvalid] = useState(false);
  const field = useDebouncedText(value?.toString() ?? '', (text) => {
    const amount = parseAmount(text);
    setInvalid(amount === null);
    if (amount === null) return null;
    onChange({ [name]: amount }, { replace: true });
    return amount?.toString() ?? '';
  });
  return (
    <TextInputField
      label={label}
      value={field.text}
      onChange={(e) => field.onChange(e.target.value)}
      error={invalid ? t`Enter a number, like 250` : null}
      inputMode="decimal"
      autoComplete="off"
    />
  );
}

type Field = 'category' | 'search' | 'price';

const NO_FIELDS: readonly Field[] = [];

/**
 * The list's filters. Memoized: the screen re-renders as its list's answer
 * arrives, and five text fields and selects drawn again for nothing were a
 * long task on a slow phone. `fields` should be a constant.
 */
export const CatalogFilters = memo(function CatalogFilters({
  params,
  onChange,
  fields = NO_FIELDS,
}: {
  params: CatalogParams;
  onChange: OnChange;
  /** Sort is always offered; these are added to it. */
  fields?: readonly Field[];
}) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const { data: categories } = useQuery({ ...categoriesQuery(lang), enabled: fields.includes('category') });

  const sortLabels: Record<Sort, string> = {
    newest: t`Newest`,
    price_asc: t`Price: low to high`,
    price_desc: t`Price: high to low`,
    best_selling: t`Best selling`,
    top_rated: t`Top rated`,
  };

  return (
    <div role="search" aria-label={t`Filter products`} className="attar-filters">
      {fields.includes('search') && <SearchField value={params.q ?? ''} onChange={onChange} />}
      {fields.includes('category') && (
        <SelectField
          label={t`Category`}
          value={params.category_id?.toString() ?? ''}
          onChange={(e) => onChange({ category_id: positiveInt(e.target.value) })}
        >
          <option value="">{t`All categories`}</option>
          {categories?.map((c) => (
            <option key={c.id} value={c.id}>{c.name}</option>
          ))}
        </SelectField>
      )}
      <SelectField
        label={t`Sort by`}
        value={params.sort ?? 'newest'}
        onChange={(e) => onChange({ sort: e.target.value === 'newest' ? undefined : (e.target.value as Sort) })}
      >
        {SORTS.map((s) => (
          <option key={s} value={s}>{sortLabels[s]}</option>
        ))}
      </SelectField>
      {fields.includes('price') && (
        <>
          <PriceField name="min_price" label={t`Min price (EGP)`} value={params.min_price} onChange={onChange} />
          <PriceField name="max_price" label={t`Max price (EGP)`} value={params.max_price} onChange={onChange} />
        </>
      )}
    </div>
  );
});
