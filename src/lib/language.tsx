import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { activateLanguage, isCatalogLoaded, loadCatalog } from '@/lib/i18n';
import { applyDocumentLanguage, directionOf, type Direction } from '@/lib/direction';
import { storage, type Lang } from '@/lib/storage';

interface LanguageState {
  lang: Lang;
  dir: Direction;
  setLang(lang: Lang): void;
}

const LanguageContext = createContext<LanguageState | null>(null);

/**
 * The shopper's language: English unless they chose Arabic before (kept in
 * localStorage `lang`). Changing it flips the document, the catalogs and,
 * through `dir`, the theme and style cache, at once and without a reload.
 */
export function LanguageProvider({ children, initial: given }: { children: ReactNode; /** the server's render: the request's language */ initial?: Lang }) {
  const [lang, setLangState] = useState<Lang>(() => {
    const initial = given ?? storage.lang();
    activateLanguage(initial);
    if (typeof document !== 'undefined') applyDocumentLanguage(initial);
    return initial;
  });
  const setLang = useCallback((next: Lang) => {
    const apply = () => {
      storage.setLang(next);
      activateLanguage(next);
      applyDocumentLanguage(next);
      setLangState(next);
    };
    // The other language's catalog comes on the first switch (the precache has it offline); the
    // page stays in the current language until it is here, rather than showing untranslated ids.
    if (isCatalogLoaded(next)) apply();
    else loadCatalog(next).then(apply, (error: unknown) => console.warn('language not loaded', error));
  }, []);
  const value = useMemo(() => ({ lang, dir: directionOf(lang), setLang }), [lang, setLang]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageState {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useLanguage needs a LanguageProvider');
  return value;
}
