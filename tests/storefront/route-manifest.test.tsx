// The route manifest (src/app/route-manifest.ts) is the one route table: the
// router, the server's render and the prefetch read it (the build too:
// build-from-manifest.test.ts). These check that they read it right.
import fs from 'node:fs';
import path from 'node:path';
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createRoutesFromChildren, matchRoutes, Navigate, type RouteObject } from 'react-router-dom';
import { AppRoutes } from '@/app/router';
import { GuestOnly, RequireAuth, RequireEarlierNavigation } from '@/app/guards';
import { PREFETCHED_PARTS, ROUTES, pathsOf, screensOf } from '@/app/route-manifest';
import { SERVER_RENDERED, serverRenderedScreen } from '@/app/server-rendered';
import { likelyNext, PREFETCHED_SCREENS } from '@/pwa/prefetch-plan';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The router's route objects, as <Routes> reads them. */
const routerRoutes = (): RouteObject[] => createRoutesFromChildren((AppRoutes() as ReactElement<{ children: ReactNode }>).props.children);

/** What a location shows through the router: the screen's name and the guards around it, outermost first. */
function shown(pathname: string) {
  const matches = matchRoutes(routerRoutes(), pathname) ?? [];
  const guards: string[] = [];
  let screen: string | undefined;
  for (const { route } of matches) {
    let element = route.element as ReactElement<{ gate?: string; children?: ReactNode }> | undefined;
    if (!element || !isValidElement(element)) continue;
    if (element.type === RequireAuth) guards.push('auth');
    else if (element.type === GuestOnly) guards.push('guest');
    else if (element.type === RequireEarlierNavigation) {
      guards.push(`gate:${element.props.gate}`);
      element = element.props.children as typeof element;
    }
    const name = /^Screen\((.+)\)$/.exec((element!.type as { displayName?: string }).displayName ?? '')?.[1];
    if (name) screen = name;
    else if (route.index && element!.type === Navigate) screen = `→ ${(element!.props as { to?: string }).to}`;
  }
  return { screen, guards };
}

/** A declared path with its ids filled in. */
const sample = (declared: string) => declared.replace(/:\w+/g, '7');

describe('the router', () => {
  it('shows each manifest route\'s screen at each of its paths, behind its guards', () => {
    for (const route of ROUTES) {
      for (const declared of pathsOf(route)) {
        const location = declared === '*' ? '/no-such-page' : sample(declared);
        const guards = [...(route.guard ? [route.guard] : []), ...(route.gate ? [`gate:${route.gate}`] : [])];
        expect(shown(location), location).toEqual({ screen: route.index ? `→ ${route.index}` : route.screen, guards });
        for (const child of route.children ?? []) {
          expect(shown(`${location}/${child.path}`), child.path).toEqual({ screen: child.screen, guards });
        }
      }
    }
  });

  it('keeps the shop\'s routes and guards', () => {
    const table: Record<string, { screen: string; guards: string[] }> = {
      '/': { screen: 'home', guards: [] },
      '/products/': { screen: 'products', guards: [] },
      '/products/category/3': { screen: 'category', guards: [] },
      '/products/product-details/12': { screen: 'product-details', guards: [] },
      '/bestSeller': { screen: 'best-seller', guards: [] },
      '/about-us': { screen: 'about', guards: [] },
      '/contact-us': { screen: 'contact', guards: [] },
      '/wishlist': { screen: 'wishlist', guards: [] },
      '/cart': { screen: 'cart', guards: [] },
      '/carts': { screen: 'cart', guards: [] },
      '/myAccount': { screen: 'my-account', guards: ['auth'] },
      '/address': { screen: 'address', guards: ['auth'] },
      '/myOrders': { screen: 'my-orders', guards: ['auth'] },
      '/trackOrders/4/2001': { screen: 'track-order', guards: ['auth'] },
      '/trackAllOrders': { screen: 'track-all-orders', guards: ['auth'] },
      '/payment-session': { screen: '→ info', guards: ['auth', 'gate:payment-session'] },
      '/payment-session/shipping': { screen: 'payment-session/shipping', guards: ['auth', 'gate:payment-session'] },
      '/order-is-done': { screen: 'order-is-done', guards: ['gate:order-is-done'] },
      '/sign-in': { screen: 'sign-in', guards: ['guest'] },
      '/sign-up': { screen: 'sign-up', guards: ['guest'] },
      '/somewhere/else': { screen: 'home', guards: [] },
    };
    for (const [location, expected] of Object.entries(table)) expect(shown(location), location).toEqual(expected);
  });

  it('loads every screen under src/app/routes/, and only those', () => {
    const files = fs.readdirSync(path.join(ROOT, 'src/app/routes'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx')).map((file) => file.replace(/\\/g, '/').replace(/\.tsx$/, '')).sort();
    expect(screensOf().sort()).toEqual(files);
  });
});

describe('the manifest\'s other readers', () => {
  it('the server renders the routes marked so, at their paths only', () => {
    expect(SERVER_RENDERED.map(([, screen]) => screen)).toEqual(ROUTES.filter((r) => r.serverRendered).flatMap((r) => pathsOf(r).map(() => r.screen)));
    for (const route of ROUTES) {
      for (const declared of pathsOf(route)) {
        if (declared === '*') continue;
        expect(serverRenderedScreen(sample(declared)), declared).toBe(route.serverRendered ? route.screen : undefined);
      }
    }
    // The ids are numbers: anything else is the shell's to show.
    expect(serverRenderedScreen('/products/category/abc')).toBeUndefined();
    // A shopper's own pages are never rendered without their token.
    for (const route of ROUTES.filter((r) => r.serverRendered)) expect(route.guard ?? route.gate, route.path).toBeUndefined();
  });

  it('the prefetch names screens and parts that exist, none of them precached already', () => {
    for (const route of ROUTES) {
      for (const declared of pathsOf(route)) if (declared !== '*') expect(likelyNext(sample(declared)), declared).toEqual(route.prefetch ?? []);
    }
    const offline = ROUTES.filter((r) => r.offline).map((r) => r.screen);
    for (const name of PREFETCHED_SCREENS) {
      expect(name in PREFETCHED_PARTS || screensOf().includes(name), name).toBe(true);
      expect(offline, name).not.toContain(name);
    }
  });
});
