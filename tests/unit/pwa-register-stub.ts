/** vite-plugin-pwa's virtual module, which only a build provides: a registration that registers nothing. */
export function registerSW(): (reload?: boolean) => Promise<void> {
  return async () => undefined;
}
