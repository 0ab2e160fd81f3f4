import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import * as z from 'zod/mini';
import { localKeys } from '../../shared/storage-names.ts';
import { readLocal, writeLocal } from '../storage/local.ts';

export const languages = ['en', 'fr'] as const;
export type Lang = (typeof languages)[number];
const langSchema = z.enum(languages);

/** A feature's texts in both languages; `fr` is typed by `en`, so a missing text fails the build. */
export type Catalogue<M> = Record<Lang, M>;

export function preferredLanguage(): Lang {
  const stored = readLocal(localKeys.language, langSchema);
  if (stored) return stored;
  const prefs = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language];
  for (const p of prefs) {
    if (p.toLowerCase().startsWith('fr')) return 'fr';
    if (p.toLowerCase().startsWith('en')) return 'en';
  }
  return 'en';
}

interface LanguageContext {
  lang: Lang;
  /** BCP 47 locale for Intl formatting: en-CA or fr-CA. */
  locale: 'en-CA' | 'fr-CA';
  setLang: (lang: Lang) => void;
}

const Context = createContext<LanguageContext | null>(null);

export function LanguageProvider({ children, initial }: { children: ReactNode; initial?: Lang }) {
  const [lang, setLangState] = useState<Lang>(() => initial ?? preferredLanguage());
  const setLang = useCallback((next: Lang) => {
    setLangState(next);
    writeLocal(localKeys.language, next);
  }, []);
  useEffect(() => {
    document.documentElement.lang = lang === 'fr' ? 'fr-CA' : 'en-CA';
  }, [lang]);
  const value = useMemo<LanguageContext>(() => ({ lang, locale: lang === 'fr' ? 'fr-CA' : 'en-CA', setLang }), [lang, setLang]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useLanguage(): LanguageContext {
  const ctx = useContext(Context);
  if (!ctx) throw new Error('useLanguage outside LanguageProvider');
  return ctx;
}

export function useCatalogue<M>(catalogue: Catalogue<M>): M {
  return catalogue[useLanguage().lang];
}
