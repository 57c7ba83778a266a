import { Fragment, useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { normalizeSearch, searchQuery, withoutArticle } from '@contract/search-text';
import { SUGGESTED_PRODUCTS } from '@contract/catalog';
import { useLanguage } from '@/lib/language';
import { useOnline } from '@/lib/offline';
import { pictureOf } from '@/lib/image-sources';
import { ProductImage } from '@/components/product-image';
import { Price } from '@/components/price';
import { iconButtonClass } from '@/components/plain-controls';
import { SearchIcon, CloseIcon } from '@/components/icons';
import { SUGGEST_FROM, suggestionsQuery } from '../api/get-suggestions';
import { forgetSearches, recentSearches, rememberSearch } from '../recent-searches';
import { seenMatching, seenProducts, type Suggested } from '../seen-products';
import './search.css';

/** How long the typing rests before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 200;

type Option =
  | { kind: 'recent'; key: string; text: string }
  | { kind: 'product'; key: string; product: Suggested }
  | { kind: 'category'; key: string; id: number; name: string }
  | { kind: 'all'; key: string; text: string };

/** What was typed, once it has rested SUGGEST_DEBOUNCE_MS. */
function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/** The words of `text` that a typed word starts (as search compares them), marked. */
export function Highlighted({ text, typed }: { text: string; typed: string }) {
  const forms = useMemo(() => searchQuery(typed).flat(), [typed]);
  const parts = text.split(/(\s+)/);
  return (
    <>
      {parts.map((part, i) => {
        const word = normalizeSearch(part);
        const hit = word !== '' && forms.some((form) => word.startsWith(form) || withoutArticle(word).startsWith(form));
        return hit ? <mark key={i}>{part}</mark> : <Fragment key={i}>{part}</Fragment>;
      })}
    </>
  );
}

/**
 * The search box: a combobox in a modal dialog at the top of the screen. From
 * two characters it suggests products (picture, name, price) and categories
 * as the shopper types (debounced; an answer no longer wanted is cancelled by
 * its query), arrows move through them, Enter opens one or, with none chosen,
 * the full results (/products?q=). Before typing, the searches kept on this
 * device. Offline (or when suggestions cannot load), it suggests from the
 * products this device has already been shown, and says so.
 */
export default function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const online = useOnline();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [text, setText] = useState('');
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<string[]>(() => recentSearches());
  const settled = useSettled(text);
  const wanted = normalizeSearch(settled).length >= SUGGEST_FROM;
  const typing = normalizeSearch(text).length >= SUGGEST_FROM;
  const suggestions = useQuery({ ...suggestionsQuery(settled, lang), enabled: open && online && wanted, placeholderData: keepPreviousData });
  const fromSeen = typing && (!online || suggestions.isError);
  const seen = useMemo(
    () => (fromSeen ? seenMatching(seenProducts(queryClient, lang), text, SUGGESTED_PRODUCTS) : []),
    [fromSeen, queryClient, lang, text],
  );

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      setRecent(recentSearches());
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
      input.current?.focus();
    } else if (!open && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
    }
  }, [open]);

  // A press on the backdrop (the dialog element itself, outside its panel) closes it, as Escape and the close button do.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    const onPress = (e: MouseEvent) => {
      if (e.target === d) closeRef.current();
    };
    d.addEventListener('click', onPress);
    return () => d.removeEventListener('click', onPress);
  }, []);

  const options: Option[] = [];
  if (!typing) {
    for (const r of recent) options.push({ kind: 'recent', key: `recent-${r}`, text: r });
  } else {
    const products = fromSeen ? seen : wanted ? suggestions.data?.products ?? [] : [];
    for (const p of products) options.push({ kind: 'product', key: `product-${p.id}`, product: p });
    if (!fromSeen && wanted) for (const c of suggestions.data?.categories ?? []) options.push({ kind: 'category', key: `category-${c.id}`, id: c.id, name: c.name });
    options.push({ kind: 'all', key: 'all', text: text.trim() });
  }
  const activeOption = active >= 0 && active < options.length ? options[active] : null;
  const optionId = (o: Option) => `${listId}-${o.key}`;

  function close() {
    setActive(-1);
    onClose();
  }

  /** Leaves for a page: the box is empty when next opened, with the recent searches. */
  function go(to: string) {
    setText('');
    close();
    navigate(to);
  }

  function choose(option: Option) {
    if (option.kind === 'recent') {
      setText(option.text);
      setActive(-1);
      input.current?.focus();
      return;
    }
    if (typing) {
      rememberSearch(text);
      setRecent(recentSearches());
    }
    if (option.kind === 'product') go(`/products/product-details/${option.product.id}`);
    else if (option.kind === 'category') go(`/products/category/${option.id}`);
    else go(`/products?q=${encodeURIComponent(option.text)}`);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (activeOption) return choose(activeOption);
    const q = text.trim();
    if (!normalizeSearch(q)) return;
    rememberSearch(q);
    go(`/products?q=${encodeURIComponent(q)}`);
  }

  function keys(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!options.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 ? (step > 0 ? 0 : options.length - 1) : (i + step + options.length) % options.length));
    }
  }

  /** The option an event happened in (its data-index), or null. */
  const optionAt = (target: EventTarget): Option | null => {
    const element = target instanceof Element ? target.closest<HTMLElement>('[role="option"]') : null;
    return element ? options[Number(element.dataset.index)] ?? null : null;
  };

  /** A press on an option chooses it; Enter or Space does too where an assistive technology has put the focus on one. */
  function listKeys(e: KeyboardEvent<HTMLUListElement>) {
    const option = optionAt(e.target);
    if (option && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      choose(option);
    }
  }

  const group = (kind: Option['kind'], label: string | null, render: (o: Option) => ReactNode) => {
    const items = options.filter((o) => o.kind === kind);
    if (!items.length) return null;
    const labelId = `${listId}-${kind}-label`;
    return (
      <li role="presentation" className="attar-search__group">
        {label && <div id={labelId} role="presentation" className="attar-search__group-label">{label}</div>}
        <ul role="group" aria-labelledby={label ? labelId : undefined} aria-label={label ? undefined : t`All results`} className="attar-search__options">
          {items.map((o) => (
            <li
              key={o.key}
              id={optionId(o)}
              role="option"
              tabIndex={-1}
              data-index={options.indexOf(o)}
              aria-selected={o === activeOption}
              className={o === activeOption ? 'attar-search__option attar-search__option--active' : 'attar-search__option'}
            >
              {render(o)}
            </li>
          ))}
        </ul>
      </li>
    );
  };

  const shown = options.length > 0;
  return (
    <dialog
      ref={dialog}
      className="attar-search"
      aria-label={t`Search`}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
    >
      <form role="search" className="attar-search__panel" onSubmit={submit}>
        <div className="attar-search__row">
          <SearchIcon className="attar-search__icon" />
          <input
            ref={input}
            type="search"
            role="combobox"
            className="attar-search__input"
            aria-label={t`Search products`}
            placeholder={t`Search products`}
            aria-autocomplete="list"
            aria-expanded={shown}
            aria-controls={listId}
            aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={100}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setActive(-1);
            }}
            onKeyDown={keys}
          />
          <button type="button" className={iconButtonClass()} aria-label={t`Close search`} onClick={close}>
            <CloseIcon />
          </button>
        </div>
        {fromSeen && (
          <p className="attar-search__note" role="status">
            {online ? t`Suggestions could not load. These are products you have already seen.` : t`You are offline. These are products you have already seen.`}
          </p>
        )}
        <ul
          id={listId}
          role="listbox"
          aria-label={t`Suggestions`}
          className="attar-search__list"
          hidden={!shown}
          // The input keeps the focus: a press here must not take it away before the choice.
          onMouseDown={(e) => e.preventDefault()}
          onClick={(e) => {
            const option = optionAt(e.target);
            if (option) choose(option);
          }}
          onKeyDown={listKeys}
        >
          {group('recent', t`Recent searches`, (o) => o.kind === 'recent' && o.text)}
          {group('product', t`Products`, (o) => o.kind === 'product' && (
            <span className="attar-search__product">
              <ProductImage src={o.product.image} picture={pictureOf(o.product, 'image')} width={48} height={48} sizes="48px" alt="" className="attar-search__image" loading="lazy" />
              <span className="attar-search__name"><Highlighted text={o.product.name} typed={text} /></span>
              <Price price={o.product.price} priceAfterSale={o.product.price_after_sale} />
            </span>
          ))}
          {group('category', t`Categories`, (o) => o.kind === 'category' && <Highlighted text={o.name} typed={text} />)}
          {group('all', null, (o) => o.kind === 'all' && (
            <span className="attar-search__all">{t`See all results for “${o.text}”`}</span>
          ))}
        </ul>
        {typing && wanted && !fromSeen && suggestions.isSuccess && !suggestions.isPlaceholderData && suggestions.data.products.length === 0 && (
          <p className="attar-search__note" role="status">{t`No product matches yet. Press Enter to search everything.`}</p>
        )}
        {!typing && recent.length > 0 && (
          <button
            type="button"
            className="attar-search__clear"
            onClick={() => {
              forgetSearches();
              setRecent([]);
              setActive(-1);
              input.current?.focus();
            }}
          >
            {t`Clear recent searches`}
          </button>
        )}
        {typing && fromSeen && seen.length === 0 && (
          <p className="attar-search__note">{t`None of the products you have seen matches.`}</p>
        )}
      </form>
    </dialog>
  );
}
