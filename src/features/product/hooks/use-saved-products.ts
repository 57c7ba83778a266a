import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ProductCard } from '@/lib/contract';
import type { Lang } from '@/lib/storage';
import { keptAnswers } from '@/pwa/offline-read';
import { productKeys, type ProductDetails } from '../api/get-product';

/** The API path of a product's details, after /api. */
const DETAILS_PATH = /^\/products\/details\/\d+$/;

/** At most this many are offered: a row or two, not the whole catalog. */
export const SAVED_SHOWN = 8;

/** A product's details as a card of a list, to offer it among others. */
export function cardOfDetails(details: ProductDetails): ProductCard {
  const product = details.OverView_Product;
  const facts = details.Product_details;
  return {
    id: facts.product_id,
    name: product.name,
    price: product.price,
    price_after_sale: product.product_after_sale,
    image: product.main_image,
    overview: '',
    category_id: facts.category_id,
    category_name: facts.category_name,
    rate: facts.reviews,
    reviews_count: details.reviews_count,
    typesale_name: product.typesale_name,
    in_stock: product.in_stock,
    is_fav: false,
  };
}

/**
 * The products this device can show without a connection in `lang`, but
 * `except`: those whose details are in the query cache (what this visit
 * loaded and what was restored from IndexedDB), the latest first, then
 * those the service worker keeps. The worker's are read from Cache Storage,
 * so they join a moment later.
 */
export function useSavedProducts(lang: Lang, except: number): ProductCard[] {
  const queryClient = useQueryClient();
  const [kept, setKept] = useState<{ lang: Lang; cards: ProductCard[] }>();
  useEffect(() => {
    let current = true;
    void keptAnswers<ProductDetails>(DETAILS_PATH, lang).then((answers) => {
      if (current) setKept({ lang, cards: answers.map((answer) => cardOfDetails(answer.data)) });
    });
    return () => {
      current = false;
    };
  }, [lang]);
  const inMemory = queryClient.getQueryCache()
    .findAll({ queryKey: productKeys.details() })
    .filter((query) => query.queryKey[3] === lang && query.state.data !== undefined)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .map((query) => cardOfDetails(query.state.data as ProductDetails));
  const cards = [...inMemory, ...(kept?.lang === lang ? kept.cards : [])];
  const seen = new Set([except]);
  return cards.filter((card) => !seen.has(card.id) && seen.add(card.id)).slice(0, SAVED_SHOWN);
}
