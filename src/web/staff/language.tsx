import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { staffCatalogue, type StaffLanguage, type StaffCatalogue } from './i18n.ts';

/** The console's own key: staff may read the public site in another language on the same device. */
const storageKey = 'staff-console-language';

function initialLanguage(): StaffLanguage {
  try {
    const saved = localStorage.getItem(storageKey);
    if (saved === 'en' || saved === 'fr') return saved;
  } catch {
    // Storage refused (private mode): the browser's language decides.
  }
  return (navigator.language ?? '').toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

interface LanguageValue {
  lang: StaffLanguage;
  m: StaffCatalogue;
  /** 'en-CA' or 'fr-CA', for the shared date and amount formatters. */
  locale: string;
  setLang: (lang: StaffLanguage) => void;
}

const LanguageContext = createContext<LanguageValue | null>(null);

export function StaffLanguageProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<StaffLanguage>(initialLanguage);
  const setLang = useCallback((next: StaffLanguage) => {
    setLangState(next);
    try {
      localStorage.setItem(storageKey, next);
    } catch {
      // Not remembered; the switch still applies to this visit.
    }
  }, []);
  const value = useMemo(() => ({ lang, m: staffCatalogue[lang], locale: staffCatalogue[lang].locale, setLang }), [lang, setLang]);
  useEffect(() => {
    document.documentElement.lang = value.locale;
  }, [value.locale]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useStaffLanguage(): LanguageValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useStaffLanguage outside StaffLanguageProvider');
  return value;
}
