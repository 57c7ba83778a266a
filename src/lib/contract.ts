// The contract's shapes, straight from the server's schemas (types only:
// nothing from server/ reaches the bundle).
import type { Static } from 'typebox';
import type { HomeData, ProductCard, Footer, LinkFooter } from '@contract/catalog';
import type { CartData } from '@contract/cart';

export type HomeData = Static<typeof HomeData>;
export type ProductCard = Static<typeof ProductCard>;
export type Footer = Static<typeof Footer>;
export type LinkFooter = Static<typeof LinkFooter>;
export type CartData = Static<typeof CartData>;
